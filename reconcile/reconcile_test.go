package reconcile

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/graph"
)

func ent(id, typ, parent string, links ...string) Entity {
	e := Entity{ID: id, Type: typ, Parent: parent, Links: map[string][]string{}}
	for i := 0; i+1 < len(links); i += 2 {
		e.Links[links[i]] = append(e.Links[links[i]], links[i+1])
	}
	return e
}

func TestPlan(t *testing.T) {
	base := []Entity{
		ent("M-001", graph.Milestone, ""),
		ent("S-001", graph.Story, "M-001"),
		ent("F-001", graph.Feature, ""),
		ent("DOC-001", graph.Document, ""),
		ent("DEC-001", graph.Decision, ""),
	}
	with := func(es ...Entity) []Entity { return append(append([]Entity{}, base...), es...) }
	for _, tc := range []struct {
		name     string
		in       []Entity
		fixes    []Fix
		problems []string // kinds
	}{
		{"consistent", []Entity{
			ent("M-001", graph.Milestone, ""),
			ent("S-001", graph.Story, "M-001"),
			ent("F-001", graph.Feature, "", "implemented_by", "T-001"),
			ent("DEC-001", graph.Decision, "", "affects", "T-001"),
			ent("T-001", graph.Task, "S-001", "implements", "F-001", "decided_by", "DEC-001", "depends_on", "T-002"),
			ent("T-002", graph.Task, "S-001", "blocks", "T-001"),
		}, nil, nil},
		{"each forward side mirrored", with(
			ent("T-001", graph.Task, "S-001", "implements", "F-001", "depends_on", "S-001"),
			ent("DOC-002", graph.Document, "", "documents", "T-001"),
			ent("DEC-002", graph.Decision, "", "affects", "T-001"),
		), []Fix{
			{Kind: AddInverse, Entity: "F-001", Field: "implemented_by", ID: "T-001", Because: "T-001"},
			{Kind: AddInverse, Entity: "S-001", Field: "blocks", ID: "T-001", Because: "T-001"},
			{Kind: AddInverse, Entity: "T-001", Field: "decided_by", ID: "DEC-002", Because: "DEC-002"},
			{Kind: AddInverse, Entity: "T-001", Field: "documented_by", ID: "DOC-002", Because: "DOC-002"},
		}, nil},
		{"inverse side mirrored", with(
			ent("T-001", graph.Task, "S-001", "blocks", "M-001", "documented_by", "DOC-001"),
		), []Fix{
			{Kind: AddInverse, Entity: "DOC-001", Field: "documents", ID: "T-001", Because: "T-001"},
			{Kind: AddInverse, Entity: "M-001", Field: "depends_on", ID: "T-001", Because: "T-001"},
		}, nil},
		{"dangling and self dropped", with(
			ent("T-001", graph.Task, "S-001", "depends_on", "T-404", "depends_on", "T-001", "implements", "F-404"),
		), []Fix{
			{Kind: DropSelf, Entity: "T-001", Field: "depends_on", ID: "T-001"},
			{Kind: DropDangling, Entity: "T-001", Field: "depends_on", ID: "T-404"},
			{Kind: DropDangling, Entity: "T-001", Field: "implements", ID: "F-404"},
		}, nil},
		{"forbidden types reported, not mirrored", with(
			ent("T-001", graph.Task, "S-001", "implements", "DOC-001", "documents", "M-001"),
		), nil, []string{TypeMismatch, TypeMismatch}},
		{"parent list repaired to its first valid entry", with(
			Entity{ID: "T-001", Type: graph.Task, ParentList: []string{"M-001", "S-404", "S-001"}},
		), []Fix{{Kind: RepairParent, Entity: "T-001", Field: "parent", ID: "S-001"}}, nil},
		{"parent list with nothing valid reported", with(
			Entity{ID: "T-001", Type: graph.Task, ParentList: []string{"M-001"}},
		), nil, []string{ParentType}},
		{"orphan named by a children list gets its parent", with(
			Entity{ID: "S-002", Type: graph.Story, Children: []string{"T-001"}},
			ent("T-001", graph.Task, ""),
		), []Fix{{Kind: RepairParent, Entity: "T-001", Field: "parent", ID: "S-002", Because: "S-002"}}, []string{ParentMissing}},
		{"parent problems", with(
			ent("T-001", graph.Task, "M-001"),
			ent("T-002", graph.Task, "S-404"),
			ent("F-002", graph.Feature, "M-001"),
		), nil, []string{ParentType, ParentType, ParentDangling}},
		{"dependency fixes on a cycle are held", with(
			ent("T-001", graph.Task, "S-001", "depends_on", "T-002"),
			ent("T-002", graph.Task, "S-001", "blocks", "T-001", "depends_on", "T-001"),
		), nil, []string{Cycle}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Plan(tc.in)
			if tc.fixes == nil {
				tc.fixes = []Fix{}
			}
			assert.Equal(t, tc.fixes, res.Fixes)
			var kinds []string
			for _, p := range res.Problems {
				kinds = append(kinds, p.Kind)
				assert.NotEmpty(t, p.Field, "%+v", p)
				assert.NotEmpty(t, p.Message, "%+v", p)
			}
			assert.Equal(t, tc.problems, kinds, "%+v", res.Problems)
			again := Plan(Apply(tc.in, res.Fixes))
			assert.Empty(t, again.Fixes, "a second run finds nothing")
		})
	}
}

