package reconcile

import "slices"

// Apply returns a copy of entities with the fixes applied, as the project's
// write would leave the files. It lets a caller preview a plan, and it is
// how the tests check that Plan is idempotent.
func Apply(entities []Entity, fixes []Fix) []Entity {
	out := make([]Entity, len(entities))
	at := make(map[string]int, len(entities))
	for i, e := range entities {
		out[i] = clone(e)
		if _, dup := at[e.ID]; !dup {
			at[e.ID] = i
		}
	}
	for _, f := range fixes {
		i, ok := at[f.Entity]
		if !ok {
			continue
		}
		e := &out[i]
		switch f.Kind {
		case AddInverse:
			if !slices.Contains(e.Links[f.Field], f.ID) {
				e.Links[f.Field] = append(e.Links[f.Field], f.ID)
			}
		case DropDangling, DropSelf:
			e.Links[f.Field] = slices.DeleteFunc(e.Links[f.Field], func(id string) bool { return id == f.ID })
		case RepairParent:
			e.Parent, e.ParentList = f.ID, nil
		}
	}
	return out
}

func clone(e Entity) Entity {
	c := e
	c.ParentList = slices.Clone(e.ParentList)
	c.Children = slices.Clone(e.Children)
	c.Links = make(map[string][]string, len(e.Links))
	for k, v := range e.Links {
		c.Links[k] = slices.Clone(v)
	}
	return c
}
