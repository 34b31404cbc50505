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
	cs.cascaded = nil
	if err := cs.archive(d, true, cascade, force); err != nil {
		return nil, err
	}
	out := []*Entity{d.e}
	for _, id := range cs.cascaded {
		out = append(out, cs.lookup(id))
	}
	return out, nil
}

// archive archives (or restores) a staged entity. Archiving one with live
// descendants is refused with orphan, naming them, unless cascade archives
// them in the same write (listed in cs.cascaded) or force archives it alone.
func (cs *changeset) archive(d *draft, archived, cascade, force bool) error {
	if !archived || d.e.Archived {
		cs.setArchived(d, archived)
		return nil
	}
	id := d.e.ID
	open := cs.liveDescendants(id)
	if len(open) > 0 && !cascade && !force {
		return Errorf(CodeOrphan, "%s has %d child(ren) that are not archived (%s); pass cascade to archive them too, or force to archive it alone",
			id, len(open), joinIDs(open, 5)).With("id", id).With("children", open)
	}
	cs.setArchived(d, true)
	if cascade {
		for _, kid := range open {
			kd, err := cs.stage(kid)
			if err != nil {
				return err
			}
			cs.setArchived(kd, true)
			cs.cascaded = append(cs.cascaded, kid)
		}
	}
	return nil
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
