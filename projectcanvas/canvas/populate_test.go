package canvas_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// exampleProject is a small project: two workstreams, a decision, a
// document, a feature, dependencies, an archived task.
func exampleProject(t *testing.T, fsys pc.FS) *pc.Project {
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) }))
	require.NoError(t, err)
	_, err = p.Write(func(tx *pc.Tx) error {
		for _, c := range []struct {
			t    pc.Type
			data map[string]any
		}{
			{pc.Milestone, map[string]any{"title": "Beta", "workstream": "engineering"}},
			{pc.Story, map[string]any{"title": "Sign-in", "parent": "M-001"}},
			{pc.Task, map[string]any{"title": "Wire the form", "parent": "S-001"}},
			{pc.Task, map[string]any{"title": "Session API", "parent": "S-001"}},
			{pc.Story, map[string]any{"title": "Profile", "parent": "M-001"}},
			{pc.Task, map[string]any{"title": "Avatar upload", "parent": "S-002", "depends_on": []any{"T-002"}}},
			{pc.Milestone, map[string]any{"title": "Brand", "workstream": "design"}},
			{pc.Story, map[string]any{"title": "Logo", "parent": "M-002", "depends_on": []any{"S-001"}}},
			{pc.Task, map[string]any{"title": "Old sketch", "parent": "S-003", "archived": true}},
			{pc.Decision, map[string]any{"title": "Use OAuth", "affects": []any{"S-001"}}},
			{pc.Document, map[string]any{"title": "Auth spec", "documents": []any{"T-002"}}},
			{pc.Feature, map[string]any{"title": "SSO"}},
		} {
			if _, err := tx.Create(c.t, c.data); err != nil {
				return err
			}
		}
		_, err := tx.Update("T-001", pc.Change{AddTo: map[string][]string{"implements": {"F-001"}}})
		return err
	})
	require.NoError(t, err)
	return p
}

func readCanvas(t *testing.T, fsys *memfs.FS, name string) string {
	t.Helper()
	data, err := fsys.ReadFile(name)
	require.NoError(t, err)
	return string(data)
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := "testdata/" + name
	if *canvas.UpdateGolden {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), got)
}

