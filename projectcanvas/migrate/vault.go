package migrate

import (
	"maps"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Vault rewrites every entity file written in the old plugin's format
// (see Note) in one journaled write, or, with apply false, reports what it
// would do. A file changed on disk since it was read is refused, alone,
// and reported; the rest is migrated.
func Vault(p *pc.Project, apply bool) (*Report, error) {
	r, err := run(p, apply)
	if err != nil {
		return nil, err
	}
	r.Applied = apply && r.Changed > 0
	return r, nil
}

func run(p *pc.Project, apply bool) (*Report, error) {
	notes := map[string]File{}
	refused, err := p.RewriteEntities(apply, func(e *pc.Entity, data []byte) ([]byte, error) {
		out, cs, err := Note(data)
		delete(notes, e.Path) // read again at a later attempt of the write: this read decides
		if err == nil && len(cs) > 0 {
			notes[e.Path] = File{File: e.Path, Entity: e.ID, Changes: cs}
		}
		return out, err
	})
	if err != nil {
		return nil, err
	}
	r := &Report{Notes: []File{}, ByKind: map[string]int{}, Refused: refused}
	if r.Refused == nil {
		r.Refused = []pc.Refusal{}
	}
	for _, name := range slices.Sorted(maps.Keys(notes)) {
		if slices.ContainsFunc(refused, func(x pc.Refusal) bool { return x.File == name }) {
			continue // refused at a later attempt of the write
		}
		n := notes[name]
		r.Notes = append(r.Notes, n)
		for _, c := range n.Changes {
			r.ByKind[c.Kind]++
		}
		if changes(n.Changes) {
			r.Changed++
		}
	}
	return r, nil
}
