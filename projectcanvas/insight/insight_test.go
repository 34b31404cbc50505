package insight_test

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// entities writes each front matter block as a file, as a person editing
// the vault by hand would (the API refuses cycles, dangling ids and
// orphans), and loads them the way the project does.
func entities(t *testing.T, blocks ...string) []*pc.Entity {
	t.Helper()
	files := map[string]string{}
	for _, b := range blocks {
		id, _, _ := strings.Cut(strings.TrimPrefix(b, "id: "), "\n")
		files["Projects/"+id+".md"] = "---\n" + b + "\n---\n"
	}
	p, err := pc.Open(memfs.New(files))
	require.NoError(t, err)
	require.Empty(t, p.Problems())
	require.Equal(t, len(blocks), p.Len())
	return p.All()
}

// A small tree the cases add to: M-001 > S-001 > tasks. Fresh timestamps,
// so nothing is stale unless a case says so.
const (
	milestone = "id: M-001\ntype: milestone\ntitle: Beta\nstatus: In Progress\nupdated_at: 2026-11-20T10:00:00Z"
	story     = "id: S-001\ntype: story\ntitle: Login\nstatus: In Progress\nparent: M-001\nupdated_at: 2026-11-20T10:00:00Z"
)

// task writes a task under S-001; extra lines add keys or replace the
// defaults (parent, updated_at).
func task(id, status string, extra ...string) string {
	lines := []string{"id: " + id, "type: task", "title: Task " + id, "status: " + status}
	defaults := map[string]string{"parent": "S-001", "updated_at": "2026-11-20T10:00:00Z"}
	for _, l := range extra {
		key, _, _ := strings.Cut(l, ":")
		delete(defaults, key)
	}
	for _, key := range []string{"parent", "updated_at"} {
		if v, ok := defaults[key]; ok {
			lines = append(lines, key+": "+v)
		}
	}
	return strings.Join(append(lines, extra...), "\n")
}

func analyze(t *testing.T, blocks ...string) insight.Analysis {
	return insight.Analyze(entities(t, blocks...), insight.AnalysisOptions{Now: goldenNow, StaleDays: 14})
}

func factor(a insight.Analysis, name string) insight.Factor {
	for _, f := range a.HealthFactors {
		if f.Factor == name {
			return f
		}
	}
	return insight.Factor{}
}

func risksOf(a insight.Analysis, kind string) []insight.Risk {
	var out []insight.Risk
	for _, r := range a.Risks {
		if r.Type == kind {
			out = append(out, r)
		}
	}
	return out
}

func ids(list ...string) []pc.ID {
	out := make([]pc.ID, len(list))
	for i, s := range list {
		out[i] = pc.ID(s)
	}
	return out
}