func TestPopulateThenArrange(t *testing.T) {
	before, err := os.ReadFile("testdata/before.canvas")
	require.NoError(t, err)
	fsys := memfs.New(map[string]string{"Projects.canvas": string(before)})
	p := exampleProject(t, fsys)

	var pop canvas.Populated
	_, err = canvas.Update(p, "Projects.canvas", func(c *canvas.Canvas) error {
		pop = canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, canvas.FileExists(fsys))
		return nil
	})
	require.NoError(t, err)
	assert.Len(t, pop.Added, 10, "12 entities, one archived, one already on the canvas by file")
	assert.Equal(t, 1, pop.Skipped)
	assert.Equal(t, 2, pop.EdgesAdded)
	assert.Equal(t, []string{"Deleted note.md"}, pop.MissingFiles, "kept and reported")
	populated := readCanvas(t, fsys, "Projects.canvas")
	golden(t, "after-populate.canvas", populated)
	assertForeignKept(t, string(before), populated)

	// Twice is once.
	_, err = canvas.Update(p, "Projects.canvas", func(c *canvas.Canvas) error {
		again := canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil)
		assert.Empty(t, again.Added)
		assert.Zero(t, again.EdgesAdded)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, populated, readCanvas(t, fsys, "Projects.canvas"))

	var arranged canvas.Arranged
	_, err = canvas.Update(p, "Projects.canvas", func(c *canvas.Canvas) error {
		arranged = canvas.Arrange(c, p.Graph())
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 11, arranged.Placed)
	laidOut := readCanvas(t, fsys, "Projects.canvas")
	golden(t, "after-layout.canvas", laidOut)
	assertForeignKept(t, string(before), laidOut)

	c, err := canvas.Parse([]byte(laidOut))
	require.NoError(t, err)
	for i, a := range c.Nodes {
		for _, b := range c.Nodes[i+1:] {
			if a.Type != canvas.TypeGroup && b.Type != canvas.TypeGroup {
				assert.False(t, a.Overlaps(b), "%s overlaps %s", a.ID, b.ID)
			}
		}
		if !strings.HasPrefix(a.ID, "entity-") && a.ID != "old-file" {
			continue
		}
		for _, f := range []string{"note0001", "group001", "gone0001"} {
			assert.False(t, a.Overlaps(c.Node(f)), "%s overlaps the user's %s", a.ID, f)
		}
	}

	// Layout is deterministic: a second run moves nothing.
	_, err = canvas.Update(p, "Projects.canvas", func(c *canvas.Canvas) error {
		assert.Zero(t, canvas.Arrange(c, p.Graph()).Moved)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, laidOut, readCanvas(t, fsys, "Projects.canvas"))
}

// assertForeignKept checks that the lines of the nodes and edges the user
// made are in after, byte for byte (the entity node the user dragged in is
// the one the layout may move).
func assertForeignKept(t *testing.T, before, after string) {
	t.Helper()
	for _, line := range strings.Split(before, "\n") {
		line = strings.TrimSuffix(strings.TrimSpace(line), ",")
		if strings.HasPrefix(line, "{\"id\"") && !strings.Contains(line, "old-file") {
			assert.Contains(t, after, line)
		}
	}
}

// addEntities runs canvas.AddEntities in a transaction of its own.
func addEntities(p *pc.Project, name string, entities []*pc.Entity, parentOf func(*pc.Entity) *pc.Entity) (added []pc.ID, err error) {
	_, err = p.Write(func(tx *pc.Tx) (err error) {
		added, err = canvas.AddEntities(tx, name, entities, parentOf)
		return err
	})
	return added, err
}

func TestAddEntity(t *testing.T) {
	fsys := memfs.New(nil)
	p := exampleProject(t, fsys)
	get := func(id string) *pc.Entity { e, err := p.Get(id); require.NoError(t, err); return e }
	add := func(name string, e, parent *pc.Entity) (bool, error) {
		ids, err := addEntities(p, name, []*pc.Entity{e}, func(*pc.Entity) *pc.Entity { return parent })
		return len(ids) > 0, err
	}
	added, err := add("Projects.canvas", get("S-001"), get("M-001"))
	require.NoError(t, err)
	assert.True(t, added)
	added, err = add("Projects.canvas", get("T-001"), get("S-001"))
	require.NoError(t, err)
	assert.True(t, added)
	added, err = add("Projects.canvas", get("T-002"), get("S-001"))
	require.NoError(t, err)
	assert.True(t, added)
	added, err = add("Projects.canvas", get("T-001"), get("S-001"))
	require.NoError(t, err)
	assert.False(t, added, "already there")
	c, _, err := canvas.Read(fsys, "Projects.canvas")
	require.NoError(t, err)
	require.Len(t, c.Nodes, 3)
	s, t1, t2 := c.Node("entity-S-001"), c.Node("entity-T-001"), c.Node("entity-T-002")
	assert.Equal(t, s.Y+s.Height+60, t1.Y, "below its parent")
	assert.False(t, t1.Overlaps(t2))
	assert.Greater(t, t2.Y, t1.Y)

	_, err = add("bad.canvas", get("T-001"), nil)
	require.NoError(t, err)
	require.NoError(t, fsys.WriteFile("bad.canvas", []byte("{oops"), pc.HashOf(mustRead(t, fsys, "bad.canvas"))))
	_, err = add("bad.canvas", get("T-002"), nil)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	assert.Equal(t, "{oops", readCanvas(t, fsys, "bad.canvas"), "a broken canvas is left alone")
}

func mustRead(t *testing.T, fsys pc.FS, name string) []byte {
	data, err := fsys.ReadFile(name)
	require.NoError(t, err)
	return data
}

// A batch's new entities go on the canvas in one write: children below the
// parents added in the same call, nodes already there left alone; an entity
// whose node id a user's node holds gets its own node under another id, the
// user's node kept byte for byte.
func TestAddEntities(t *testing.T) {
	fsys := memfs.New(nil)
	p := exampleProject(t, fsys)
	get := func(id string) *pc.Entity { e, err := p.Get(id); require.NoError(t, err); return e }
	foreign := `{"id":"entity-T-002","type":"text","text":"mine","x":5000,"y":5000,"width":100,"height":60}`
	start := "{\n\t\"nodes\":[\n\t\t" + foreign + "\n\t],\n\t\"edges\":[]\n}"
	require.NoError(t, fsys.WriteFile("Board.canvas", []byte(start), ""))
	parentOf := func(e *pc.Entity) *pc.Entity {
		if e.Parent == "" {
			return nil
		}
		return get(string(e.Parent))
	}
	batch := []*pc.Entity{get("M-001"), get("S-001"), get("T-001"), get("T-002"), get("M-001")}
	added, err := addEntities(p, "Board.canvas", batch, parentOf)
	require.NoError(t, err)
	assert.Equal(t, []pc.ID{"M-001", "S-001", "T-001", "T-002"}, added, "M-001 twice is added once")
	c, _, err := canvas.Read(fsys, "Board.canvas")
	require.NoError(t, err)
	m, s, t1 := c.Node("entity-M-001"), c.Node("entity-S-001"), c.Node("entity-T-001")
	assert.Equal(t, m.Y+m.Height+60, s.Y, "story below the milestone added in the same call")
	assert.Equal(t, s.Y+s.Height+60, t1.Y, "task below its story")
	assert.Contains(t, readCanvas(t, fsys, "Board.canvas"), "\t\t"+foreign+",\n")
	t2 := c.Node("entity-T-002-2")
	require.NotNil(t, t2, "T-002's node takes the next free id")
	assert.Equal(t, get("T-002").Path, t2.File)

	again, err := addEntities(p, "Board.canvas", batch, parentOf)
	require.NoError(t, err)
	assert.Empty(t, again)

	added, err = addEntities(p, "new/Fresh.canvas", batch[:1], parentOf)
	require.NoError(t, err)
	assert.Equal(t, []pc.ID{"M-001"}, added, "a canvas that does not exist yet is created")
	assert.Contains(t, readCanvas(t, fsys, "new/Fresh.canvas"), `"id":"entity-M-001"`)
}

// A canvas of the plugin this project replaces (ostanlabs/obsidian_plugin)
// shows the notes by path, under node ids of its own, with its metadata:
// populate adopts those nodes and adds only the entities missing from it.
func TestPopulateAdoptsTheOldPluginsCanvas(t *testing.T) {
	fsys := memfs.New(map[string]string{
		"projects/milestones/Beta.md": "---\ntype: milestone\ntitle: Beta\nid: M-001\neffort: Engineering\nstatus: Not Started\n---\n",
		"projects/stories/Search.md":  "---\ntype: story\ntitle: Search\nid: S-001\nparent: M-001\nstatus: todo\n---\n",
		"projects/tasks/Index.md":     "---\ntype: task\ntitle: Index\nid: T-001\nparent: S-001\n---\n",
	})
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	old := `{"nodes":[` +
		`{"id":"9f2c41d0a7b3e6c1","type":"file","file":"projects/milestones/Beta.md","x":0,"y":0,"width":500,"height":400,"color":"6",` +
		`"metadata":{"plugin":"canvas-project-manager","shape":"milestone","collapsed":false}},` +
		`{"id":"1b7e0c9d4f2a8e35","type":"file","file":"projects/stories/Search.md","x":40,"y":60,"width":400,"height":300,"color":"3"}],` +
		`"edges":[]}`
	c, err := canvas.Parse([]byte(old))
	require.NoError(t, err)
	res := canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil)
	assert.Equal(t, []pc.ID{"T-001"}, res.Added, "only the entity missing from the canvas")
	assert.Equal(t, 2, res.Skipped, "the old plugin's nodes are the entities' nodes")
	assert.Len(t, c.Nodes, 3)
	assert.Contains(t, string(c.Bytes()), `"metadata":{"plugin":"canvas-project-manager","shape":"milestone","collapsed":false}`, "its keys kept")
	again := canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil)
	assert.Empty(t, again.Added)
	assert.Len(t, c.Nodes, 3)
}