func TestCycleHoldsFixes(t *testing.T) {
	in := []Entity{
		ent("T-001", graph.Task, "", "depends_on", "T-002"),
		ent("T-002", graph.Task, "", "depends_on", "T-001"),
	}
	res := Plan(in)
	assert.Empty(t, res.Fixes)
	assert.Len(t, res.Held, 2)
	require.Len(t, res.Problems, 3) // two missing parents and the cycle
	c := res.Problems[0]
	assert.Equal(t, Cycle, c.Kind)
	assert.Equal(t, []string{"T-001", "T-002", "T-001"}, c.IDs)
}

func TestDuplicateIDReported(t *testing.T) {
	res := Plan([]Entity{ent("F-001", graph.Feature, ""), ent("F-001", graph.Feature, "")})
	require.Len(t, res.Problems, 1)
	assert.Equal(t, DuplicateEntity, res.Problems[0].Kind)
}

// randomProject makes a project whose files were edited carelessly: links
// on one side only, ids that name nothing, self links, forbidden types,
// parents as lists, parents of the wrong type.
func randomProject(rng *rand.Rand, n int) []Entity {
	types := []string{graph.Milestone, graph.Story, graph.Task, graph.Decision, graph.Document, graph.Feature}
	es := make([]Entity, n)
	for i := range es {
		typ := types[rng.IntN(len(types))]
		es[i] = Entity{ID: fmt.Sprintf("%s-%03d", typ[:1], i), Type: typ, Links: map[string][]string{}}
	}
	id := func() string {
		if rng.IntN(10) == 0 {
			return fmt.Sprintf("X-%03d", rng.IntN(n+5))
		}
		return es[rng.IntN(n)].ID
	}
	fields := graph.Fields()
	for i := range es {
		e := &es[i]
		for range rng.IntN(4) {
			f := fields[rng.IntN(len(fields))]
			e.Links[f] = append(e.Links[f], id())
		}
		switch rng.IntN(5) {
		case 0:
			e.ParentList = []string{id(), id()}
		case 1, 2:
			e.Parent = id()
		}
		if rng.IntN(4) == 0 {
			e.Children = []string{id()}
		}
	}
	return es
}

func TestPlanIdempotentOnRandomProjects(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for range 200 {
		in := randomProject(rng, 1+rng.IntN(60))
		res := Plan(in)
		out := Apply(in, res.Fixes)
		again := Plan(out)
		require.Empty(t, again.Fixes, "fixes after applying %v", res.Fixes)
		assert.Equal(t, res.Held, again.Held)
		// every link left is mirrored, unless forbidden or held on a cycle
		held := map[Fix]bool{}
		for _, f := range again.Held {
			held[f] = true
		}
		at := map[string]*Entity{}
		for i := range out {
			at[out[i].ID] = &out[i]
		}
		for _, e := range out {
			for f, ids := range e.Links {
				inv, _ := graph.Inverse(f)
				for _, id := range ids {
					o := at[id]
					require.NotNil(t, o, "dangling %s left in %s.%s", id, e.ID, f)
					require.NotEqual(t, e.ID, id)
					if graph.Allows(f, e.Type, o.Type) && !held[Fix{Kind: AddInverse, Entity: o.ID, Field: inv, ID: e.ID, Because: e.ID}] {
						require.Contains(t, o.Links[inv], e.ID, "%s.%s holds %s", e.ID, f, id)
					}
				}
			}
		}
	}
}

func BenchmarkPlan10k(b *testing.B) {
	in := randomProject(rand.New(rand.NewPCG(1, 1)), 10_000)
	b.ReportAllocs()
	for b.Loop() {
		Plan(in)
	}
}

// realisticProject is a 10,000-entity vault as people keep one: 10
// milestones of 100 stories of 9 tasks, features, documents and decisions,
// dependencies, one link in five written on one side only.
func realisticProject(rng *rand.Rand) []Entity {
	var es []Entity
	add := func(e Entity) *Entity { es = append(es, e); return &es[len(es)-1] }
	link := func(from *Entity, field, to string) {
		from.Links[field] = append(from.Links[field], to)
	}
	for m := range 10 {
		add(ent(fmt.Sprintf("M-%03d", m), graph.Milestone, ""))
		for s := range 100 {
			sid := fmt.Sprintf("S-%04d", m*100+s)
			add(ent(sid, graph.Story, fmt.Sprintf("M-%03d", m)))
			for t := range 9 {
				add(ent(fmt.Sprintf("T-%05d", (m*100+s)*9+t), graph.Task, sid))
			}
		}
	}
	for f := range 90 {
		add(ent(fmt.Sprintf("F-%03d", f), graph.Feature, ""))
	}
	for range 5000 {
		a, b := &es[rng.IntN(len(es))], &es[rng.IntN(len(es))]
		if a.Type == graph.Feature || b.Type == graph.Feature || a == b {
			continue
		}
		link(a, "depends_on", b.ID)
		if rng.IntN(5) > 0 {
			link(b, "blocks", a.ID)
		}
	}
	return es
}

func BenchmarkPlanRealistic10k(b *testing.B) {
	in := realisticProject(rand.New(rand.NewPCG(1, 1)))
	b.ReportMetric(float64(len(in)), "entities")
	b.ReportAllocs()
	for b.Loop() {
		Plan(in)
	}
}
