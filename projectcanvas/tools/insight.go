package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

// The read-only analysis tools: overview, health and feature coverage. The
// computations live in package insight; these handlers only decode
// arguments, apply defaults and pick the parts of the result asked for.

const (
	defaultRecentLimit = 10
	defaultStaleDays   = 14
)

// analysisFields are the parts analyze_project_state can return, in order.
var analysisFields = []string{"health_score", "health_factors", "blockers", "risks", "dependency_graph"}

func registerInsightTools(r *Registry) {
	r.Add(&Tool{
		Name:        "get_project_overview",
		Description: "Project overview: counts by type, status and workstream, and the most recently updated entities. Filters apply to every part.",
		InputSchema: object(nil,
			boolean("include_summary", "Counts by type and status (default true)."),
			boolean("include_workstreams", "Counts per workstream (default true)."),
			boolean("include_recent", "Recently updated entities (default true)."),
			bounded("recent_limit", "How many recent updates.", 1, MaxPage, defaultRecentLimit),
			boolean("include_completed", "Count Completed, Complete, Decided and Approved entities (default true)."),
			boolean("include_archived", "Count archived entities (default false)."),
			str("workstream", "Only this workstream (\"unassigned\": none set).")),
		Handler: getProjectOverview,
	})
	r.Add(&Tool{
		Name: "analyze_project_state",
		Description: "Health score (100 minus penalties: blocked share of open work up to 40, stale in-progress share up to 20, " +
			"15 per dependency cycle, 2 per dangling id, 5 per open child of a Completed parent), blockers, risks, dependency graph.",
		InputSchema: object(nil,
			str("workstream", "Only this workstream."),
			boolean("include_graph", "Add dependency_graph (default false)."),
			bounded("stale_days", "In Progress work not updated for this many days is stale.", 0, insight.MaxStaleDays, defaultStaleDays),
			enumList("fields", "Parts to return (default all but dependency_graph).", analysisFields...)),
		Handler: analyzeProjectState,
	})
	r.Add(&Tool{
		Name:        "get_feature_coverage",
		Description: "Which features are implemented, documented and tested, with the gaps (Deferred features are not gaps).",
		InputSchema: object(nil,
			enum("tier", "Only this tier.", insight.Tiers...),
			enum("phase", "Only this phase.", insight.Phases...),
			boolean("show_gaps_only", "List only features with a gap."),
			strings_("feature_ids", "Only these features."),
			boolean("include_archived", "Include archived features (default false).")),
		Handler: getFeatureCoverage,
	})
}

func bounded(name, desc string, minimum, maximum, def int) prop {
	p := integer(name, desc, minimum, def)
	p.schema["maximum"] = maximum
	return p
}

func enumList(name, desc string, values ...string) prop {
	return prop{name, map[string]any{"type": "array", "items": map[string]any{"type": "string", "enum": values}, "description": desc}}
}

// orDefault reads an optional boolean argument.
func orDefault(b *bool, def bool) bool {
	if b == nil {
		return def
	}
	return *b
}

type overviewArgs struct {
	IncludeSummary     *bool  `json:"include_summary"`
	IncludeWorkstreams *bool  `json:"include_workstreams"`
	IncludeRecent      *bool  `json:"include_recent"`
	RecentLimit        int    `json:"recent_limit"`
	IncludeCompleted   *bool  `json:"include_completed"`
	IncludeArchived    bool   `json:"include_archived"`
	Workstream         string `json:"workstream"`
}

func getProjectOverview(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a overviewArgs
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	limit, err := recentLimit(a.RecentLimit)
	if err != nil {
		return nil, err
	}
	recent := orDefault(a.IncludeRecent, true)
	if !recent {
		limit = 0
	}
	ov := insight.Summarize(env.Project.All(), insight.OverviewOptions{
		IncludeCompleted: orDefault(a.IncludeCompleted, true), IncludeArchived: a.IncludeArchived,
		Workstream: pc.NormalizeWorkstream(a.Workstream), RecentLimit: limit,
	})
	// A part switched off is left out rather than sent empty, so a client
	// can tell "not asked" from "nothing there".
	out := map[string]any{}
	if orDefault(a.IncludeSummary, true) {
		out["summary"] = ov.Summary
	}
	if orDefault(a.IncludeWorkstreams, true) {
		out["workstreams"] = ov.Workstreams
	}
	if recent {
		out["recent_updates"] = ov.Recent
	}
	return out, nil
}

