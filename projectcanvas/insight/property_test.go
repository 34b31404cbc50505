package insight_test

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/graph"
	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// TestReadyAndCriticalPathProperties checks ready and the critical path on
// generated projects, as generated and tangled by hand edits (cycles,
// dangling ids, archived work, held stories), against the project's
// navigation rule (Graph.Neighbours) as the oracle.
func TestReadyAndCriticalPathProperties(t *testing.T) {
	for _, n := range []int{60, 400, 2000} {
		p, err := pc.Open(memfs.New(vaultgen.Files(n)))
		require.NoError(t, err)
		for seed := range uint64(3) {
			t.Run(fmt.Sprintf("%d/%d", n, seed), func(t *testing.T) {
				all := p.All()
				if seed > 0 {
					all = tangle(all, seed)
				}
				a := insight.Analyze(all, insight.AnalysisOptions{Now: goldenNow, Ready: true, Critical: true})
				o := oracle{g: pc.NewGraph(all)}
				checkReady(t, o, a.Ready)
				checkCriticalPath(t, o, a)
			})
		}
	}
}

// tangle copies the entities with the faults a hand edit or a merge leaves.
func tangle(all []*pc.Entity, seed uint64) []*pc.Entity {
	r := rand.New(rand.NewPCG(seed, 99))
	out := make([]*pc.Entity, len(all))
	byID := map[pc.ID]*pc.Entity{}
	var tasks []pc.ID
	for i, e := range all {
		c := *e
		c.Links[pc.DependsOn] = slices.Clone(e.Links[pc.DependsOn])
		out[i], byID[c.ID] = &c, &c
		if c.Type == pc.Task {
			tasks = append(tasks, c.ID)
		}
	}
	for _, e := range out {
		deps := e.Links[pc.DependsOn]
		switch k := r.IntN(100); {
		case k < 4 && len(deps) > 0: // a two-entity cycle
			d := byID[deps[0]]
			d.Links[pc.DependsOn] = append(d.Links[pc.DependsOn], e.ID)
		case k < 5 && e.Type == pc.Task: // waiting for its own story
			e.Links[pc.DependsOn] = append(deps, e.Parent)
		case k < 6 && e.Type == pc.Task:
			e.Links[pc.DependsOn] = append(deps, tasks[r.IntN(len(tasks))])
		case k < 7 && e.Type == pc.Task:
			e.Links[pc.DependsOn] = append(e.Links[pc.DependsOn], "T-99999")
		case k < 8:
			e.Archived = true
		case k < 10 && e.Type == pc.Story:
			e.Status = pc.Deferred
		case k < 12 && e.Type == pc.Task:
			e.Parent = "S-9999"
		}
	}
	return out
}

type oracle struct{ g *pc.Graph }

func completed(s pc.Status) bool {
	return s == pc.Completed || s == pc.Complete || s == pc.Decided || s == pc.Approved
}

func open(e *pc.Entity) bool { return e.Type.Hierarchical() && !e.Archived && !e.Status.Finished() }

// ready is the rule of ready, written again from its definition.
func (o oracle) ready(e *pc.Entity) bool {
	if e.Archived || e.Status.Finished() || e.Status == pc.Blocked || e.Status == pc.InProgress {
		return false // started, done or held: not work that can start
	}
	switch e.Type {
	case pc.Task:
	case pc.Story:
		for _, id := range o.g.Neighbours(e, pc.ToChildren) {
			if c := o.g.Entity(id); c.Type == pc.Task && !c.Archived {
				return false
			}
		}
	default:
		return false
	}
	for _, id := range e.Links[pc.DependsOn] {
		if o.g.Entity(id) == nil {
			return false // dangling
		}
	}
	for _, id := range o.g.Neighbours(e, pc.ToDependencies) {
		if !completed(o.g.Entity(id).Status) {
			return false
		}
	}
	for p, n := o.g.Entity(e.Parent), 0; p != nil && n < 8; p, n = o.g.Entity(p.Parent), n+1 {
		if p.Status == pc.Blocked || p.Status == pc.Deferred {
			return false
		}
	}
	return true
}

