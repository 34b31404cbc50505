package projectcanvas

import (
	"slices"
	"sort"
	"strings"
)

// setFields applies input data to a draft, field by field, in a stable
// order so that the first error reported does not depend on map order.
// Status is handled by setStatus, archived by setArchived.
func (cs *changeset) setFields(d *draft, data map[string]any) error {
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		if err := cs.setField(d, key, data[key]); err != nil {
			return err
		}
	}
	return nil
}

func (cs *changeset) setField(d *draft, key string, v any) error {
	spec, ok := schemaField(d.e.Type, key)
	switch {
	case !ok:
		return badField(key, "a %s has no field %q (see get_schema)", d.e.Type, key).With("allowed", fieldNames(d.e.Type))
	case spec.ReadOnly:
		if cur, _ := d.e.Value(key); v == cur || key == "type" && v == string(d.e.Type) {
			return nil // echoing the current value back is harmless
		}
		return badField(key, "is set by the project and cannot be changed")
	case key == "archived":
		b, err := normalizeValue(spec, v)
		if err != nil {
			return err
		}
		cs.setArchived(d, b.(bool))
		return nil
	case key == "parent":
		return cs.setParent(d, v)
	case v == nil:
		if spec.Required {
			return Errorf(CodeMissingField, "%s is required for a %s", key, d.e.Type).With("field", key)
		}
		return cs.clearField(d, spec)
	}
	if r, isRel := relationByField(key); isRel {
		raw, err := asStrings(key, v)
		if err != nil {
			return err
		}
		ids, err := cs.parseIDs(d.e, r, raw)
		if err != nil {
			return err
		}
		return cs.setLinks(d, r, ids)
	}
	val, err := normalizeValue(spec, v)
	if err != nil {
		return err
	}
	switch key {
	case "title":
		s := val.(string)
		if s == "" {
			return Errorf(CodeMissingField, "title must not be empty").With("field", key)
		}
		d.e.Title = s
	case "workstream":
		d.e.Workstream = val.(string)
	case "priority":
		d.e.Priority = Priority(val.(string))
	default:
		if list, ok := val.([]string); ok && len(list) == 0 {
			return cs.clearField(d, spec)
		}
		if d.e.Fields == nil {
			d.e.Fields = map[string]any{}
		}
		d.e.Fields[key] = val
	}
	d.touch(key)
	return nil
}

func fieldNames(t Type) []string {
	var out []string
	for _, f := range schemas[t].Fields {
		if !f.ReadOnly {
			out = append(out, f.Name)
		}
	}
	return out
}

func (cs *changeset) clearField(d *draft, spec FieldSpec) error {
	switch spec.Name {
	case "workstream":
		d.e.Workstream = ""
	case "priority":
		d.e.Priority = ""
	default:
		if r, isRel := relationByField(spec.Name); isRel {
			return cs.setLinks(d, r, nil)
		}
		delete(d.e.Fields, spec.Name)
	}
	d.touch(spec.Name)
	return nil
}

// setParent checks and sets the parent of a story or task.
func (cs *changeset) setParent(d *draft, v any) error {
	want := d.e.Type.ParentType()
	if want == "" {
		if v == nil || v == "" {
			return nil
		}
		return badField("parent", "a %s has no parent; only stories (under milestones) and tasks (under stories) do", d.e.Type)
	}
	s, err := asString("parent", v)
	if v != nil && err != nil {
		return err
	}
	if strings.TrimSpace(s) == "" {
		return Errorf(CodeOrphan, "a %s needs a parent %s", d.e.Type, want).With("field", "parent")
	}
	id, t, _, err := ParseID(linkTarget(s))
	if err != nil {
		return badField("parent", "%s", err.(*Error).Message)
	}
	if cs.lookup(id) == nil {
		return Errorf(CodeNotFound, "parent: no entity with id %s", id).With("field", "parent").With("id", id)
	}
	if t != want {
		return Errorf(CodeInvalidArgument, "parent of a %s must be a %s, and %s is a %s", d.e.Type, want, id, t).With("field", "parent")
	}
	if d.e.Parent != id {
		d.e.Parent = id
		d.touch("parent")
	}
	return nil
}

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
		id, _, _, err := ParseID(linkTarget(s))
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

// setArchived moves the entity's file under archive/ or back.
func (cs *changeset) setArchived(d *draft, archived bool) {
	if d.e.Archived == archived {
		return
	}
	d.e.Archived = archived
	d.touch("archived")
	if d.newPath != "" { // a create sets the path once all its fields are in
		d.newPath = cs.p.archivePath(&Entity{Type: d.e.Type, Path: d.newPath}, archived)
		d.e.Path = d.newPath // where the file will be, for the rest of the transaction
	}
}