// recentLimit applies the default and the cap, as paginate does for
// max_items.
func recentLimit(n int) (int, error) {
	switch {
	case n < 0:
		return 0, pc.Errorf(pc.CodeInvalidArgument, "recent_limit must be positive").With("field", "recent_limit")
	case n == 0:
		return defaultRecentLimit, nil
	}
	return min(n, MaxPage), nil
}

type analyzeArgs struct {
	Workstream   string   `json:"workstream"`
	IncludeGraph bool     `json:"include_graph"`
	StaleDays    *int     `json:"stale_days"`
	Fields       []string `json:"fields"`
}

func analyzeProjectState(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a analyzeArgs
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	stale := defaultStaleDays
	if a.StaleDays != nil {
		if stale = *a.StaleDays; stale < 0 || stale > insight.MaxStaleDays {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "stale_days must be between 0 and %d, got %d", insight.MaxStaleDays, stale).With("field", "stale_days")
		}
	}
	fields, err := analysisParts(a.Fields, a.IncludeGraph)
	if err != nil {
		return nil, err
	}
	res := insight.Analyze(env.Project.All(), insight.AnalysisOptions{
		Now: env.now(), StaleDays: stale, Workstream: pc.NormalizeWorkstream(a.Workstream),
		Graph: slices.Contains(fields, "dependency_graph"),
	})
	parts := map[string]any{
		"health_score": res.HealthScore, "health_factors": res.HealthFactors,
		"blockers": res.Blockers, "risks": res.Risks, "dependency_graph": res.Graph,
	}
	out := make(map[string]any, len(fields))
	for _, f := range fields {
		out[f] = parts[f]
	}
	return out, nil
}

// analysisParts validates fields and applies the default: every part but
// the graph, which include_graph adds.
func analysisParts(fields []string, withGraph bool) ([]string, error) {
	for _, f := range fields {
		if !slices.Contains(analysisFields, f) {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "unknown field %q (want %s)", f, strings.Join(analysisFields, ", ")).
				With("field", "fields").With("allowed", analysisFields)
		}
	}
	if len(fields) == 0 {
		fields = analysisFields[:len(analysisFields)-1]
	}
	if withGraph && !slices.Contains(fields, "dependency_graph") {
		fields = append(slices.Clone(fields), "dependency_graph")
	}
	return fields, nil
}

type coverageArgs struct {
	Tier            string          `json:"tier"`
	Phase           json.RawMessage `json:"phase"`
	ShowGapsOnly    bool            `json:"show_gaps_only"`
	FeatureIDs      []string        `json:"feature_ids"`
	IncludeArchived bool            `json:"include_archived"`
}

func getFeatureCoverage(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a coverageArgs
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	opt, err := coverageOptions(a)
	if err != nil {
		return nil, err
	}
	return insight.Coverage(env.Project.All(), opt)
}

func coverageOptions(a coverageArgs) (insight.CoverageOptions, error) {
	opt := insight.CoverageOptions{GapsOnly: a.ShowGapsOnly, IncludeArchived: a.IncludeArchived}
	var err error
	if a.Tier != "" {
		if opt.Tier, err = insight.ParseTier(a.Tier); err != nil {
			return opt, err
		}
	}
	if opt.Phase, err = phaseArg(a.Phase); err != nil {
		return opt, err
	}
	opt.FeatureIDs, err = featureIDs(a.FeatureIDs)
	return opt, err
}

// phaseArg accepts the phase as a string or, since phases look like
// numbers, as a JSON integer (phase: 2).
func phaseArg(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		n, numErr := strconv.Atoi(string(raw))
		if numErr != nil {
			return "", pc.Errorf(pc.CodeInvalidArgument, "phase: want a string, got %s", raw).With("field", "phase")
		}
		s = strconv.Itoa(n)
	}
	if s == "" {
		return "", nil
	}
	return insight.ParsePhase(s)
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
