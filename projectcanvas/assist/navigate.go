package assist

import (
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// The eight navigate-to-* commands.
const (
	NavParent        = "parent"
	NavChildren      = "children"
	NavDependencies  = "dependencies"
	NavDependents    = "dependents"
	NavDocuments     = "documents"
	NavDecisions     = "decisions"
	NavFeatures      = "features"
	NavImplementedBy = "implemented-by"
)

// Navigate returns where a navigate-to-* command goes from e, in id order.
// Both sides of a pair count, so a link written on one side only is still
// followed: navigate-to-documents from a task finds the documents in its
// documented_by and those whose documents name it. children lists the
// children of an id (Project.Children); lookup finds an entity by id
// (Project.Get) for the inverse sides. An unknown kind gives nothing.
func Navigate(kind string, e *pc.Entity, all []*pc.Entity, children func(pc.ID) []pc.ID) []pc.ID {
	var out []pc.ID
	add := func(ids ...pc.ID) { out = append(out, ids...) }
	// others adds the entities whose relation r names e.
	others := func(r pc.Relation) {
		for _, o := range all {
			if slices.Contains(o.Links[r], e.ID) {
				add(o.ID)
			}
		}
	}
	switch kind {
	case NavParent:
		if e.Parent != "" {
			add(e.Parent)
		}
	case NavChildren:
		add(children(e.ID)...)
	case NavDependencies:
		add(e.Links[pc.DependsOn]...)
		others(pc.Blocks)
	case NavDependents:
		add(e.Links[pc.Blocks]...)
		others(pc.DependsOn)
	case NavDocuments:
		add(e.Links[pc.DocumentedBy]...)
		add(e.Links[pc.Documents]...)
		others(pc.Documents)
		others(pc.DocumentedBy)
	case NavDecisions:
		add(e.Links[pc.DecidedBy]...)
		add(e.Links[pc.Affects]...)
		others(pc.Affects)
		others(pc.DecidedBy)
	case NavFeatures:
		add(e.Links[pc.Implements]...)
		add(e.Links[pc.ImplementedBy]...)
		others(pc.ImplementedBy)
		others(pc.Implements)
	case NavImplementedBy:
		if e.Type == pc.Feature {
			add(e.Links[pc.ImplementedBy]...)
			others(pc.Implements)
		}
	}
	slices.SortFunc(out, pc.CompareIDs)
	return slices.Compact(out)
}
