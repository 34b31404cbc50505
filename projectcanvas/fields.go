package projectcanvas

import (
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
	id, t, _, err := ParseID(LinkTarget(s))
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
