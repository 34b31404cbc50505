package tools

import (
	"context"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

func registerCanvasTools(r *Registry) {
	Register(r, "populate_canvas",
		"Add every non-archived entity not yet on the canvas as a file node, plus depends_on edges. Never duplicates; other nodes untouched.",
		Annotations{Idempotent: true}, PopulateCanvas)
	Register(r, "layout_canvas",
		"Lay out the canvas's entities (V4: milestone bands over workstream lanes, tasks below stories); other nodes stay put.",
		Annotations{Idempotent: true}, LayoutCanvas)
}

// PopulateArgs are populate_canvas's arguments.
type PopulateArgs struct {
	Canvas string   `json:"canvas,omitempty" jsonschema:"Canvas file; default the configured one (Projects.canvas)."`
	Types  []string `json:"types,omitempty" jsonschema:"Entity types to add; default all." schema:"maxItems=6"`
	Layout bool     `json:"layout,omitempty" jsonschema:"Lay the canvas out afterwards."`
}

// PopulateResult is populate_canvas's result.
type PopulateResult struct {
	Canvas string `json:"canvas"`
	canvas.Populated
	NodesAdded int              `json:"nodes_added"`
	Layout     *canvas.Arranged `json:"layout,omitempty"`
}

// canvasPath is the canvas a tool works on: the one named, checked, or the
// vault's default.
func canvasPath(env *Env, name string) (string, error) {
	if name == "" {
		name = env.Project.Config().Canvas
	}
	return canvas.CleanPath(name)
}

// PopulateCanvas is populate_canvas: the editor's populate-canvas-from-vault
// calls it directly, typed.
func PopulateCanvas(_ context.Context, env *Env, a PopulateArgs) (*PopulateResult, error) {
	path, err := canvasPath(env, a.Canvas)
	if err != nil {
		return nil, err
	}
	types := make([]pc.Type, len(a.Types))
	for i, t := range a.Types {
		types[i] = pc.Type(t)
	}
	p := env.Project
	res := &PopulateResult{Canvas: path}
	_, err = canvas.Update(p, path, func(c *canvas.Canvas) error {
		all := p.Graph()
		res.Populated = canvas.Populate(c, all, canvas.PopulateOptions{Types: types}, canvas.FileExists(p.Files()))
		if a.Layout {
			arranged := canvas.Arrange(c, all)
			res.Layout = &arranged
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.NodesAdded = len(res.Added)
	return res, nil
}

// LayoutArgs are layout_canvas's arguments.
type LayoutArgs struct {
	Canvas    string `json:"canvas,omitempty" jsonschema:"Canvas file; default the configured one (Projects.canvas)."`
	Highlight bool   `json:"highlight_critical_path,omitempty" jsonschema:"Colour the critical path red."`
}

// LayoutResult is layout_canvas's result.
type LayoutResult struct {
	Canvas string `json:"canvas"`
	canvas.Arranged
	CriticalPath []pc.ID `json:"critical_path,omitempty"`
}

// LayoutCanvas is layout_canvas (the editor's reposition-canvas-nodes).
func LayoutCanvas(_ context.Context, env *Env, a LayoutArgs) (*LayoutResult, error) {
	path, err := canvasPath(env, a.Canvas)
	if err != nil {
		return nil, err
	}
	res := &LayoutResult{Canvas: path}
	p := env.Project
	if a.Highlight {
		cp := insight.Analyze(p.All(), insight.AnalysisOptions{Now: p.Now(), Critical: true}).CriticalPath
		res.CriticalPath = cp.Overall.IDs
	}
	_, err = canvas.Update(p, path, func(c *canvas.Canvas) error {
		g := p.Graph()
		res.Arranged = canvas.Arrange(c, g)
		canvas.HighlightChain(c, g.All(), res.CriticalPath) // clears an earlier highlight when off
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
