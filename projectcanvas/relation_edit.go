package projectcanvas

import (
	"slices"
	"strings"

	"github.com/projectcanvas/projectcanvas/graph"
)

// The write path of relations, beside their table in relation.go: setting,
// adding and removing links keeps both sides of each pair in step, ids are
// checked against the index and the pair's allowed types, and a change that
// would close a dependency cycle is refused with the cycle's path.

// setLinks replaces relation r of the draft with ids and mirrors every
// added and removed id on the other entity's inverse side.
func (cs *changeset) setLinks(d *draft, r Relation, ids []ID) error {
	old := slices.Clone(d.e.Links[r])
	inNew, inOld := idSet(ids), idSet(old)
	for _, id := range old {
		if !inNew[id] {
			other, err := cs.stage(id)
			if err != nil {
				if ErrorCode(err) != CodeNotFound {
					return err
				}
			} else {
				other.unlink(r.Inverse(), d.e.ID)
			}
		}
	}
	for _, id := range ids {
		if inOld[id] {
			continue
		}
		other, err := cs.stage(id)
		if err != nil {
			return err
		}
		other.link(r.Inverse(), d.e.ID)
	}
	if !slices.Equal(old, ids) {
		d.e.Links[r] = ids
		d.touch(r.Field())
		if r == DependsOn || r == Blocks {
			cs.depChanged = append(cs.depChanged, d.e.ID)
		}
	}
	return nil
}

// addLinks and removeLinks change a relation by difference.
func (cs *changeset) addLinks(d *draft, r Relation, raw []string) error {
	ids, err := cs.parseIDs(d.e, r, raw)
	if err != nil {
		return err
	}
	merged := slices.Clone(d.e.Links[r])
	have := idSet(merged)
	for _, id := range ids {
		if !have[id] {
			have[id] = true
			merged = append(merged, id)
		}
	}
	if err := checkListLen(r.Field(), len(merged)); err != nil {
		return err
	}
	return cs.setLinks(d, r, merged)
}

func (cs *changeset) removeLinks(d *draft, r Relation, raw []string) error {
	if err := checkListLen(r.Field(), len(raw)); err != nil {
		return err
	}
	drop := make(map[ID]bool, len(raw))
	for _, s := range raw {
		id, _, _, err := ParseID(LinkTarget(s))
		if err != nil {
			return badField(r.Field(), "%s", err.(*Error).Message)
		}
		drop[id] = true
	}
	kept := slices.DeleteFunc(slices.Clone(d.e.Links[r]), func(x ID) bool { return drop[x] })
	return cs.setLinks(d, r, kept)
}

// idSet returns the ids as a set, for membership tests in long lists.
func idSet(ids []ID) map[ID]bool {
	set := make(map[ID]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return set
}

// editLinks applies add_to or remove_from: relation field -> ids.
func (cs *changeset) editLinks(d *draft, edits map[string][]string, edit func(*draft, Relation, []string) error) error {
	fields := make([]string, 0, len(edits))
	for f := range edits {
		fields = append(fields, f)
	}
	slices.Sort(fields)
	for _, f := range fields {
		r, ok := relationByField(f)
		if !ok {
			names := make([]string, len(Relations))
			for i, r := range Relations {
				names[i] = r.Field()
			}
			return badField(f, "is not a relation field (want one of %s)", strings.Join(names, ", "))
		}
		if err := edit(d, r, edits[f]); err != nil {
			return err
		}
	}
	return nil
}

// parseIDs checks a list of id references: well formed, existing, of an
// allowed type, not the entity itself, no repeats.
func (cs *changeset) parseIDs(self *Entity, r Relation, raw []string) ([]ID, error) {
	field := r.Field()
	if err := checkListLen(field, len(raw)); err != nil {
		return nil, err
	}
	out := make([]ID, 0, len(raw))
	seen := make(map[ID]bool, len(raw))
	for _, s := range raw {
		id, t, _, err := ParseID(LinkTarget(s))
		if err != nil {
			return nil, badField(field, "%s", err.(*Error).Message)
		}
		if id == self.ID {
			if r == DependsOn || r == Blocks {
				return nil, Errorf(CodeCycle, "%s cannot depend on itself", id).With("field", field).With("cycle", []ID{id, id})
			}
			return nil, badField(field, "%s cannot refer to itself", id)
		}
		if cs.lookup(id) == nil {
			return nil, Errorf(CodeNotFound, "%s: no entity with id %s", field, id).With("field", field).With("id", id)
		}
		if !r.allowed(self.Type, t) {
			return nil, badField(field, "a %s cannot link to a %s (%s)", self.Type, t, r.rule())
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

// checkCycles fails when the depends_on links changed since the last check
// form a cycle, naming the cycle. Each operation checks its own changes,
// so in a batch the operation that closes a cycle is the one refused.
func (cs *changeset) checkCycles() error {
	changed := cs.depChanged
	cs.depChanged = nil
	for _, id := range changed {
		if cycle := cs.findCycle(id); cycle != nil {
			return Errorf(CodeCycle, "dependency cycle: %s", joinPath(cycle)).With("cycle", cycle)
		}
	}
	return nil
}

// findCycle returns a depends_on cycle through start, or nil.
func (cs *changeset) findCycle(start ID) []ID {
	return graph.CycleThrough(start, func(id ID) []ID {
		if e := cs.lookup(id); e != nil {
			return e.Links[DependsOn]
		}
		return nil
	})
}

func joinPath(ids []ID) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += " -> "
		}
		s += string(id)
	}
	return s
}
