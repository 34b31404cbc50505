package projectcanvas

import (
	"slices"
)

// setStatus moves a draft to a new status, enforcing the transition rules.
// Completing a milestone or story with unfinished descendants is refused
// unless cascade is set, which completes them too. Starting a story or task
// starts its parent (and grandparent) if they had not started.
func (cs *changeset) setStatus(d *draft, raw string, cascade bool) error {
	to, err := ParseStatus(d.e.Type, raw)
	if err != nil {
		return err
	}
	from := d.e.Status
	if from == to {
		return nil
	}
	if err := checkTransition(d.e.Type, d.e.ID, from, to); err != nil {
		return err
	}
	if d.e.Type.Hierarchical() && to == Completed {
		open := cs.unfinishedDescendants(d.e.ID)
		if len(open) > 0 && !cascade {
			return Errorf(CodeInvalidTransition, "%s has %d unfinished descendant(s) (%s); finish them first or pass cascade: true", d.e.ID, len(open), joinIDs(open, 5)).
				With("id", d.e.ID).With("unfinished", open)
		}
		for _, id := range open {
			child, err := cs.stage(id)
			if err != nil {
				return err
			}
			child.e.Status = Completed
			child.touch("status")
			cs.cascaded = append(cs.cascaded, id)
		}
	}
	d.e.Status = to
	d.touch("status")
	if to == InProgress && d.e.Type.Hierarchical() {
		return cs.startAncestors(d.e.Parent)
	}
	return nil
}

// startAncestors moves Not Started ancestors to In Progress.
func (cs *changeset) startAncestors(id ID) error {
	for id != "" {
		parent := cs.lookup(id)
		if parent == nil || parent.Status != NotStarted {
			return nil
		}
		d, err := cs.stage(id)
		if err != nil {
			return err
		}
		d.e.Status = InProgress
		d.touch("status")
		cs.cascaded = append(cs.cascaded, id)
		id = d.e.Parent
	}
	return nil
}

// children lists the current children of id, counting staged changes.
func (cs *changeset) children(id ID) []ID {
	cs.p.mu.RLock()
	kids := slices.Clone(cs.p.idx.children[id])
	cs.p.mu.RUnlock()
	kids = slices.DeleteFunc(kids, func(k ID) bool { return cs.lookup(k).Parent != id })
	have := idSet(kids)
	for _, did := range cs.order {
		if d := cs.drafts[did]; d.e.Parent == id && !have[did] {
			kids = append(kids, did)
		}
	}
	return kids
}

// unfinishedDescendants lists descendants that are neither Completed nor
// Deferred, deepest last.
func (cs *changeset) unfinishedDescendants(id ID) []ID {
	var out []ID
	for _, k := range cs.children(id) {
		e := cs.lookup(k)
		if e.Archived {
			continue
		}
		if e.Status != Completed && e.Status != Deferred {
			out = append(out, k)
		}
		out = append(out, cs.unfinishedDescendants(k)...)
	}
	return out
}

func joinIDs(ids []ID, most int) string {
	s := ""
	for i, id := range ids {
		if i == most {
			return s + ", ..."
		}
		if i > 0 {
			s += ", "
		}
		s += string(id)
	}
	return s
}
