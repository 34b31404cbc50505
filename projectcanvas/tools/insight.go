package tools

import (
	"context"
	"encoding/json"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

// The read-only analysis tools: overview, health and feature coverage. The
// computations live in package insight; these handlers only decode
// arguments, apply defaults and pick the parts of the result asked for.

func registerInsightTools(r *Registry) {
	Register(r, "get_project_overview",
		"Project overview: counts by type, status and workstream, and the most recently updated entities.",
		Annotations{ReadOnly: true, Idempotent: true}, getProjectOverview)
	Register(r, "analyze_project_state",
		"Health score and its factors, blockers, risks, dependency graph, work ready to start (best first) and the critical path.",
		Annotations{ReadOnly: true, Idempotent: true}, analyzeProjectState)
	Register(r, "get_feature_coverage",
		"Which features are implemented, documented and tested, with the gaps (Deferred features are not gaps).",
		Annotations{ReadOnly: true, Idempotent: true}, getFeatureCoverage)
}

type overviewArgs struct {
	IncludeSummary     bool   `json:"include_summary,omitempty" schema:"default=true"`
	IncludeWorkstreams bool   `json:"include_workstreams,omitempty" schema:"default=true"`
	IncludeRecent      bool   `json:"include_recent,omitempty" schema:"default=true"`
	RecentLimit        int    `json:"recent_limit,omitempty" schema:"default=10,minimum=1,cap=200"`
	IncludeCompleted   bool   `json:"include_completed,omitempty" schema:"default=true"`
	IncludeArchived    bool   `json:"include_archived,omitempty" schema:"default=false"`
	Workstream         string `json:"workstream,omitempty" jsonschema:"Only this workstream (unassigned: none set)."`
}

// Overview is get_project_overview's content, typed, for a host that
// prints it (the CLI's report): every entity's counts and the recentLimit
// latest updates, completed entities included, archived ones not.
func Overview(env *Env, recentLimit int) insight.Overview {
	return insight.Summarize(env.Project.All(), insight.OverviewOptions{IncludeCompleted: true, RecentLimit: recentLimit})
}

// Analysis is analyze_project_state's content with ready work and the
// critical path, typed, for a host that prints it (the CLI's report).
func Analysis(env *Env) insight.Analysis {
	return insight.Analyze(env.Project.All(), insight.AnalysisOptions{Now: env.Project.Now(), StaleDays: DefaultStaleDays, Ready: true, Critical: true})
}

// DefaultStaleDays is stale_days's default (the schema's default=14,
// which TestDefaultStaleDays holds to it).
const DefaultStaleDays = 14

func getProjectOverview(_ context.Context, env *Env, a overviewArgs) (map[string]any, error) {
	limit := a.RecentLimit
	if !a.IncludeRecent {
		limit = 0
	}
	ov := insight.Summarize(env.Project.All(), insight.OverviewOptions{
		IncludeCompleted: a.IncludeCompleted, IncludeArchived: a.IncludeArchived,
		Workstream: pc.NormalizeWorkstream(a.Workstream), RecentLimit: limit,
	})
	// A part switched off is left out rather than sent empty, so a client
	// can tell "not asked" from "nothing there".
	out := map[string]any{}
	if a.IncludeSummary {
		out["summary"] = ov.Summary
	}
	if a.IncludeWorkstreams {
		out["workstreams"] = ov.Workstreams
	}
	if a.IncludeRecent {
		out["recent_updates"] = ov.Recent
	}
	return out, nil
}

// analysisFields are the parts analyze_project_state can return, in order.
var analysisFields = []string{"health_score", "health_factors", "blockers", "risks", "dependency_graph", "ready", "critical_path"}

type analyzeArgs struct {
	Workstream             string   `json:"workstream,omitempty"`
	IncludeDependencyGraph bool     `json:"include_dependency_graph,omitempty" schema:"default=false"`
	IncludeBlockers        bool     `json:"include_blockers,omitempty" schema:"default=true"`
	IncludeReady           bool     `json:"include_ready,omitempty" schema:"default=true"`
	IncludeCriticalPath    bool     `json:"include_critical_path,omitempty" schema:"default=false"`
	StaleDays              int      `json:"stale_days,omitempty" jsonschema:"In Progress work idle this many days is stale." schema:"default=14,minimum=0"`
	Fields                 []string `json:"fields,omitempty" jsonschema:"Parts to return (default all; the include_ flags apply)." schema:"maxItems=7"`
}

func analyzeProjectState(_ context.Context, env *Env, a analyzeArgs) (map[string]any, error) {
	fields := a.Fields
	if len(fields) == 0 {
		fields = analysisFields
	}
	// Parts off by default come when their flag or fields names them;
	// parts on by default, when fields names them and their flag allows.
	want := func(part string) bool {
		switch part {
		case "dependency_graph":
			return a.IncludeDependencyGraph || len(a.Fields) > 0 && slices.Contains(fields, part)
		case "critical_path":
			return a.IncludeCriticalPath || len(a.Fields) > 0 && slices.Contains(fields, part)
		case "blockers":
			return a.IncludeBlockers && slices.Contains(fields, part)
		case "ready":
			return a.IncludeReady && slices.Contains(fields, part)
		}
		return slices.Contains(fields, part)
	}
	res := insight.Analyze(env.Project.All(), insight.AnalysisOptions{
		Now: env.Project.Now(), StaleDays: a.StaleDays, Workstream: pc.NormalizeWorkstream(a.Workstream),
		Graph: want("dependency_graph"), Ready: want("ready"), Critical: want("critical_path"),
	})
	parts := map[string]any{
		"health_score": res.HealthScore, "health_factors": res.HealthFactors,
		"blockers": res.Blockers, "risks": res.Risks, "dependency_graph": res.Graph,
		"ready": res.Ready, "critical_path": res.CriticalPath,
	}
	out := make(map[string]any, len(parts)+1)
	for _, f := range analysisFields {
		if want(f) {
			out[f] = parts[f]
		}
	}
	// What ready and the critical path worked around comes with them.
	if res.Problems != nil {
		out["problems"] = res.Problems
	}
	return out, nil
}

type coverageArgs struct {
	Tier            string          `json:"tier,omitempty"`
	Phase           json.RawMessage `json:"phase,omitempty" jsonschema:"MVP or 0 to 5 (a string or a number)."`
	ShowGapsOnly    bool            `json:"show_gaps_only,omitempty" schema:"default=false"`
	FeatureIDs      []string        `json:"feature_ids,omitempty" jsonschema:"Only these features." schema:"maxItems=200"`
	IncludeArchived bool            `json:"include_archived,omitempty" schema:"default=false"`
}

func getFeatureCoverage(_ context.Context, env *Env, a coverageArgs) (insight.CoverageReport, error) {
	opt, err := coverageOptions(a)
	if err != nil {
		return insight.CoverageReport{}, err
	}
	return insight.Coverage(env.Project.Graph(), opt)
}

func coverageOptions(a coverageArgs) (insight.CoverageOptions, error) {
	opt := insight.CoverageOptions{Tier: a.Tier, GapsOnly: a.ShowGapsOnly, IncludeArchived: a.IncludeArchived}
	var err error
	if opt.Phase, err = phaseArg(a.Phase); err != nil {
		return opt, err
	}
	opt.FeatureIDs, err = featureIDs(a.FeatureIDs)
	return opt, err
}

// phaseArg reads the phase, given as a string or, since phases look like
// numbers, as a JSON integer (phase: 2). The schema has checked the value.
func phaseArg(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		s = string(raw)
	}
	return pc.ParsePhase(s)
}

func featureIDs(raw []string) ([]pc.ID, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	out := make([]pc.ID, 0, len(raw))
	for _, s := range raw {
		id, t, _, err := pc.ParseID(s)
		if err == nil && t != pc.Feature {
			err = pc.Errorf(pc.CodeInvalidArgument, "%s is not a feature id (like F-001)", id)
		}
		if err != nil {
			return nil, pc.AsError(err).With("field", "feature_ids")
		}
		out = append(out, id)
	}
	return out, nil
}