func TestHealthFormula(t *testing.T) {
	type risk struct {
		kind     string
		severity insight.Severity
		entities []pc.ID
	}
	for _, tt := range []struct {
		name   string
		blocks []string
		factor string
		count  int
		pen    int
		score  int
		risks  []risk
	}{{
		name:   "cycle written by hand",
		blocks: []string{task("T-001", "Not Started", "depends_on: [T-002]"), task("T-002", "Not Started", "depends_on: [T-001]")},
		factor: insight.FactorCycle, count: 1, pen: 15, score: 85,
		risks: []risk{{insight.RiskCycle, insight.High, ids("T-001", "T-002", "T-001")}},
	}, {
		name: "cycle stated only through blocks",
		blocks: []string{task("T-001", "Not Started", "depends_on: [T-002]"), task("T-002", "Not Started"),
			task("T-003", "Not Started", "depends_on: [T-001]", "blocks: [T-002]")},
		factor: insight.FactorCycle, count: 1, pen: 15, score: 85,
		risks: []risk{{insight.RiskCycle, insight.High, ids("T-001", "T-002", "T-003", "T-001")}},
	}, {
		name:   "entity depending on itself",
		blocks: []string{task("T-001", "Not Started", "depends_on: [T-001]")},
		factor: insight.FactorCycle, count: 1, pen: 15, score: 85,
		risks: []risk{{insight.RiskCycle, insight.High, ids("T-001", "T-001")}},
	}, {
		name: "every member of a tangle is on a reported cycle",
		blocks: []string{task("T-001", "Not Started", "depends_on: [T-002, T-003]"),
			task("T-002", "Not Started", "depends_on: [T-001]"), task("T-003", "Not Started", "depends_on: [T-001]")},
		factor: insight.FactorCycle, count: 2, pen: 30, score: 70,
		risks: []risk{{insight.RiskCycle, insight.High, ids("T-001", "T-002", "T-001")},
			{insight.RiskCycle, insight.High, ids("T-003", "T-001", "T-003")}},
	}, {
		name:   "dangling id",
		blocks: []string{task("T-001", "Not Started", "depends_on: [T-404]", "documented_by: [DOC-009]")},
		factor: insight.FactorDangling, count: 2, pen: 4, score: 96,
		risks: []risk{{insight.RiskDangling, insight.Low, ids("T-001", "T-404")},
			{insight.RiskDangling, insight.Low, ids("T-001", "DOC-009")}},
	}, {
		name:   "orphan task without a parent",
		blocks: []string{"id: T-001\ntype: task\ntitle: Loose\nstatus: Not Started"},
		factor: insight.FactorDangling, count: 0, pen: 0, score: 100,
		risks: []risk{{insight.RiskOrphan, insight.Medium, ids("T-001")}},
	}, {
		name:   "orphan task whose parent does not exist",
		blocks: []string{task("T-001", "Not Started", "parent: S-404")},
		factor: insight.FactorDangling, count: 1, pen: 2, score: 98,
		risks: []risk{{insight.RiskOrphan, insight.Medium, ids("T-001")}, {insight.RiskDangling, insight.Low, ids("T-001", "S-404")}},
	}, {
		name:   "stale in progress",
		blocks: []string{task("T-001", "In Progress", "updated_at: 2026-11-01T10:00:00Z"), task("T-002", "In Progress")},
		// Of the four In Progress (M-001, S-001, T-001, T-002) one is stale: 20/4.
		factor: insight.FactorStale, count: 1, pen: 5, score: 95,
		risks: []risk{{insight.RiskStale, insight.Medium, ids("T-001")}},
	}, {
		name:   "completed story with an open task",
		blocks: []string{milestone, strings.Replace(story, "In Progress", "Completed", 1), task("T-001", "Not Started"), task("T-002", "Completed")},
		factor: insight.FactorUnfinishedUnder, count: 1, pen: 5, score: 95,
	}, {
		name: "long blocked chain",
		blocks: []string{task("T-001", "Blocked"), task("T-002", "Not Started", "depends_on: [T-001]"),
			task("T-003", "Not Started", "depends_on: [T-002]"), task("T-004", "Not Started", "depends_on: [T-003]"),
			task("T-005", "Completed", "depends_on: [T-001]")},
		// One Blocked of six open items (M-001, S-001, T-001..T-004): 40/6.
		factor: insight.FactorBlocked, count: 1, pen: 7, score: 93,
		risks: []risk{{insight.RiskChain, insight.High, ids("T-001", "T-002", "T-003", "T-004")}},
	}, {
		name: "penalties beyond 100 clamp to 0",
		blocks: []string{
			task("T-001", "Blocked", "depends_on: [T-002, T-404, T-405, T-406, T-407, T-408]"),
			task("T-002", "Blocked", "depends_on: [T-003]"), task("T-003", "Blocked", "depends_on: [T-001]"),
			task("T-004", "Blocked", "depends_on: [T-004]"), task("T-005", "Blocked", "depends_on: [T-005]"),
			strings.Replace(milestone, "2026-11-20", "2026-01-01", 1),
			strings.Replace(story, "In Progress", "Completed", 1),
		},
		// blocked 5/6 open: 33; stale 1/1: 20; cycles: 30 (capped);
		// dangling: 10 (capped); open tasks under S-001: 20 (capped).
		factor: insight.FactorUnfinishedUnder, count: 5, pen: 20, score: 0,
	}} {
		t.Run(tt.name, func(t *testing.T) {
			blocks := tt.blocks
			if !strings.Contains(strings.Join(blocks, "\n"), "id: S-001") {
				blocks = append([]string{milestone, story}, blocks...)
			}
			a := analyze(t, blocks...)
			f := factor(a, tt.factor)
			assert.Equal(t, tt.count, f.Count, "count of %s", tt.factor)
			assert.Equal(t, tt.pen, f.Penalty, "penalty of %s", tt.factor)
			assert.Equal(t, tt.score, a.HealthScore, "%+v", a.HealthFactors)
			for _, want := range tt.risks {
				var found []insight.Risk
				for _, r := range risksOf(a, want.kind) {
					if assert.ObjectsAreEqual(want.entities, r.Entities) {
						found = append(found, r)
					}
				}
				if assert.Len(t, found, 1, "%s %v in %+v", want.kind, want.entities, a.Risks) {
					assert.Equal(t, want.severity, found[0].Severity)
					assert.NotEmpty(t, found[0].Description)
				}
			}
		})
	}
}

