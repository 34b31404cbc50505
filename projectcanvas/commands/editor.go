package commands

import (
	"context"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

func registerEditor(r *Registry) {
	for _, s := range []spec{
		{id: "sync-canvas-notes-to-extdb", name: "Sync canvas notes to external database",
			description: "Sync every entity on the current canvas with the external database (Notion)."},
		{id: "sync-note-to-extdb", name: "Sync note to external database",
			description: "Sync the open entity note with the external database (Notion)."},
		{id: "start-extdb-sync-polling", name: "Start external database sync polling",
			description: "Sync both ways with the external database every interval (default 5 minutes)."},
	} {
		s.editor = true
		register(r, s, func(context.Context, *call, struct{}) (*Result, error) {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "%s needs external sync, which this version does not have yet", s.id)
		})
	}
	register(r, spec{id: "regenerate-templates", name: "Regenerate templates",
		description: "Write one note template per entity type into .templates/, replacing the old ones."},
		regenerateTemplates)
	for _, s := range []spec{
		{id: "start-http-server", name: "Start HTTP server",
			description: "Serve the HTTP API from the editor on 127.0.0.1 (port 12312 by default), with the bearer token from settings."},
		{id: "stop-http-server", name: "Stop HTTP server",
			description: "Stop the editor's HTTP server."},
	} {
		s.editor = true
		register(r, s, func(context.Context, *call, struct{}) (*Result, error) {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "%s runs in the editor; outside it run `projectcanvas serve`", s.id)
		})
	}
	register(r, spec{id: "open-feature-coverage", name: "Open feature coverage", editor: true,
		description: "The coverage sidebar: each feature's implementation, documentation and tests, and its gaps; filters by tier, phase, status and gap kind."},
		featureCoverage)
}

type coverageInput struct {
	Tier   string `json:"tier,omitempty" jsonschema:"OSS or Premium."`
	Phase  string `json:"phase,omitempty" jsonschema:"MVP or 0 to 5."`
	Status string `json:"status,omitempty" jsonschema:"Planned, In Progress or Complete."`
	Gap    string `json:"gap,omitempty" jsonschema:"Only features missing this kind of coverage." schema:"enum=implementation|documentation|tests"`
}

func (coverageInput) TuneSchema(s *jsonschema.Schema) {
	tuneFeatureEnums(s)
	for _, st := range []pc.Status{pc.Planned, pc.InProgress, pc.Complete} {
		s.Properties["status"].Enum = append(s.Properties["status"].Enum, string(st))
	}
}

// featureCoverage is open-feature-coverage's Go half: the sidebar's rows.
func featureCoverage(_ context.Context, c *call, in coverageInput) (*Result, error) {
	rep, err := insight.Coverage(c.project().Graph(), insight.CoverageOptions{Tier: in.Tier, Phase: in.Phase})
	if err != nil {
		return nil, err
	}
	rows := []insight.FeatureCoverage{}
	for _, f := range rep.Features {
		if in.Status != "" && string(f.Status) != in.Status || !missing(f, in.Gap) {
			continue
		}
		rows = append(rows, f)
	}
	s := rep.Summary
	notice := fmt.Sprintf("%s: %d implemented, %d documented, %d tested, %d complete.",
		plural(s.TotalFeatures, "feature", "features"), s.Implemented, s.Documented, s.Tested, s.Complete)
	return &Result{Notice: notice, Rows: rows, Data: rep.Summary}, nil
}

// missing reports whether f lacks the coverage kind gap ("" for any f).
func missing(f insight.FeatureCoverage, gap string) bool {
	switch gap {
	case "implementation":
		return !f.Coverage.Implemented
	case "documentation":
		return !f.Coverage.Documented
	case "tests":
		return !f.Coverage.Tested
	}
	return true
}
