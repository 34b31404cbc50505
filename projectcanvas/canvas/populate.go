package canvas

import (
	"errors"
	"io/fs"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// PopulateOptions says which entities populate adds.
type PopulateOptions struct {
	// Types lists the entity types to add (the editor's visibility
	// toggles); empty means all six.
	Types []pc.Type
}

// Populated reports what Populate did.
type Populated struct {
	Added      []pc.ID `json:"added"`       // entities that got a node
	Skipped    int     `json:"skipped"`     // already on the canvas, by node id or file
	EdgesAdded int     `json:"edges_added"` // dependency edges
	// MissingFiles lists file nodes whose file does not exist: kept as
	// they are, reported so the user can mend them.
	MissingFiles []string `json:"missing_files"`
}

// Populate adds a file node for every entity that is not archived and not
// on the canvas yet, in rows below the existing content (run Arrange to lay
// them out), and an edge for every dependency between two entities on the
// canvas. Running it twice adds nothing the second time. exists tells
// whether a vault file exists, to report file nodes that point nowhere; nil
// skips that check.
//
// g is the project's entities (Project.Graph, or pc.NewGraph of a set).
func Populate(c *Canvas, g *pc.Graph, opts PopulateOptions, exists func(path string) bool) Populated {
	res := Populated{Added: []pc.ID{}, MissingFiles: []string{}}
	entities := g.All()
	onCanvas := EntityNodes(c, entities)
	x0, y0 := bottom(c)
	if len(c.Nodes) > 0 {
		y0 += 200
	}
	col, rowH := 0, 0.0
	taken := takenIDs(c)
	for _, e := range entities {
		switch {
		case e.Archived || !visible(e.Type, opts.Types):
			continue
		case onCanvas[e.ID] != nil:
			res.Skipped++
			continue
		}
		if col == 10 { // rows of ten, each below the tallest card of the one above
			col, y0, rowH = 0, y0+rowH+40, 0
		}
		w, h := CardSize(e)
		n := &Node{ID: newID(taken, NodeID(e.ID)), Type: TypeFile, File: e.Path,
			X: x0 + float64(col)*(w+40), Y: y0, Width: w, Height: h}
		col, rowH = col+1, max(rowH, h)
		c.Nodes = append(c.Nodes, n)
		onCanvas[e.ID] = n
		res.Added = append(res.Added, e.ID)
	}
	res.EdgesAdded = indexEdges(c).addDependencyEdges(g, onCanvas)
	if exists != nil {
		for _, n := range c.Nodes {
			if n.Type == TypeFile && !exists(n.File) {
				res.MissingFiles = append(res.MissingFiles, n.File)
			}
		}
	}
	return res
}

func visible(t pc.Type, types []pc.Type) bool {
	if len(types) == 0 {
		return true
	}
	for _, v := range types {
		if v == t {
			return true
		}
	}
	return false
}

// FileExists returns the exists function of Populate for a vault.
func FileExists(fsys pc.Files) func(string) bool {
	return func(name string) bool {
		_, err := fsys.ReadFile(name)
		return !errors.Is(err, fs.ErrNotExist)
	}
}

// AddEntities adds the nodes of new entities to the canvas at name in the
// transaction (see Edit), creating the canvas when it does not exist yet.
// Each goes below its parent's node when the parent is on the canvas (or
// was added just before it), else below the content, never over another
// node; an entity already on the canvas (by node id or file) is left alone,
// and so is one whose node id is taken by a node showing something else.
// parentOf finds an entity's parent (nil: none or unknown). It is the hook
// behind the add_to_canvas option of create_entity and batch_update, which
// call it after their entity operations, so that the entities and their
// nodes are written together; added lists, in order, the entities that got
// a node.
func AddEntities(tx *pc.Tx, name string, entities []*pc.Entity, parentOf func(*pc.Entity) *pc.Entity) (added []pc.ID, err error) {
	parents := make([]*pc.Entity, 0, len(entities))
	for _, e := range entities {
		if p := parentOf(e); p != nil {
			parents = append(parents, p)
		}
	}
	_, err = Edit(tx, name, func(c *Canvas) error {
		nodes := EntityNodes(c, append(slices.Clone(entities), parents...))
		taken := takenIDs(c)
		for _, e := range entities {
			if nodes[e.ID] != nil {
				continue
			}
			x, y := bottom(c)
			if len(c.Nodes) > 0 {
				y += 60
			}
			if p := nodes[e.Parent]; p != nil {
				x, y = p.X, p.Y+p.Height+60
			}
			w, h := CardSize(e)
			r := free(c, rectOf(&Node{X: x, Y: y, Width: w, Height: h}))
			n := &Node{ID: newID(taken, NodeID(e.ID)), Type: TypeFile, File: e.Path, X: r.X, Y: r.Y, Width: r.W, Height: r.H}
			c.Nodes = append(c.Nodes, n)
			nodes[e.ID] = n
			added = append(added, e.ID)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return added, nil
}