func TestBlockers(t *testing.T) {
	a := analyze(t, milestone, story,
		task("T-001", "Blocked"),
		task("T-002", "Not Started", "depends_on: [T-001, T-003, T-404]"),
		task("T-003", "Completed", "blocks: [T-002]"), // one-sided: T-002 lists it anyway
		task("T-004", "Completed", "depends_on: [T-001]"),
		task("T-005", "Not Started", "depends_on: [T-006]"),
		task("T-006", "Not Started", "archived: true"))
	assert.Equal(t, []insight.Blocker{
		{ID: "T-001", Title: "Task T-001", Status: pc.Blocked, BlockedBy: ids(), Blocking: ids("T-002", "T-004")},
		{ID: "T-002", Title: "Task T-002", Status: pc.NotStarted, BlockedBy: ids("T-001"), Blocking: ids()},
		{ID: "T-005", Title: "Task T-005", Status: pc.NotStarted, BlockedBy: ids("T-006"), Blocking: ids()},
	}, a.Blockers)
	// T-004 is done, so it no longer waits on T-001: the chain is T-002 alone.
	require.Len(t, risksOf(a, insight.RiskChain), 1)
	assert.Equal(t, ids("T-001", "T-002"), risksOf(a, insight.RiskChain)[0].Entities)
	assert.Equal(t, insight.Medium, risksOf(a, insight.RiskChain)[0].Severity)
}

func TestRisksMostSevereFirst(t *testing.T) {
	a := analyze(t, milestone, story,
		task("T-001", "Not Started", "depends_on: [T-404]"),
		task("T-002", "In Progress", "updated_at: 2026-10-01T10:00:00Z"),
		task("T-003", "Not Started", "depends_on: [T-004]"), task("T-004", "Not Started", "depends_on: [T-003]"))
	var kinds []string
	for _, r := range a.Risks {
		kinds = append(kinds, r.Type)
	}
	assert.Equal(t, []string{insight.RiskCycle, insight.RiskStale, insight.RiskDangling}, kinds)
}

func TestAnalyzeWorkstreamScope(t *testing.T) {
	all := entities(t, milestone, story,
		task("T-001", "Blocked", "workstream: design"),
		task("T-002", "Not Started", "workstream: Eng", "depends_on: [T-001]"),
		task("T-003", "Blocked", "workstream: engineering", "archived: true"))
	a := insight.Analyze(all, insight.AnalysisOptions{Now: goldenNow, StaleDays: 14, Workstream: "engineering", Graph: true})
	// Only T-002 is open engineering work (T-003 is archived); it waits on a
	// design task, and the graph shows that cross-workstream edge.
	assert.Equal(t, insight.Factor{Factor: insight.FactorBlocked, Count: 0, OutOf: new(1), Penalty: 0}, factor(a, insight.FactorBlocked))
	require.Len(t, a.Blockers, 1)
	assert.Equal(t, ids("T-001"), a.Blockers[0].BlockedBy)
	assert.Equal(t, []insight.GraphEdge{{From: "T-002", To: "T-001"}}, a.Graph.Edges)
	assert.Len(t, a.Graph.Nodes, 2)
}

func TestAnalyzeEmptyProject(t *testing.T) {
	a := insight.Analyze(nil, insight.AnalysisOptions{Now: goldenNow, Graph: true})
	assert.Equal(t, 100, a.HealthScore)
	assert.NotNil(t, a.Blockers)
	assert.NotNil(t, a.Risks)
	assert.NotNil(t, a.Graph.Nodes)
	assert.NotNil(t, a.Graph.Edges)
}

