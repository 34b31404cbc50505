package canvas_test

import (
	"encoding/json"
	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// exampleVault loads examples/vault into memory, so tests never touch the
// bundled copy.
func exampleVault(t *testing.T) *memfs.FS {
	return memfs.New(examplevault.Files(t))
}

// The bundled example vault populated and laid out: its milestones are
// product's, most stories and tasks engineering's, a few design's, infra's
// or marketing's. Each sits in its own workstream's lane; the lanes are the
// groups drawn (golden: testdata/example-vault.canvas, -update rewrites it).
func TestExampleVaultLanes(t *testing.T) {
	fsys := exampleVault(t)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	var arranged canvas.Arranged
	_, err = canvas.Update(p, "Projects.canvas", func(c *canvas.Canvas) error {
		canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil)
		arranged = canvas.Arrange(c, p.Graph())
		return nil
	})
	require.NoError(t, err)
	laid := readCanvas(t, fsys, "Projects.canvas")
	report, err := json.MarshalIndent(arranged.Lanes, "", "  ")
	require.NoError(t, err)
	golden(t, "example-vault.canvas", laid)
	golden(t, "example-vault-lanes.json", string(report)+"\n")

	c, err := canvas.Parse([]byte(laid))
	require.NoError(t, err)
	checkLanes(t, p, c, arranged.Lanes, nil)
	var workstreams []string
	for _, l := range arranged.Lanes {
		workstreams = append(workstreams, l.Workstream)
	}
	assert.Equal(t, []string{"design", "engineering", "infra", "marketing", "product"}, workstreams)
	lane := func(ws string) *canvas.Node { return c.Node(canvas.LaneID(ws)) }
	nodes := canvas.EntityNodes(c, p.All())
	for id, ws := range map[pc.ID]string{"M-001": "product", "S-001": "engineering", "S-003": "infra", "S-007": "marketing", "T-008": "design", "T-020": "product"} {
		assert.True(t, lane(ws).Contains(nodes[id]), "%s in the %s lane", id, ws)
	}
	for _, e := range []struct{ child, parent pc.ID }{{"S-001", "M-001"}, {"T-008", "S-002"}, {"T-020", "S-006"}} {
		assert.NotNil(t, c.Edge(canvas.ParentEdgeID(e.child, e.parent)), "%s -> %s", e.child, e.parent)
	}
}
