package commands

import (
	"context"
	"errors"
	"fmt"
	"github.com/projectcanvas/projectcanvas/internal/plural"
	iofs "io/fs"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

func registerFeatures(r *Registry) {
	register(r, spec{id: "create-feature", name: "Create feature",
		description: "Create a feature from a title and a user story, with tier, phase, status and workstream."},
		createFeature)
	register(r, spec{id: "create-features-canvas", name: "Create features canvas",
		description: "Make a canvas a features grid (one labelled cell per tier and phase) holding every feature, and open it."},
		func(ctx context.Context, c *call, in featuresCanvasInput) (*Result, error) {
			return arrangeFeatures(c, in, canvas.ArrangeFeatures, true)
		})
	register(r, spec{id: "auto-layout-features", name: "Auto-layout features",
		description: "Move the features on the canvas into the cells of their tier and phase; adds none."},
		func(ctx context.Context, c *call, in featuresCanvasInput) (*Result, error) {
			return arrangeFeatures(c, in, canvas.LayoutFeatures, false)
		})
	register(r, spec{id: "populate-features-canvas", name: "Populate features canvas",
		description: "Add every feature not yet on the canvas and arrange the tier and phase grid."},
		func(ctx context.Context, c *call, in featuresCanvasInput) (*Result, error) {
			return arrangeFeatures(c, in, canvas.ArrangeFeatures, false)
		})
	register(r, spec{id: "set-feature-phase", name: "Set feature phase",
		description: "Set a feature's phase (MVP, 0 to 5); its node on the features canvas moves to the new cell."},
		func(ctx context.Context, c *call, in phaseInput) (*Result, error) {
			return setFeatureField(ctx, c, in.Subject, "phase", in.Phase)
		})
	register(r, spec{id: "set-feature-tier", name: "Set feature tier",
		description: "Set a feature's tier (OSS, Premium); its node on the features canvas moves to the new cell."},
		func(ctx context.Context, c *call, in tierInput) (*Result, error) {
			return setFeatureField(ctx, c, in.Subject, "tier", in.Tier)
		})
	register(r, spec{id: "import-future-features", name: "Import future features",
		description: "Create (or update, by title) the features of FUTURE_FEATURES.md in one write; sections that cannot be read are listed by line."},
		importFutureFeatures)
	register(r, spec{id: "suggest-feature-links", name: "Suggest feature links",
		description: "Milestones, stories and tasks whose titles match each feature's, with scores, to accept one by one or all."},
		suggestFeatureLinks)
	register(r, spec{id: "bulk-link-features", name: "Bulk link features",
		description: "Link many milestones, stories and tasks to one feature (implements and implemented_by), all in one write or none."},
		bulkLinkFeatures)
}

type createFeatureInput struct {
	Title      string `json:"title" jsonschema:"The feature's title." schema:"minLength=1,maxLength=500"`
	UserStory  string `json:"user_story" jsonschema:"As a ..., I want ..., so that ...." schema:"minLength=1,maxLength=20000"`
	Tier       string `json:"tier,omitempty" jsonschema:"OSS or Premium."`
	Phase      string `json:"phase,omitempty" jsonschema:"MVP or 0 to 5."`
	Status     string `json:"status,omitempty" jsonschema:"Planned, In Progress, Complete or Deferred; default Planned."`
	Workstream string `json:"workstream,omitempty" jsonschema:"Workstream, e.g. engineering." schema:"maxLength=200"`
}

func createFeature(ctx context.Context, c *call, in createFeatureInput) (*Result, error) {
	data := map[string]any{"title": in.Title, "user_story": in.UserStory}
	for k, v := range map[string]string{"tier": in.Tier, "phase": in.Phase, "status": in.Status, "workstream": in.Workstream} {
		if v != "" {
			data[k] = v
		}
	}
	out, err := tools.CreateEntity(ctx, c.env, tools.CreateArgs{Type: string(pc.Feature), Data: data})
	if err != nil {
		return nil, err
	}
	id, _ := out["id"].(string)
	e, err := c.project().Get(id)
	if err != nil {
		return nil, err
	}
	return &Result{Notice: fmt.Sprintf("Created %s %s.", e.ID, in.Title), Open: []string{e.Path}, Data: out}, nil
}

type featuresCanvasInput struct {
	Canvas string `json:"canvas,omitempty" jsonschema:"Canvas file in the vault; default Features.canvas."`
}

func arrangeFeatures(c *call, in featuresCanvasInput, arrange func(*canvas.Canvas, []*pc.Entity) canvas.FeaturesArranged, open bool) (*Result, error) {
	name := in.Canvas
	if name == "" {
		name = canvas.DefaultFeaturesCanvas
	}
	path, err := canvas.CleanPath(name)
	if err != nil {
		return nil, err
	}
	p := c.project()
	var res canvas.FeaturesArranged
	cv, err := canvas.Update(p, path, func(cv *canvas.Canvas) error {
		res = arrange(cv, p.All())
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := &Result{Canvas: path, Select: nodeIDs(cv, p, res.Added), Data: res,
		Notice: fmt.Sprintf("%s: %s added, %d moved, %s.", path, plural.Count(len(res.Added), "feature", "features"), res.Moved, plural.Count(res.Cells, "cell", "cells"))}
	if open {
		out.Open = []string{path}
	}
	return out, nil
}

type phaseInput struct {
	Subject
	Phase string `json:"phase" jsonschema:"MVP or 0 to 5."`
}

type tierInput struct {
	Subject
	Tier string `json:"tier" jsonschema:"OSS or Premium."`
}

// setFeatureField is set-feature-phase and set-feature-tier: the feature's
// file changes as in update_entity, and when the features canvas shows the
// feature, its node moves into the cell of its new tier and phase, in the
// same transaction. A features canvas that does not exist or does not show
// the feature is left alone; one that cannot be changed is reported in the
// notice and the file still changes.
func setFeatureField(ctx context.Context, c *call, s Subject, field, value string) (*Result, error) {
	p := c.project()
	e, err := s.entity(c)
	if err != nil {
		return nil, err
	}
	if e.Type != pc.Feature {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "%s is a %s; only features have a %s", e.ID, e.Type, field).With("field", "id")
	}
	name := s.Canvas
	if name == "" {
		name = canvas.DefaultFeaturesCanvas
	}
	path, err := canvas.CleanPath(name)
	if err != nil {
		return nil, err
	}
	var u *pc.Updated
	moved := ""
	canvasErr, err := canvas.WriteWith(p,
		func(tx *pc.Tx) (err error) {
			u, err = tx.Update(string(e.ID), pc.Change{Data: map[string]any{field: value}})
			return err
		},
		func(tx *pc.Tx) (_ string, err error) {
			moved, err = moveFeatureNode(tx, p, path, u.Entity)
			return path, err
		})
	if err != nil {
		return nil, err
	}
	entity, err := tools.GetEntity(ctx, c.env, tools.GetArgs{ID: string(e.ID)})
	if err != nil {
		return nil, err
	}
	data := map[string]any{"id": e.ID, "updated_fields": pc.NonNil(u.Fields), "cascaded": pc.NonNil(u.Cascaded),
		"entity": entity, "canvas": path, "node_moved": moved != "" && canvasErr == nil}
	res := &Result{Notice: fmt.Sprintf("%s %s: %s set to %s.", e.ID, e.Title, field, value), Data: data}
	switch {
	case canvasErr != nil:
		data["canvas_error"] = pc.AsError(canvasErr).Message
		res.Notice += " Its node on " + path + " did not move: " + pc.AsError(canvasErr).Message
	case moved != "":
		res.Canvas, res.Select, res.Center = path, []string{moved}, moved
		res.Notice += " Moved on " + path + "."
	}
	return res, nil
}

// moveFeatureNode lays out the features canvas at path again in tx when it
// shows feature f (as tx leaves it), returning the id of f's node when it
// moved. A canvas that does not exist is not made.
func moveFeatureNode(tx *pc.Tx, p *pc.Project, path string, f *pc.Entity) (string, error) {
	if _, err := tx.ReadFile(path); errors.Is(err, iofs.ErrNotExist) {
		return "", nil
	}
	moved := ""
	_, err := canvas.Edit(tx, path, func(c *canvas.Canvas) error {
		n := canvas.EntityNodes(c, []*pc.Entity{f})[f.ID]
		if n == nil {
			return nil // not on this canvas: nothing to move
		}
		all := slices.Clone(p.All()) // the index's own slice is shared
		for i, e := range all {
			if e.ID == f.ID {
				all[i] = f
			}
		}
		x, y := n.X, n.Y
		canvas.LayoutFeatures(c, all)
		if n.X != x || n.Y != y {
			moved = n.ID
		}
		return nil
	})
	return moved, err
}

type importInput struct {
	File string `json:"file,omitempty" jsonschema:"The features file in the vault; default FUTURE_FEATURES.md at the root, else under docs/."`
}

func importFutureFeatures(_ context.Context, c *call, in importInput) (*Result, error) {
	res, err := assist.ImportFutureFeatures(c.project(), in.File)
	if err != nil {
		return nil, err
	}
	if res.Problems == nil {
		res.Problems = []assist.LineProblem{}
	}
	notice := fmt.Sprintf("%s: %s created, %d updated, %d unchanged.", res.File, plural.Count(len(res.Created), "feature", "features"), len(res.Updated), res.Same)
	for i, pr := range res.Problems {
		if i == 3 {
			notice += fmt.Sprintf(" And %d more problems.", len(res.Problems)-3)
			break
		}
		notice += fmt.Sprintf(" Line %d: %s.", pr.Line, pr.Message)
	}
	return &Result{Notice: notice, Rows: res.Problems, Data: res}, nil
}

// suggestInput is suggest_feature_links's arguments: the command's
// decoder applies their defaults and caps.
type suggestInput = tools.SuggestArgs

func suggestFeatureLinks(ctx context.Context, c *call, in suggestInput) (*Result, error) {
	out, err := tools.SuggestFeatureLinks(ctx, c.env, in)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, s := range out.Suggestions {
		n += len(s.Candidates)
	}
	notice := fmt.Sprintf("%s for %s.", plural.Count(n, "suggested link", "suggested links"), plural.Count(len(out.Suggestions), "feature", "features"))
	if n == 0 {
		notice = "No milestone, story or task title matches a feature's closely enough."
	}
	return &Result{Notice: notice, Rows: out.Suggestions, Data: out}, nil
}

type bulkLinkInput struct {
	Feature string   `json:"feature" jsonschema:"The feature's id." schema:"minLength=1"`
	IDs     []string `json:"ids" jsonschema:"Milestones, stories and tasks that implement it." schema:"minItems=1,maxItems=1000"`
}

func bulkLinkFeatures(_ context.Context, c *call, in bulkLinkInput) (*Result, error) {
	f, err := assist.BulkLinkFeature(c.project(), in.Feature, in.IDs)
	if err != nil {
		return nil, err
	}
	implementedBy := f.Links[pc.ImplementedBy]
	if implementedBy == nil {
		implementedBy = []pc.ID{}
	}
	return &Result{Notice: fmt.Sprintf("%s %s is implemented by %s.", f.ID, f.Title, plural.Count(len(implementedBy), "entity", "entities")),
		Data: map[string]any{"feature": f.ID, "implemented_by": implementedBy}}, nil
}