func TestOverviewFiltersAndRecent(t *testing.T) {
	all := entities(t,
		"id: M-001\ntype: milestone\ntitle: A\nstatus: Completed\ncreated_at: 2026-11-10T10:00:00Z",
		"id: S-001\ntype: story\ntitle: B\nparent: M-001\nworkstream: UX\ncreated_at: 2026-11-01T10:00:00Z\nupdated_at: 2026-11-12T10:00:00+02:00",
		"id: T-001\ntype: task\ntitle: C\nparent: S-001\nstatus: wip\nupdated_at: 2026-11-12T08:00:00Z",
		"id: T-002\ntype: task\ntitle: D\nparent: S-001\nstatus: blocked\narchived: true\nupdated_at: 2026-11-20T08:00:00Z",
		"id: DEC-001\ntype: decision\ntitle: E\nstatus: Decided")
	ov := insight.Summarize(all, insight.OverviewOptions{IncludeCompleted: true, RecentLimit: 10})
	assert.Equal(t, 4, ov.Summary.TotalEntities)
	assert.Equal(t, []insight.WorkstreamStat{
		{Name: "design", EntityCount: 1},
		{Name: insight.Unassigned, EntityCount: 3, InProgress: 1},
	}, ov.Workstreams)
	// S-001 at 08:00Z (written +02:00) ties with T-001: id order breaks it.
	// M-001 falls back to created_at; DEC-001 has no time at all.
	var recent []pc.ID
	for _, u := range ov.Recent {
		recent = append(recent, u.ID)
	}
	assert.Equal(t, ids("S-001", "T-001", "M-001"), recent)

	ov = insight.Summarize(all, insight.OverviewOptions{IncludeArchived: true, Workstream: insight.Unassigned, RecentLimit: 1})
	assert.Equal(t, 2, ov.Summary.TotalEntities, "T-001 and archived T-002; M-001 and DEC-001 are completed")
	assert.Equal(t, map[string]int{"In Progress": 1, "Blocked": 1}, ov.Summary.ByStatus)
	assert.Equal(t, ids("T-002"), []pc.ID{ov.Recent[0].ID})
	assert.Len(t, ov.Recent, 1)
}

func TestCoverageReadsHandEdits(t *testing.T) {
	all := entities(t, milestone, story,
		// One-sided: the task says it implements F-001, the feature does not.
		task("T-001", "Completed", "implements: [F-001]"),
		"id: DOC-001\ntype: document\ntitle: Guide\ndocuments: [F-001, F-002]",
		// Unquoted phase is a YAML number; a single test_ref is a string.
		"id: F-001\ntype: feature\ntitle: One\ntier: oss\nphase: 2\ntest_refs: tests/one.spec.ts",
		// Dangling and wrong-typed links fake nothing.
		"id: F-002\ntype: feature\ntitle: Two\ntier: Premium\nphase: MVP\nimplemented_by: [T-404, DEC-001]\ntest_refs: []",
		"id: DEC-001\ntype: decision\ntitle: Pick",
		"id: F-003\ntype: feature\ntitle: Three\nstatus: Deferred",
		"id: F-004\ntype: feature\ntitle: Four\narchived: true")
	rep, err := insight.Coverage(pc.NewGraph(all), insight.CoverageOptions{})
	require.NoError(t, err)
	require.Len(t, rep.Features, 3)
	one, two, three := rep.Features[0], rep.Features[1], rep.Features[2]
	assert.Equal(t, ids("T-001"), one.ImplementedBy)
	assert.Equal(t, ids("DOC-001"), one.DocumentedBy)
	assert.Equal(t, []string{"tests/one.spec.ts"}, one.TestRefs)
	assert.Equal(t, "OSS", *one.Tier)
	assert.Equal(t, "2", *one.Phase)
	assert.True(t, one.Coverage.Complete)
	assert.Equal(t, ids(), two.ImplementedBy)
	assert.Equal(t, []string{}, two.TestRefs)
	assert.Nil(t, three.Tier)
	assert.Equal(t, insight.CoverageSummary{TotalFeatures: 3, Implemented: 1, Documented: 2, Tested: 1, Complete: 1}, rep.Summary)
	// F-003 is Deferred: no gap, though it has nothing.
	assert.Equal(t, insight.Gaps{MissingImplementation: ids("F-002"), MissingDocumentation: ids(), MissingTests: ids("F-002")}, rep.Gaps)

	rep, err = insight.Coverage(pc.NewGraph(all), insight.CoverageOptions{Tier: "OSS", Phase: "2"})
	require.NoError(t, err)
	require.Len(t, rep.Features, 1)
	assert.Equal(t, pc.ID("F-001"), rep.Features[0].ID)

	rep, err = insight.Coverage(pc.NewGraph(all), insight.CoverageOptions{IncludeArchived: true, GapsOnly: true})
	require.NoError(t, err)
	assert.Equal(t, 4, rep.Summary.TotalFeatures)
	assert.Len(t, rep.Features, 2, "F-002 and archived F-004 have gaps; F-003 is Deferred")

	_, err = insight.Coverage(pc.NewGraph(all), insight.CoverageOptions{FeatureIDs: ids("F-001", "F-009")})
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))
}

