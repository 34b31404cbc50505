package canvas_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func TestArrangeFeatures(t *testing.T) {
	note := "{\n\t\"nodes\":[\n\t\t{\"id\":\"note\",\"type\":\"text\",\"text\":\"mine\",\"x\":100,\"y\":100,\"width\":250,\"height\":60}\n\t],\n\t\"edges\":[]\n}"
	fsys := memfs.New(map[string]string{"Features.canvas": note})
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	for _, data := range []map[string]any{
		{"title": "SSO", "tier": "Premium", "phase": "2"},
		{"title": "Import", "tier": "OSS", "phase": "MVP"},
		{"title": "Export", "tier": "OSS", "phase": "MVP"},
		{"title": "Themes"},
	} {
		_, err := p.Create(pc.Feature, data)
		require.NoError(t, err)
	}
	arrange := func() canvas.FeaturesArranged {
		var res canvas.FeaturesArranged
		_, err := canvas.Update(p, "Features.canvas", func(c *canvas.Canvas) error {
			res = canvas.ArrangeFeatures(c, p.All())
			return nil
		})
		require.NoError(t, err)
		return res
	}
	res := arrange()
	assert.Len(t, res.Added, 4)
	assert.Equal(t, 24, res.Cells, "3 tier rows (OSS, Premium, none) x 8 phase columns")
	check := func() *canvas.Canvas {
		c, _, err := canvas.Read(fsys, "Features.canvas")
		require.NoError(t, err)
		assert.Equal(t, 100.0, c.Node("note").X, "the user's note stays")
		var groups []*canvas.Node
		for _, n := range c.Nodes {
			if n.Type == canvas.TypeGroup {
				groups = append(groups, n)
				assert.False(t, n.Overlaps(c.Node("note")), "%s overlaps the note", n.ID)
			}
		}
		for i, a := range groups {
			for _, b := range groups[i+1:] {
				assert.False(t, a.Overlaps(b), "%s overlaps %s", a.ID, b.ID)
			}
		}
		for _, e := range p.All() {
			tier, _ := e.Fields["tier"].(string)
			phase, _ := e.Fields["phase"].(string)
			cell := c.Node(canvas.CellID(tier, phase))
			require.NotNil(t, cell, e.ID)
			assert.True(t, cell.Contains(c.Node(canvas.NodeID(e.ID))), "%s lies in its cell", e.ID)
		}
		return c
	}
	c := check()
	assert.Equal(t, "Premium · Phase 2", c.Node(canvas.CellID("Premium", "2")).Label)
	assert.Equal(t, "No tier · No phase", c.Node(canvas.CellID("", "")).Label)

	// set-feature-phase and set-feature-tier: the file changes, the node moves.
	_, err = p.Update("F-004", pc.Change{Data: map[string]any{"tier": "OSS", "phase": "1"}})
	require.NoError(t, err)
	res = arrange()
	assert.Empty(t, res.Added)
	assert.Equal(t, 14, res.Cells, "the unset row and column are gone")
	c = check()
	assert.Nil(t, c.Node(canvas.CellID("", "")))
	assert.Zero(t, arrange().Moved, "stable")
}

func TestFocusInProgress(t *testing.T) {
	fsys := memfs.New(nil)
	p := exampleProject(t, fsys)
	_, err := p.Update("T-001", pc.Change{Status: "wip"})
	require.NoError(t, err)
	c := &canvas.Canvas{}
	canvas.Populate(c, p.Graph(), canvas.PopulateOptions{Types: []pc.Type{pc.Milestone, pc.Task}}, nil)
	require.NoError(t, c.AddNode(&canvas.Node{ID: "note", Type: canvas.TypeText, Width: 1, Height: 1}))
	f := canvas.FocusInProgress(c, p.All())
	assert.ElementsMatch(t, []string{"entity-M-001", "entity-T-001"}, f.Keep, "starting a task starts its ancestors")
	assert.ElementsMatch(t, []string{"entity-M-002", "entity-T-002", "entity-T-003"}, f.Hide)
}

// auto-layout-features moves the features already on the canvas into their
// cells and adds none: after set-feature-phase the changed node lands in
// its new cell.
func TestLayoutFeatures(t *testing.T) {
	fsys := memfs.New(nil)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	for _, data := range []map[string]any{
		{"title": "SSO", "tier": "OSS", "phase": "MVP"},
		{"title": "Import", "tier": "OSS", "phase": "MVP"},
	} {
		_, err := p.Create(pc.Feature, data)
		require.NoError(t, err)
	}
	c := &canvas.Canvas{}
	canvas.ArrangeFeatures(c, p.All()[:1]) // only F-001 on the canvas
	require.NotNil(t, c.Node("entity-F-001"))
	_, err = p.Update("F-001", pc.Change{Data: map[string]any{"phase": "2", "tier": "Premium"}})
	require.NoError(t, err)

	res := canvas.LayoutFeatures(c, p.All())
	assert.Empty(t, res.Added, "F-002 is not on the canvas and stays off it")
	assert.Nil(t, c.Node("entity-F-002"))
	assert.Equal(t, 1, res.Moved)
	cell := c.Node(canvas.CellID("Premium", "2"))
	require.NotNil(t, cell)
	assert.True(t, cell.Contains(c.Node("entity-F-001")), "moved into its new cell")
	assert.Equal(t, 0, canvas.LayoutFeatures(c, p.All()).Moved, "idempotent")
}
