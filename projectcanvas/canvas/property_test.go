package canvas_test

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/internal/vaultgen"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// foreignCanvas is a canvas of the user's own: notes, a group, a link,
// spread over where the layout will go.
func foreignCanvas(rng *rand.Rand) string {
	var nodes []string
	for i := range 1 + rng.IntN(6) {
		x, y := rng.IntN(6000)-500, rng.IntN(3000)-500
		switch i % 3 {
		case 0:
			nodes = append(nodes, fmt.Sprintf(`{"id":"note%d","type":"text","text":"n%d","x":%d,"y":%d,"width":250,"height":80,"x-plugin":{"k":%d}}`, i, i, x, y, i))
		case 1:
			nodes = append(nodes, fmt.Sprintf(`{"id":"grp%d","type":"group","label":"G","x":%d,"y":%d,"width":700,"height":400}`, i, x, y))
		default:
			nodes = append(nodes, fmt.Sprintf(`{"id":"lnk%d","type":"link","url":"https://example.org/%d","x":%d,"y":%d,"width":300,"height":200}`, i, i, x, y))
		}
	}
	return "{\n\t\"nodes\":[\n\t\t" + strings.Join(nodes, ",\n\t\t") + "\n\t],\n\t\"edges\":[]\n}"
}

func TestPopulateAndArrangeProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	for _, n := range []int{1, 40, 400, 2000} {
		files := vaultgen.Files(n)
		user := foreignCanvas(rng)
		files["Projects.canvas"] = user
		fsys := memfs.New(files)
		p, err := pc.Open(fsys)
		require.NoError(t, err)
		run := func(fn func(c *canvas.Canvas)) string {
			_, err := canvas.Update(p, "Projects.canvas", func(c *canvas.Canvas) error { fn(c); return nil })
			require.NoError(t, err)
			data, _ := fsys.ReadFile("Projects.canvas")
			return string(data)
		}
		once := run(func(c *canvas.Canvas) { canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil) })
		twice := run(func(c *canvas.Canvas) { canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil) })
		require.Equal(t, once, twice, "populate twice equals populate once (n=%d)", n)
		laid := run(func(c *canvas.Canvas) { canvas.Arrange(c, p.Graph()) })
		require.Equal(t, laid, run(func(c *canvas.Canvas) { canvas.Arrange(c, p.Graph()) }), "layout is deterministic")

		for _, line := range strings.Split(user, "\n") {
			if line = strings.TrimSuffix(strings.TrimSpace(line), ","); strings.HasPrefix(line, `{"id"`) {
				require.Contains(t, laid, line, "the user's node is untouched")
			}
		}
		c, err := canvas.Parse([]byte(laid))
		require.NoError(t, err)
		var mine, theirs []*canvas.Node
		for _, nd := range c.Nodes {
			if strings.HasPrefix(nd.ID, "entity-") {
				mine = append(mine, nd)
			} else {
				theirs = append(theirs, nd)
			}
		}
		slices.SortFunc(mine, func(a, b *canvas.Node) int { return cmp.Compare(a.X, b.X) })
		for i, a := range mine {
			for _, b := range mine[i+1:] {
				if b.X >= a.X+a.Width {
					break // sorted by x: nothing further right can overlap a
				}
				require.False(t, a.Overlaps(b), "%s overlaps %s", a.ID, b.ID)
			}
			for _, b := range theirs {
				require.False(t, a.Overlaps(b), "%s overlaps the user's %s", a.ID, b.ID)
			}
		}
		for _, e := range p.All() {
			if e.Archived || e.Parent == "" {
				continue
			}
			child, parent := c.Node(canvas.NodeID(e.ID)), c.Node(canvas.NodeID(e.Parent))
			if child != nil && parent != nil {
				require.GreaterOrEqual(t, child.Y, parent.Y+parent.Height, "%s below its parent", e.ID)
			}
		}
	}
}