func TestParseTierAndPhase(t *testing.T) {
	tier, err := pc.ParseTier(" premium ")
	require.NoError(t, err)
	assert.Equal(t, "Premium", tier)
	phase, err := pc.ParsePhase("mvp")
	require.NoError(t, err)
	assert.Equal(t, "MVP", phase)
	for _, bad := range []func() error{
		func() error { _, err := pc.ParseTier("Enterprise"); return err },
		func() error { _, err := pc.ParsePhase("6"); return err },
	} {
		err := bad()
		var e *pc.Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, pc.CodeInvalidArgument, e.Code)
		assert.Contains(t, []any{"tier", "phase"}, e.Details["field"])
	}
}

func TestIDOrder(t *testing.T) {
	// Entities in any order come out in id order, T-1000 after T-999.
	var blocks []string
	for _, id := range []string{"T-1000", "T-999", "S-001", "DOC-002", "T-010", "DEC-001"} {
		blocks = append(blocks, "id: "+id+"\ntype: "+string(pc.ID(id).Type())+"\ntitle: x\ndepends_on: [T-999]")
	}
	all := entities(t, blocks...)
	reversed := make([]*pc.Entity, len(all))
	for i, e := range all {
		reversed[len(all)-1-i] = e
	}
	var got []pc.ID
	for _, b := range insight.Analyze(reversed, insight.AnalysisOptions{Now: goldenNow}).Blockers {
		got = append(got, b.ID)
	}
	assert.Equal(t, ids("DEC-001", "DOC-002", "S-001", "T-010", "T-999", "T-1000"), got, "T-999 waits on itself")
}

func TestLongChainCycle(t *testing.T) {
	// A chain of 20,000 tasks closed into one cycle: the search must not
	// recurse per entity nor rescan its stack, and must name every member.
	const n = 20_000
	all := make([]*pc.Entity, n)
	for i := range all {
		all[i] = &pc.Entity{ID: pc.NewID(pc.Task, i+1), Type: pc.Task, Status: pc.NotStarted, Parent: "S-001"}
	}
	for i, e := range all {
		e.Links[pc.DependsOn] = []pc.ID{all[(i+1)%n].ID}
	}
	a := insight.Analyze(all, insight.AnalysisOptions{Now: goldenNow})
	cycles := risksOf(a, insight.RiskCycle)
	require.Len(t, cycles, 1)
	assert.Len(t, cycles[0].Entities, n+1)
	assert.Equal(t, pc.ID("T-001"), cycles[0].Entities[0])
	assert.Equal(t, pc.ID("T-002"), cycles[0].Entities[1])
	assert.Equal(t, pc.ID("T-001"), cycles[0].Entities[n])

	// Open the cycle: 20,000 components of one entity each, popped in turn.
	all[n-1].Links[pc.DependsOn] = nil
	a = insight.Analyze(all, insight.AnalysisOptions{Now: goldenNow})
	assert.Empty(t, risksOf(a, insight.RiskCycle))
}

// TestStaleDaysDoNotOverflow: stale_days of 106,752 or more used to
// overflow time.Duration, put the cutoff in the future and mark all In
// Progress work stale. Large values now mean "nothing is that old".
func TestStaleDaysDoNotOverflow(t *testing.T) {
	all := entities(t, milestone, story, task("T-001", "In Progress", "updated_at: 2026-11-01T10:00:00Z"))
	for _, days := range []int{14, 106_752, insight.MaxStaleDays, 1 << 40, math.MaxInt} {
		a := insight.Analyze(all, insight.AnalysisOptions{Now: goldenNow, StaleDays: days})
		want := 0
		if days == 14 {
			want = 1 // T-001, three weeks old
		}
		assert.Equal(t, want, factor(a, insight.FactorStale).Count, "stale_days %d", days)
	}
}
