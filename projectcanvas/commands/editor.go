package commands

import (
	"context"
	"fmt"
	"github.com/projectcanvas/projectcanvas/internal/plural"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/extsync"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

func registerEditor(r *Registry) {
	registerExtDB(r)
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
		plural.Count(s.TotalFeatures, "feature", "features"), s.Implemented, s.Documented, s.Tested, s.Complete)
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

// The external database commands run a sync with Notion (package extsync,
// the engine `projectcanvas sync` runs too) over the host's transport
// (the editor's requestUrl in the plugin). The token comes with each call,
// from the plugin's device-local secret storage, and is never written to
// the vault.

// extdbInput is what both sync commands take.
type extdbInput struct {
	Token      string `json:"token,omitempty" jsonschema:"The Notion integration's secret, from the plugin's settings (never stored in the vault)."`
	DatabaseID string `json:"database_id,omitempty" jsonschema:"Notion database id or URL; default notion.database_id in .projectcanvas/config.json."`
	APIURL     string `json:"api_url,omitempty" jsonschema:"Notion API base URL; default Notion's public API."`
}

// syncInput is both sync commands' input: sync-canvas-notes-to-extdb
// reads the canvas of the subject, sync-note-to-extdb the subject.
type syncInput struct {
	extdbInput
	Subject
}

func registerExtDB(r *Registry) {
	register(r, spec{id: "sync-canvas-notes-to-extdb", name: "Sync canvas notes to external database", editor: true,
		description: "Sync the entities on the canvas with the Notion database, both ways; conflicts become notes beside the entities."},
		syncCanvas)
	register(r, spec{id: "sync-note-to-extdb", name: "Sync note to external database", editor: true,
		description: "Sync one entity (the open note, or a canvas node's) with the Notion database, both ways."},
		syncNote)
	register(r, spec{id: "start-extdb-sync-polling", name: "Start external database sync polling", editor: true,
		description: "Sync both ways with the Notion database every interval (default 5 minutes); the editor runs sync-canvas-notes-to-extdb on a timer."},
		func(context.Context, *call, struct{}) (*Result, error) {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "start-extdb-sync-polling runs in the editor (a timer over sync-canvas-notes-to-extdb); outside it run `projectcanvas sync --watch`")
		})
}

func syncCanvas(ctx context.Context, c *call, in syncInput) (*Result, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	cv, err := c.readCanvas(in.Canvas)
	if err != nil {
		return nil, err
	}
	ids := []pc.ID{}
	for id := range cv.entityNodes(c.project().All()) {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return c.extSync(ctx, in.extdbInput, ids)
}

func syncNote(ctx context.Context, c *call, in syncInput) (*Result, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	e, err := in.Subject.entity(c)
	if err != nil {
		return nil, err
	}
	return c.extSync(ctx, in.extdbInput, []pc.ID{e.ID})
}

func (in extdbInput) check() error {
	if in.Token == "" {
		return pc.Errorf(pc.CodeInvalidArgument, "external sync with Notion needs the integration's token: set it in the plugin's settings").With("field", "token")
	}
	return nil
}

func (c *call) extSync(ctx context.Context, in extdbInput, ids []pc.ID) (*Result, error) {
	notice, sum, err := extsync.Command(ctx, c.project(), c.env.Transport, in.Token, in.DatabaseID, in.APIURL, ids)
	if err != nil {
		return nil, err
	}
	return &Result{Notice: notice, Data: sum}, nil
}
