package projectcanvas

// Archive archives the entity with the given id, moving its file under
// archive/. An entity with children that are not archived is refused with
// orphan, since they would lose their parent from view, unless cascade
// (archive the descendants too) or force (archive it alone) is set. It
// returns the archived entities, the given one first.
func (tx *Tx) Archive(rawID string, cascade, force bool) ([]*Entity, error) {
	cs := tx.cs
	d, err := cs.stageRaw(rawID)
	if err != nil {
		return nil, err
	}
	id := d.e.ID
	open := cs.liveDescendants(id)
	if len(open) > 0 && !cascade && !force {
		return nil, Errorf(CodeOrphan, "%s has %d child(ren) that are not archived (%s); pass cascade to archive them too, or force to archive it alone",
			id, len(open), joinIDs(open, 5)).With("id", id).With("children", open)
	}
	cs.setArchived(d, true)
	out := []*Entity{d.e}
	if cascade {
		for _, kid := range open {
			kd, err := cs.stage(kid)
			if err != nil {
				return nil, err
			}
			cs.setArchived(kd, true)
			out = append(out, kd.e)
		}
	}
	return out, nil
}

// liveDescendants lists the descendants of id that are not archived.
func (cs *changeset) liveDescendants(id ID) []ID {
	var out []ID
	for _, k := range cs.children(id) {
		if !cs.lookup(k).Archived {
			out = append(out, k)
		}
		out = append(out, cs.liveDescendants(k)...)
	}
	return out
}

// String returns the id as text.
func (id ID) String() string { return string(id) }
