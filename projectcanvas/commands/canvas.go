package commands

import (
	"context"
	"fmt"
	"github.com/projectcanvas/projectcanvas/internal/plural"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/migrate"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

func registerCanvas(r *Registry) {
	register(r, spec{id: "populate-canvas-from-vault", name: "Populate canvas from vault",
		description: "Add every non-archived entity of the visible types to the canvas as a note, with dependency edges; entities already on it are skipped."},
		populateCanvas)
	register(r, spec{id: "reposition-canvas-nodes", name: "Reposition canvas nodes (V4)",
		description: "Lay the canvas out: a band per milestone over a labelled lane per workstream, milestones at the left as band headers, tasks below their story, decisions and documents just below their work, dependencies as edges. Other nodes stay put."},
		repositionCanvas)
	register(r, spec{id: "search-entity-on-canvas", name: "Search entity on canvas",
		description: "Find entities on the canvas by id or title (typos forgiven), best first; the best is selected and centred."},
		searchCanvas)
	register(r, spec{id: "focus-in-progress", name: "Focus on in-progress work",
		description: "The nodes to hide to show only the entities In Progress, and those to show again when the focus ends. The canvas file does not change."},
		focusInProgress)
	register(r, spec{id: "reconcile-relationships", name: "Reconcile relationships",
		description: "Make both sides of every relation agree across the vault, in one write, and summarise the changes; dry_run only reports. " +
			"repair_ids renumbers the newer files of ids held twice after a merge instead (a dry run first)."},
		reconcileRelationships)
}

// nodeIDs maps entity ids to the ids of their nodes on c, leaving out those
// not on it.
func nodeIDs(c *canvas.Canvas, p *pc.Project, ids []pc.ID) []string {
	entities := make([]*pc.Entity, 0, len(ids))
	for _, id := range ids {
		if e, err := p.Get(string(id)); err == nil {
			entities = append(entities, e)
		}
	}
	nodes := canvas.EntityNodes(c, entities)
	out := []string{}
	for _, e := range entities {
		if n := nodes[e.ID]; n != nil {
			out = append(out, n.ID)
		}
	}
	return out
}

type populateInput struct {
	Canvas string   `json:"canvas,omitempty" jsonschema:"Canvas file in the vault; default the configured one."`
	Types  []string `json:"types,omitempty" jsonschema:"Entity types to add (the visible ones); default all." schema:"maxItems=6"`
	Layout bool     `json:"layout,omitempty" jsonschema:"Lay the canvas out afterwards."`
}

func populateCanvas(ctx context.Context, c *call, in populateInput) (*Result, error) {
	out, err := tools.PopulateCanvas(ctx, c.env, tools.PopulateArgs(in))
	if err != nil {
		return nil, err
	}
	cv, err := c.readCanvas(out.Canvas)
	if err != nil {
		return nil, err
	}
	notice := fmt.Sprintf("Added %s and %s to %s; %d already on it.",
		plural.Count(len(out.Added), "entity", "entities"), plural.Count(out.EdgesAdded, "edge", "edges"), out.Canvas, out.Skipped)
	if n := len(out.MissingFiles); n > 0 {
		notice += fmt.Sprintf(" %s point at files that do not exist.", plural.Count(n, "node", "nodes"))
	}
	return &Result{Notice: notice, Canvas: out.Canvas, Select: nodeIDs(cv.Canvas, c.project(), out.Added), Data: out}, nil
}

type canvasInput struct {
	Canvas string `json:"canvas,omitempty" jsonschema:"Canvas file in the vault; default the configured one."`
}

type repositionInput struct {
	Canvas    string `json:"canvas,omitempty" jsonschema:"Canvas file in the vault; default the configured one."`
	Highlight bool   `json:"highlight_critical_path,omitempty" jsonschema:"Colour the edges of the critical path (the longest chain of unfinished work) red."`
}

func repositionCanvas(ctx context.Context, c *call, in repositionInput) (*Result, error) {
	out, err := tools.LayoutCanvas(ctx, c.env, tools.LayoutArgs(in))
	if err != nil {
		return nil, err
	}
	var lanes []string // a lane has a group per band: each workstream once
	for _, l := range out.Lanes {
		name := l.Workstream
		if name == "" {
			name = canvas.NoWorkstream // the label of its group on the canvas
		}
		if !slices.Contains(lanes, name) {
			lanes = append(lanes, name)
		}
	}
	notice := fmt.Sprintf("Laid out %s on %s (%d moved)", plural.Count(out.Placed, "entity", "entities"), out.Canvas, out.Moved)
	if len(lanes) > 0 {
		notice += "; lanes: " + strings.Join(lanes, ", ")
	}
	if in.Highlight {
		notice += fmt.Sprintf("; critical path: %s in red", plural.Count(len(out.CriticalPath), "entity", "entities"))
	}
	return &Result{Notice: notice + ".", Canvas: out.Canvas, Data: out}, nil
}

type searchInput struct {
	Query  string `json:"query" jsonschema:"Id or words of the title." schema:"minLength=1,maxLength=200"`
	Canvas string `json:"canvas,omitempty" jsonschema:"Canvas file in the vault; default the configured one."`
	Limit  int    `json:"limit,omitempty" jsonschema:"Most matches." schema:"default=10,minimum=1,cap=200"`
}

// searchRow is one match of search-entity-on-canvas.
type searchRow struct {
	NodeID string `json:"node_id"`
	assist.Match
}

func searchCanvas(_ context.Context, c *call, in searchInput) (*Result, error) {
	p := c.project()
	cv, err := c.readCanvas(in.Canvas)
	if err != nil {
		return nil, err
	}
	path := cv.path
	matches := c.canvases.ranker(path, cv.sum, cv.files, p.All()).Rank(in.Query, in.Limit)
	found := make([]*pc.Entity, len(matches))
	for i, m := range matches {
		found[i], _ = p.Get(string(m.ID))
	}
	nodes := cv.entityNodes(found)
	rows := []searchRow{}
	for _, m := range matches {
		rows = append(rows, searchRow{NodeID: nodes[m.ID].ID, Match: m})
	}
	res := &Result{Canvas: path, Rows: rows}
	if len(rows) == 0 {
		res.Notice = fmt.Sprintf("No entity on %s matches %q.", path, in.Query)
		return res, nil
	}
	best := rows[0]
	res.Notice = fmt.Sprintf("%s %s", best.ID, best.Title)
	res.Select, res.Center = []string{best.NodeID}, best.NodeID
	return res, nil
}

func focusInProgress(_ context.Context, c *call, in canvasInput) (*Result, error) {
	p := c.project()
	cv, err := c.readCanvas(in.Canvas)
	if err != nil {
		return nil, err
	}
	path := cv.path
	f := canvas.FocusInProgress(cv.Canvas, p.All())
	notice := fmt.Sprintf("Showing %s In Progress; %s hidden. Run again to show all.",
		plural.Count(len(f.Keep), "entity", "entities"), plural.Count(len(f.Hide), "node", "nodes"))
	return &Result{Notice: notice, Canvas: path, Hide: f.Hide, Show: f.Keep}, nil
}

type reconcileInput struct {
	DryRun    *bool `json:"dry_run,omitempty" jsonschema:"Report the changes without writing. Default false; true with repair_ids."`
	RepairIDs bool  `json:"repair_ids,omitempty" jsonschema:"Instead renumber the newer files of ids held twice (after a merge) and rewrite their references: the editor shows the dry run, then runs it again with dry_run false."`
}

func reconcileRelationships(ctx context.Context, c *call, in reconcileInput) (*Result, error) {
	if in.RepairIDs {
		return repairIDs(ctx, c, in.DryRun == nil || *in.DryRun)
	}
	dry := in.DryRun != nil && *in.DryRun
	out, err := tools.ReconcileRelationships(ctx, c.env, tools.ReconcileArgs{DryRun: dry})
	if err != nil {
		return nil, err
	}
	s := out.Summary
	verb := "Reconciled"
	if dry {
		verb = "Would reconcile"
	}
	notice := "Relationships already agree."
	if s.Changes > 0 {
		notice = fmt.Sprintf("%s %s in %s.", verb, plural.Count(s.Changes, "relation", "relations"), plural.Count(s.FilesChanged, "file", "files"))
	}
	if s.Problems > 0 {
		notice += fmt.Sprintf(" %s left for you (see the details).", plural.Count(s.Problems, "problem", "problems"))
	}
	rows := make([]reconcileRow, len(out.Files))
	for i, f := range out.Files {
		rows[i].FileChanges = f
		for _, fix := range f.Changes {
			rows[i].Lines = append(rows[i].Lines, fix.String())
		}
	}
	return &Result{Notice: notice, Rows: rows, Data: out}, nil
}

// reconcileRow is one file of reconcile-relationships's rows, with its
// changes as a person reads them (Fix's String).
type reconcileRow struct {
	tools.FileChanges
	Lines []string `json:"lines"`
}

// repairIDs is reconcile-relationships with repair_ids: the tool's id
// repair, summed up; its rows are the renumbered files, and the files to
// open are the ones a person must look at (undecided references).
func repairIDs(ctx context.Context, c *call, dry bool) (*Result, error) {
	out, err := tools.ReconcileRelationships(ctx, c.env, tools.ReconcileArgs{RepairIDs: true, DryRun: dry})
	if err != nil {
		return nil, err
	}
	r := out.IDs.IDRepair
	notice := "No id is held by two files."
	if len(r.Renumbered) > 0 {
		renumber, rewrite := "Renumbered", "rewrote"
		if dry {
			renumber, rewrite = "Would renumber", "rewrite"
		}
		notice = fmt.Sprintf("%s %s and %s %s.", renumber, plural.Count(len(r.Renumbered), "duplicate", "duplicates"),
			rewrite, plural.Count(len(r.Rewritten), "reference", "references"))
	}
	var open []string
	for _, u := range r.Undecided {
		if !slices.Contains(open, u.File) {
			open = append(open, u.File)
		}
	}
	if len(r.Undecided) > 0 {
		notice += fmt.Sprintf(" %s left for you to decide (see the details).", plural.Count(len(r.Undecided), "reference", "references"))
	}
	if len(r.Refused) > 0 {
		notice += fmt.Sprintf(" %s changed meanwhile and left alone.", plural.Count(len(r.Refused), "file", "files"))
	}
	return &Result{Notice: notice, Rows: r.Renumbered, Open: open, Data: out}, nil
}

// registerMigrate adds migrate, beyond the specification's commands (so
// after them): notes of the plugin this project replaces, rewritten to its
// fields (migrate.Vault).
func registerMigrate(r *Registry) {
	register(r, spec{id: "migrate", name: "Migrate notes from the old plugin",
		description: "Rewrite the notes of the plugin this project replaces to this project's fields (effort, status and priority names, " +
			"legacy keys), keeping every other key and the body; a dry run unless apply is set."},
		migrateNotes)
}

type migrateInput struct {
	Apply bool `json:"apply,omitempty" jsonschema:"Write the migration; without it, report what would change."`
}

func migrateNotes(_ context.Context, c *call, in migrateInput) (*Result, error) {
	m, err := migrate.Vault(c.project(), in.Apply)
	if err != nil {
		return nil, err
	}
	changes := 0
	for _, n := range m.Notes {
		for _, ch := range n.Changes {
			if ch.Kind != migrate.Kept {
				changes++
			}
		}
	}
	notice := "Nothing to migrate: every note is in this project's format."
	if m.Changed > 0 {
		verb := "Would migrate"
		if m.Applied {
			verb = "Migrated"
		}
		notice = fmt.Sprintf("%s %s (%s).", verb, plural.Count(m.Changed, "note", "notes"), plural.Count(changes, "change", "changes"))
	}
	if kept := m.ByKind[migrate.Kept]; kept > 0 {
		notice += fmt.Sprintf(" %s left for you (see the details).", plural.Count(kept, "value", "values"))
	}
	if len(m.Refused) > 0 {
		notice += fmt.Sprintf(" %s changed meanwhile and left alone.", plural.Count(len(m.Refused), "file", "files"))
	}
	return &Result{Notice: notice, Rows: m.Notes, Data: m}, nil
}
