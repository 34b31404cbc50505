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
	body := strings.TrimLeft(string(raw), "\r\n")
	if first, rest, _ := strings.Cut(body, "\n"); strings.TrimSpace(first) == "# "+e.Title {
		body = rest
	}
	return strings.TrimSpace(body), nil
}
