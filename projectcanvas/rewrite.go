package projectcanvas

import (
	"bytes"
	"maps"
	"slices"
	"strings"

	"github.com/projectcanvas/projectcanvas/frontmatter"
)

// RewriteEntities passes the content of every entity file, in the order of
// their paths (a file holding an id another file holds too included), to
// rewrite, and writes what it returns in one journaled write; with apply
// false it writes nothing, and reports what it would refuse. rewrite
// returns data itself to leave a file as it is, or an error to refuse it
// (its message is the refusal's reason); it must not keep data.
//
// A file that changed on disk since the index read it is refused, alone,
// as is one over the size limits after its rewrite; so is one that changes
// while the write is made, and the write is then planned again without
// it, calling rewrite again for every other file. This is the write of a
// whole-vault upgrade: the package migrate rewrites notes of the old
// plugin's format with it.
func (p *Project) RewriteEntities(apply bool, rewrite func(e *Entity, data []byte) ([]byte, error)) ([]Refusal, error) {
	var out []Refusal
	err := p.rewriteRetrying(apply, func(tx *Tx, refused map[string]string) error {
		out = out[:0]
		for _, name := range slices.Sorted(maps.Keys(refused)) {
			out = append(out, Refusal{File: name, Reason: refused[name]})
		}
		for _, e := range p.sortedEntityFiles() {
			if refused[e.Path] != "" {
				continue
			}
			data, err := p.fs.ReadFile(e.Path)
			if err != nil || !e.readFrom(data) {
				out = append(out, Refusal{File: e.Path, Reason: changedReason})
				continue
			}
			next, err := rewrite(e, data)
			if err == nil {
				body, _ := frontmatter.BodyOf(next)
				err = checkFileSize(e.ID, next, body)
			}
			if err != nil {
				out = append(out, Refusal{File: e.Path, Reason: AsError(err).Message})
				continue
			}
			if !bytes.Equal(next, data) {
				tx.cs.rewrites = append(tx.cs.rewrites, fileRewrite{from: e.Path, to: e.Path, old: data, data: next})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// sortedEntityFiles is every entity file by path, those whose id another
// file holds too included.
func (p *Project) sortedEntityFiles() []*Entity {
	held, dups := p.entityFiles()
	files := append(slices.Clone(held), dups...)
	slices.SortFunc(files, func(a, b *Entity) int { return strings.Compare(a.Path, b.Path) })
	return files
}