func (o oracle) unblocks(e *pc.Entity) int {
	return len(graph.Reach(e.ID, func(id pc.ID) []pc.ID {
		return slices.DeleteFunc(o.g.Neighbours(o.g.Entity(id), pc.ToDependents), func(w pc.ID) bool {
			d := o.g.Entity(w)
			return d.Archived || d.Status.Finished()
		})
	}))
}

func rank(p *pc.Priority) int {
	if p == nil {
		return 10
	}
	return int((*p)[1] - '0')
}

func checkReady(t *testing.T, o oracle, items []insight.ReadyItem) {
	got := map[pc.ID]bool{}
	for k, r := range items {
		e := o.g.Entity(r.ID)
		got[r.ID] = true
		for _, id := range o.g.Neighbours(e, pc.ToDependencies) {
			assert.True(t, completed(o.g.Entity(id).Status), "%s is ready with %s unfinished", r.ID, id)
		}
		assert.Equal(t, o.unblocks(e), r.Unblocks, "unblocks of %s", r.ID)
		if k > 0 {
			prev := items[k-1]
			order := cmp.Or(cmp.Compare(rank(prev.Priority), rank(r.Priority)), cmp.Compare(r.Unblocks, prev.Unblocks), pc.CompareIDs(prev.ID, r.ID))
			assert.Negative(t, order, "%s before %s", prev.ID, r.ID)
		}
	}
	for _, e := range o.g.All() {
		assert.Equal(t, o.ready(e), got[e.ID], "%s ready", e.ID)
	}
}

// waitsFor lists what an open entity waits for: its open dependencies and
// children.
func (o oracle) waitsFor(e *pc.Entity) []pc.ID {
	var out []pc.ID
	for _, d := range []pc.Direction{pc.ToDependencies, pc.ToChildren} {
		for _, id := range o.g.Neighbours(e, d) {
			if open(o.g.Entity(id)) {
				out = append(out, id)
			}
		}
	}
	return out
}

func checkCriticalPath(t *testing.T, o oracle, a insight.Analysis) {
	skip := map[pc.ID]bool{}
	for _, p := range a.Problems {
		if p.Type == insight.RiskCycle {
			for _, id := range p.Entities {
				skip[id] = true
			}
		}
	}
	// The longest chain ending at each entity, cycle members left out; a
	// cycle the analysis did not report would loop: fail instead.
	longest := map[pc.ID]int{}
	var walk func(id pc.ID) int
	walk = func(id pc.ID) int {
		if n, ok := longest[id]; ok {
			require.NotZero(t, n, "%s is on an unreported cycle", id)
			return n
		}
		longest[id] = 0
		best := 0
		for _, w := range o.waitsFor(o.g.Entity(id)) {
			if !skip[w] {
				best = max(best, walk(w))
			}
		}
		longest[id] = best + 1
		return best + 1
	}
	want, milestones := 0, 0
	for _, e := range o.g.All() {
		if open(e) && !skip[e.ID] {
			want = max(want, walk(e.ID))
			if e.Type == pc.Milestone {
				milestones++
			}
		}
	}
	cp := a.CriticalPath
	assert.Equal(t, want, cp.Overall.Length)
	checkChain(t, o, cp.Overall)
	assert.Len(t, cp.Milestones, milestones)
	for _, c := range cp.Milestones {
		assert.Equal(t, longest[c.Milestone], c.Length, "chain of %s", c.Milestone)
		assert.Equal(t, c.Milestone, c.IDs[len(c.IDs)-1])
		checkChain(t, o, c)
	}
}

// checkChain: open work, each entity waiting for the one before it.
func checkChain(t *testing.T, o oracle, c insight.Chain) {
	assert.Len(t, c.IDs, c.Length)
	for k, id := range c.IDs {
		assert.True(t, open(o.g.Entity(id)), "%s on the path is not open work", id)
		if k > 0 {
			assert.Contains(t, o.waitsFor(o.g.Entity(id)), c.IDs[k-1], "%s does not wait for %s", id, c.IDs[k-1])
		}
	}
}
