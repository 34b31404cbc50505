package insight_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

func TestCriticalPath(t *testing.T) {
	m2 := "id: M-002\ntype: milestone\ntitle: GA\nstatus: Not Started"
	s2 := "id: S-002\ntype: story\ntitle: Billing\nstatus: Not Started\nparent: M-002"
	for _, tt := range []struct {
		name       string
		blocks     []string
		ws         string
		overall    []string
		estimate   float64 // 0: none carried
		milestones map[string][]string
		cycles     []string
	}{{
		name: "through depends_on and the hierarchy",
		blocks: []string{milestone, story,
			task("T-001", "Completed", "estimate_hours: 40"), // done: not on it
			task("T-002", "Not Started", "depends_on: [T-001]", "estimate_hours: 3"),
			task("T-003", "Not Started", "depends_on: [T-002]", "estimate_hours: 2.5"),
			task("T-004", "Not Started")},
		overall: []string{"T-002", "T-003", "S-001", "M-001"}, estimate: 5.5,
		milestones: map[string][]string{"M-001": {"T-002", "T-003", "S-001", "M-001"}},
	}, {
		name: "a milestone waits for another through depends_on",
		blocks: []string{milestone, story, m2 + "\ndepends_on: [M-001]", s2,
			task("T-001", "Not Started"), task("T-002", "Not Started", "parent: S-002", "depends_on: [T-001]")},
		// Both chains of M-002 have 4 entities before it; the one through
		// M-001 ends in the smaller id at each step.
		overall: []string{"T-001", "S-001", "M-001", "M-002"},
		milestones: map[string][]string{
			"M-001": {"T-001", "S-001", "M-001"},
			"M-002": {"T-001", "S-001", "M-001", "M-002"},
		},
	}, {
		name: "ties: the larger estimate, then the smaller id",
		blocks: []string{milestone, story,
			task("T-001", "Not Started"), task("T-002", "Not Started", "estimate_hours: 1"),
			task("T-003", "Not Started", "estimate_hours: 1"),
			"id: S-002\ntype: story\ntitle: Other\nstatus: Not Started\nparent: M-001",
			task("T-004", "Not Started", "parent: S-002", "estimate_hours: oops")},
		overall: []string{"T-002", "S-001", "M-001"}, estimate: 1,
		milestones: map[string][]string{"M-001": {"T-002", "S-001", "M-001"}},
	}, {
		name: "no estimates: smallest ids",
		blocks: []string{milestone, story, m2, s2,
			task("T-001", "Not Started", "parent: S-002"), task("T-002", "In Progress")},
		overall: []string{"T-002", "S-001", "M-001"},
		milestones: map[string][]string{
			"M-001": {"T-002", "S-001", "M-001"},
			"M-002": {"T-001", "S-002", "M-002"},
		},
	}, {
		name: "a depends_on cycle is left off and reported",
		blocks: []string{milestone, story,
			task("T-001", "Not Started", "depends_on: [T-002]"), task("T-002", "Not Started", "depends_on: [T-001]"),
			task("T-003", "Not Started", "depends_on: [T-001]"), task("T-004", "Not Started")},
		overall:    []string{"T-003", "S-001", "M-001"},
		milestones: map[string][]string{"M-001": {"T-003", "S-001", "M-001"}},
		cycles:     []string{"circular_dependency T-001 T-002 T-001"},
	}, {
		name: "a task depending on its own story is a waiting cycle",
		blocks: []string{milestone, story,
			task("T-001", "Not Started", "depends_on: [S-001]"), task("T-002", "Not Started")},
		overall:    []string{"M-001"},
		milestones: map[string][]string{"M-001": {"M-001"}},
		cycles:     []string{"circular_dependency S-001 T-001 S-001"},
	}, {
		name: "finished, deferred and archived work is not on it",
		blocks: []string{strings.Replace(milestone, "In Progress", "Completed", 1), story,
			task("T-001", "Deferred"), task("T-002", "Not Started", "archived: true"),
			task("T-003", "Blocked", "depends_on: [T-001, T-002]")},
		overall:    []string{"T-003", "S-001"},
		milestones: map[string][]string{},
	}, {
		name: "workstream scope",
		blocks: []string{milestone, story,
			task("T-001", "Not Started", "workstream: design"),
			task("T-002", "Not Started", "workstream: engineering", "depends_on: [T-001]"),
			task("T-003", "Not Started", "workstream: engineering", "depends_on: [T-002]")},
		ws: "engineering", overall: []string{"T-002", "T-003"}, milestones: map[string][]string{},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			a := analyzeReady(t, insight.AnalysisOptions{Workstream: tt.ws}, tt.blocks...)
			cp := a.CriticalPath
			require.NotNil(t, cp)
			assert.Equal(t, ids(tt.overall...), cp.Overall.IDs)
			assert.Equal(t, len(tt.overall), cp.Overall.Length)
			if tt.estimate == 0 {
				assert.Nil(t, cp.Overall.EstimateHours)
			} else if assert.NotNil(t, cp.Overall.EstimateHours) {
				assert.InDelta(t, tt.estimate, *cp.Overall.EstimateHours, 1e-9)
			}
			got := map[string][]string{}
			for _, c := range cp.Milestones {
				assert.Equal(t, c.Milestone, c.IDs[len(c.IDs)-1], "a milestone's chain ends with it")
				assert.Equal(t, len(c.IDs), c.Length)
				for _, id := range c.IDs {
					got[string(c.Milestone)] = append(got[string(c.Milestone)], string(id))
				}
			}
			assert.Equal(t, tt.milestones, got)
			var cycles []insight.Risk
			for _, p := range a.Problems {
				if p.Type == insight.RiskCycle {
					cycles = append(cycles, p)
				}
			}
			want := tt.cycles
			if want == nil {
				want = []string{}
			}
			assert.Equal(t, want, problemKinds(cycles))
		})
	}
}

// TestHandMadeParentLoop: two tasks each other's parent (the loader allows
// what a hand edit writes) end neither walk in a loop.
func TestHandMadeParentLoop(t *testing.T) {
	all := []*pc.Entity{
		{ID: "T-001", Type: pc.Task, Status: pc.NotStarted, Parent: "T-002"},
		{ID: "T-002", Type: pc.Task, Status: pc.Blocked, Parent: "T-001"},
		{ID: "T-003", Type: pc.Task, Status: pc.NotStarted, Parent: "T-003"},
	}
	a := insight.Analyze(all, insight.AnalysisOptions{Now: goldenNow, Ready: true, Critical: true})
	// T-001's parent is Blocked; T-003, its own parent, holds nothing back
	// from starting, but waits for itself on the critical path.
	assert.Equal(t, ids("T-003"), readyIDs(a.Ready))
	assert.Equal(t, []string{"circular_dependency T-001 T-002 T-001", "circular_dependency T-003 T-003"}, problemKinds(a.Problems))
	assert.Equal(t, 0, a.CriticalPath.Overall.Length)
}
