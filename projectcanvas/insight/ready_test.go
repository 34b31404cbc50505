package insight_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

func analyzeReady(t *testing.T, opt insight.AnalysisOptions, blocks ...string) insight.Analysis {
	t.Helper()
	opt.Now, opt.StaleDays, opt.Ready, opt.Critical = goldenNow, 14, true, true
	return insight.Analyze(entities(t, blocks...), opt)
}

func readyIDs(items []insight.ReadyItem) []pc.ID {
	out := []pc.ID{}
	for _, r := range items {
		out = append(out, r.ID)
	}
	return out
}

// problemKinds lists each problem as "type holder target...".
func problemKinds(problems []insight.Risk) []string {
	out := []string{}
	for _, p := range problems {
		parts := []string{p.Type}
		for _, id := range p.Entities {
			parts = append(parts, string(id))
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

func TestReadyOrder(t *testing.T) {
	for _, tt := range []struct {
		name     string
		blocks   []string
		ws       string
		ready    []string
		unblocks []int // of each ready entity, when given
		problems []string
	}{{
		name: "priority, then unblocks, then id; no priority last; started work is not listed",
		blocks: []string{
			task("T-001", "Not Started", "priority: P1"),
			task("T-002", "In Progress", "priority: critical"), // P0
			task("T-003", "Not Started", "priority: P1"),
			task("T-004", "Not Started", "depends_on: [T-003]"),
			task("T-005", "Not Started", "blocks: [T-006]", "priority: P1"), // one-sided: T-006 waits on it
			task("T-006", "Not Started"),
			task("T-007", "Not Started"),
			task("T-008", "Not Started"),
			task("T-009", "Not Started", "priority: P1", "depends_on: [T-003]"),
		},
		ready:    []string{"T-003", "T-005", "T-001", "T-007", "T-008"},
		unblocks: []int{2, 1, 0, 0, 0},
	}, {
		name: "unblocks counts transitive waiters once",
		blocks: []string{
			task("T-001", "Not Started"), // diamond: T-002, T-003, T-004
			task("T-002", "Not Started", "depends_on: [T-001]"), task("T-003", "Not Started", "depends_on: [T-001]"),
			task("T-004", "Not Started", "depends_on: [T-002, T-003]"),
			task("T-010", "Not Started"), // chain: T-011, T-012, T-013
			task("T-011", "Not Started", "depends_on: [T-010]"), task("T-012", "Not Started", "depends_on: [T-011]"),
			task("T-013", "Blocked", "depends_on: [T-012]"),
			task("T-020", "Not Started"), // four direct, one finished and one archived that do not wait
			task("T-021", "Not Started", "depends_on: [T-020]"), task("T-022", "Not Started", "depends_on: [T-020]"),
			task("T-023", "Not Started", "depends_on: [T-020]"), task("T-024", "In Progress", "depends_on: [T-020]"),
			task("T-025", "Completed", "depends_on: [T-020]"), task("T-026", "Not Started", "depends_on: [T-020]", "archived: true"),
		},
		ready:    []string{"T-020", "T-001", "T-010"},
		unblocks: []int{4, 3, 3},
	}, {
		name: "a cycle is never ready nor is what waits on it",
		blocks: []string{
			task("T-001", "Not Started", "depends_on: [T-002]"), task("T-002", "Not Started", "depends_on: [T-001]"),
			task("T-003", "Not Started", "depends_on: [T-001]"), task("T-004", "Not Started", "blocks: [T-001]"),
			task("T-005", "Completed", "depends_on: [T-005]"), task("T-006", "Not Started", "depends_on: [T-005]"),
		},
		// T-004 unblocks the cycle and what waits on it, each once.
		ready: []string{"T-004", "T-006"}, unblocks: []int{3, 0},
	}, {
		name: "blocked and deferred parents and ancestors hold their work",
		blocks: []string{
			milestone,
			"id: S-001\ntype: story\ntitle: Held\nstatus: Blocked\nparent: M-001",
			"id: S-002\ntype: story\ntitle: Later\nstatus: Deferred\nparent: M-001",
			"id: M-002\ntype: milestone\ntitle: Held\nstatus: Blocked",
			"id: S-003\ntype: story\ntitle: Under held\nstatus: In Progress\nparent: M-002",
			"id: S-004\ntype: story\ntitle: Done\nstatus: Completed\nparent: M-001",
			"id: S-005\ntype: story\ntitle: Free\nstatus: Not Started\nparent: M-001",
			task("T-001", "Not Started"), task("T-002", "Not Started", "parent: S-002"),
			task("T-003", "Not Started", "parent: S-003"), task("T-004", "Not Started", "parent: S-004"),
			task("T-005", "Not Started", "parent: S-005"),
		},
		// A reopened task under a Completed story is ready (and reported as
		// unfinished_under_completed by the health score).
		ready: []string{"T-004", "T-005"},
	}, {
		name: "archived and completed dependencies",
		blocks: []string{
			task("T-001", "Not Started", "depends_on: [T-002, DEC-001]"),
			task("T-002", "Completed", "archived: true"),
			"id: DEC-001\ntype: decision\ntitle: Pick\nstatus: Decided",
			task("T-003", "Not Started", "depends_on: [T-004]"), task("T-004", "Not Started", "archived: true"),
			task("T-005", "Not Started", "depends_on: [T-006]"), task("T-006", "Deferred"),
			task("T-007", "Not Started", "archived: true"), task("T-008", "Completed"), task("T-009", "Blocked"),
			task("T-010", "Not Started", "depends_on: [DEC-002]"), "id: DEC-002\ntype: decision\ntitle: Open\nstatus: Pending",
		},
		ready:    []string{"T-001"},
		problems: []string{"dropped_dependency T-003 T-004", "dropped_dependency T-005 T-006"},
	}, {
		name: "dangling ids are problems, not crashes",
		blocks: []string{
			task("T-001", "Not Started", "depends_on: [T-404, T-002]"), task("T-002", "Completed"),
			task("T-003", "Not Started", "parent: S-404"), // an orphan is still work
			task("T-004", "Not Started", "blocks: [T-405]"),
		},
		ready:    []string{"T-003", "T-004"},
		problems: []string{"dangling_reference T-001 T-404"},
	}, {
		name: "stories with and without tasks",
		blocks: []string{
			milestone, story, task("T-001", "Completed"),
			"id: S-002\ntype: story\ntitle: Bare\nstatus: Not Started\nparent: M-001\npriority: P0",
			"id: S-003\ntype: story\ntitle: Tasks archived\nstatus: Not Started\nparent: M-001",
			task("T-002", "Not Started", "parent: S-003", "archived: true"),
			"id: S-004\ntype: story\ntitle: Done\nstatus: Completed\nparent: M-001",
			"id: S-005\ntype: story\ntitle: Waiting\nstatus: Not Started\nparent: M-001\ndepends_on: [S-002]",
		},
		// S-001 has a task, finished: the story waits for closing, not for work.
		ready: []string{"S-002", "S-003"}, unblocks: []int{1, 0},
	}, {
		name: "workstream scope keeps cross-workstream dependencies",
		blocks: []string{
			task("T-001", "Completed", "workstream: design"),
			task("T-002", "Not Started", "workstream: engineering", "depends_on: [T-001]"),
			task("T-003", "Not Started", "workstream: design"),
			task("T-004", "Not Started", "workstream: engineering", "depends_on: [T-003]"),
		},
		ws: "engineering", ready: []string{"T-002"},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			blocks := tt.blocks
			if !strings.Contains(strings.Join(blocks, "\n"), "id: S-001") {
				blocks = append([]string{milestone, story}, blocks...)
			}
			a := analyzeReady(t, insight.AnalysisOptions{Workstream: tt.ws}, blocks...)
			assert.Equal(t, ids(tt.ready...), readyIDs(a.Ready))
			if tt.unblocks != nil {
				var got []int
				for _, r := range a.Ready {
					got = append(got, r.Unblocks)
				}
				assert.Equal(t, tt.unblocks, got)
			}
			var readyProblems []insight.Risk
			for _, p := range a.Problems {
				if p.Type != insight.RiskCycle {
					readyProblems = append(readyProblems, p)
				}
				assert.NotEmpty(t, p.Description)
			}
			want := tt.problems
			if want == nil {
				want = []string{}
			}
			assert.Equal(t, want, problemKinds(readyProblems))
			// search_entities' filter answers the same list.
			items, _ := insight.Ready(entities(t, blocks...), tt.ws)
			assert.Equal(t, a.Ready, items)
		})
	}
}

func TestReadyRow(t *testing.T) {
	a := analyzeReady(t, insight.AnalysisOptions{}, milestone, story,
		task("T-001", "Completed"), task("T-002", "Completed"),
		task("T-003", "In Progress", "priority: high", "depends_on: [T-001, T-002]"),
		task("T-004", "Not Started", "depends_on: [T-001]"),
		task("T-005", "Not Started"),
		task("T-006", "Not Started", "priority: high", "depends_on: [T-001, T-002]"),
		"id: S-002\ntype: story\ntitle: Bare\nparent: M-001")
	p1 := pc.Priority("P1")
	// T-003 could start too, but has: In Progress is not on the list.
	assert.Equal(t, []insight.ReadyItem{
		{ID: "T-006", Type: pc.Task, Title: "Task T-006", Priority: &p1, Status: pc.NotStarted, Reason: "its 2 dependencies are completed"},
		{ID: "S-002", Type: pc.Story, Title: "Bare", Status: pc.NotStarted, Reason: "no dependencies; a story without tasks"},
		{ID: "T-004", Type: pc.Task, Title: "Task T-004", Status: pc.NotStarted, Reason: "its dependency T-001 is completed"},
		{ID: "T-005", Type: pc.Task, Title: "Task T-005", Status: pc.NotStarted, Reason: "no dependencies"},
	}, a.Ready)
}

func TestReadyUnreadablePriority(t *testing.T) {
	// The loader keeps a priority it cannot read (and reports the file):
	// it ranks as none.
	all := []*pc.Entity{
		{ID: "T-001", Type: pc.Task, Status: pc.NotStarted, Priority: "P10"},
		{ID: "T-002", Type: pc.Task, Status: pc.NotStarted, Priority: "P9"},
		{ID: "T-003", Type: pc.Task, Status: pc.NotStarted, Priority: "soon"},
	}
	items, problems := insight.Ready(all, "")
	assert.Equal(t, ids("T-002", "T-001", "T-003"), readyIDs(items))
	assert.Nil(t, items[1].Priority)
	assert.Empty(t, problems)
}

func TestReadyEmpty(t *testing.T) {
	a := insight.Analyze(nil, insight.AnalysisOptions{Now: goldenNow, Ready: true, Critical: true})
	assert.NotNil(t, a.Ready)
	assert.Empty(t, a.Ready)
	assert.NotNil(t, a.Problems)
	require.NotNil(t, a.CriticalPath)
	assert.Equal(t, insight.Chain{IDs: ids()}, a.CriticalPath.Overall)
	assert.NotNil(t, a.CriticalPath.Milestones)
	// Not asked: left out.
	a = insight.Analyze(nil, insight.AnalysisOptions{Now: goldenNow})
	assert.Nil(t, a.Ready)
	assert.Nil(t, a.CriticalPath)
	assert.Nil(t, a.Problems)
}
