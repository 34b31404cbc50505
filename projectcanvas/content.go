package projectcanvas

import (
	"strings"

	"github.com/projectcanvas/projectcanvas/frontmatter"
)

// Content returns the markdown body of an entity's file, without its
// leading "# Title" heading.
func (p *Project) Content(id ID) (string, error) {
	e, err := p.Get(string(id))
	if err != nil {
		return "", err
	}
	data, err := p.fs.ReadFile(e.Path)
	if err != nil {
		return "", Errorf(CodeConflict, "reading %s: %v", e.Path, err).With("id", id)
	}
	raw, err := frontmatter.BodyOf(data)
	if err != nil {
		return "", Errorf(CodeConflict, "%s: %v", e.Path, err).With("id", id)
	}
	return contentOf(e, raw), nil
}

// WithBodies keeps the body of every entity Open reads, for a caller that
// reads every entity's content once next (the status site): TakeContent
// then gives each without reading its file a second time. Each body
// keeps its file's bytes until taken: 3.5 MB for the 10,000 entity files
// of a vault of projectcanvas gen.
func WithBodies() Option { return func(p *Project) { p.keepBodies = true } }

// TakeContent is Content from the body Open read (WithBodies), the one
// that goes with the entity's fields, given once and then let go. For an
// entity written or read again since Open, a body already taken, or a
// project opened without WithBodies, it reads the file, as Content does.
func (p *Project) TakeContent(id ID) (string, error) {
	e, err := p.Get(string(id))
	if err != nil {
		return "", err
	}
	p.bodyMu.Lock()
	raw, kept := p.bodies[e] // by the entity read: a later read or write makes another
	delete(p.bodies, e)
	p.bodyMu.Unlock()
	if !kept {
		return p.Content(id)
	}
	return contentOf(e, raw), nil
}

// contentOf is the content of e's body raw: without the blank lines and
// the "# Title" heading that lead it, trimmed.
func contentOf(e *Entity, raw []byte) string {
	body := strings.TrimLeft(string(raw), "\r\n")
	if first, rest, _ := strings.Cut(body, "\n"); strings.TrimSpace(first) == "# "+e.Title {
		body = rest
	}
	return strings.TrimSpace(body)
}
