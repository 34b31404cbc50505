package tools_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// canvasNodes reads a canvas of the harness's vault and returns its node ids.
func (h *harness) canvasNodes(name string) []string {
	h.t.Helper()
	c, _, err := canvas.Read(h.fs, name)
	require.NoError(h.t, err)
	var out []string
	for _, n := range c.Nodes {
		out = append(out, n.ID)
	}
	return out
}

// create_entity puts the new entity on the configured canvas by default,
// creating the canvas when the vault has none yet, below its parent's node.
func TestCreateEntityAddsToCanvas(t *testing.T) {
	h := newHarness(t)
	assert.NotContains(t, h.fs.Files(), "Projects.canvas")
	out := h.ok("create_entity", `{"type":"milestone","data":{"title":"Beta"}}`)
	assert.Equal(t, true, out["canvas_node_added"])
	assert.NotContains(t, out, "canvas_error")
	out = h.ok("create_entity", `{"type":"story","data":{"title":"Login","parent":"M-001"}}`)
	assert.Equal(t, true, out["canvas_node_added"])
	assert.Equal(t, []string{"entity-M-001", "entity-S-001"}, h.canvasNodes("Projects.canvas"))
	c, _, err := canvas.Read(h.fs, "Projects.canvas")
	require.NoError(t, err)
	m, s := c.Node("entity-M-001"), c.Node("entity-S-001")
	assert.Equal(t, "Projects/stories/S-001 Login.md", s.File)
	assert.Greater(t, s.Y, m.Y+m.Height, "the story sits below its milestone")

	out = h.ok("create_entity", `{"type":"task","data":{"title":"Form","parent":"S-001"},"options":{"add_to_canvas":false}}`)
	assert.Equal(t, false, out["canvas_node_added"])
	assert.Len(t, h.canvasNodes("Projects.canvas"), 2, "switched off")

	out = h.ok("create_entity", `{"type":"task","data":{"title":"API","parent":"S-001"},"options":{"canvas_source":"boards/Sprint.canvas"}}`)
	assert.Equal(t, true, out["canvas_node_added"])
	assert.Equal(t, []string{"entity-T-002"}, h.canvasNodes("boards/Sprint.canvas"))

	out = h.ok("create_entity", `{"type":"milestone","data":{"title":"Shelved","archived":true}}`)
	assert.Equal(t, false, out["canvas_node_added"], "archived entities stay off the canvas")
}

// A canvas that cannot take the node does not undo the entity: the entity
// is created, canvas_node_added is false and canvas_error says why; the
// broken canvas is left as it was.
func TestCreateEntityCanvasFailureIsReported(t *testing.T) {
	h := newHarness(t)
	require.NoError(t, h.fs.WriteFile("Projects.canvas", []byte("{not json"), ""))
	out := h.ok("create_entity", `{"type":"milestone","data":{"title":"Beta"}}`)
	assert.Equal(t, false, out["canvas_node_added"])
	assert.Contains(t, out["canvas_error"], "not a JSON Canvas file")
	_, err := h.env.Project.Get("M-001")
	require.NoError(t, err, "the entity stays")
	assert.Equal(t, "{not json", h.fs.Files()["Projects.canvas"])

}

// A canvas_source the entities could not go on (a typo, a path out of
// the vault, a file that is not JSON Canvas) is refused before anything
// is written: no stray entity.
func TestCanvasSourceIsCheckedFirst(t *testing.T) {
	h := newHarness(t)
	require.NoError(t, h.fs.WriteFile("Broken.canvas", []byte("{not json"), ""))
	before := h.fs.Files()
	for _, call := range [][2]string{
		{"create_entity", `{"type":"milestone","data":{"title":"Gamma"},"options":{"canvas_source":"../outside.canvas"}}`},
		{"create_entity", `{"type":"milestone","data":{"title":"Gamma"},"options":{"canvas_source":"Broken.canvas"}}`},
		{"create_entity", `{"type":"milestone","data":{"title":"Gamma"},"options":{"canvas_source":".obsidian/x.canvas"}}`},
		{"handle_entity", `{"action":"create","type":"milestone","title":"Gamma","canvas_source":"Notes.md"}`},
		{"batch_update", `{"ops":[{"op":"create","type":"milestone","data":{"title":"Gamma"}}],"options":{"canvas_source":"../z.canvas"}}`},
	} {
		out, err := h.call(call[0], call[1])
		if call[0] == "batch_update" { // a refused batch answers its error in the result, rolled back
			assert.Equal(t, true, out["rolled_back"])
			batchErr, _ := out["error"].(map[string]any)
			require.NotNil(t, batchErr, "%v", out)
			assert.Equal(t, string(pc.CodeInvalidArgument), batchErr["code"])
		} else {
			require.Error(t, err, call[1])
			assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%s: %v", call[1], err)
			assert.Equal(t, "options.canvas_source", pc.AsError(err).Details["field"], call[1])
		}
		assert.Equal(t, before, h.fs.Files(), "%s wrote", call[1])
	}
	out := h.ok("create_entity", `{"type":"milestone","data":{"title":"Gamma"},"options":{"canvas_source":"Broken.canvas","add_to_canvas":false}}`)
	assert.Equal(t, "M-001", out["id"], "no canvas, no check")
}

func TestHandleEntityCreateAddsToCanvas(t *testing.T) {
	h := newHarness(t)
	out := h.ok("handle_entity", `{"action":"create","type":"milestone","title":"Beta","canvas_source":"Mine.canvas"}`)
	assert.Equal(t, true, out["canvas_node_added"])
	assert.Equal(t, []string{"entity-M-001"}, h.canvasNodes("Mine.canvas"))
	out = h.ok("handle_entity", `{"action":"create","type":"milestone","title":"Gamma","add_to_canvas":false}`)
	assert.Equal(t, false, out["canvas_node_added"])
	assert.NotContains(t, h.fs.Files(), "Projects.canvas")
}

// A batch puts all the entities it created on the canvas in one canvas
// write, and reports canvas_node_added on each create op.
func TestBatchAddsCreatedEntitiesToCanvas(t *testing.T) {
	h := newHarness(t)
	h.ok("create_entity", `{"type":"milestone","data":{"title":"Beta"},"options":{"add_to_canvas":false}}`)
	var writes int
	h.fs.FailWrite = func(op, name string) error {
		if strings.HasSuffix(name, ".canvas") {
			writes++
		}
		return nil
	}
	out := h.ok("batch_update", `{"ops":[
		{"op":"create","client_id":"s","type":"story","data":{"title":"Login","parent":"M-001"}},
		{"op":"create","type":"task","data":{"title":"Form","parent":"{{s}}"}},
		{"op":"update","id":"M-001","data":{"owner":"Ana"}},
		{"op":"create","type":"task","data":{"title":"No parent"}}
	]}`)
	assert.Equal(t, 1, writes, "one canvas write for the whole batch")
	results := out["results"].([]any)
	added := func(i int) any { return results[i].(map[string]any)["canvas_node_added"] }
	assert.Equal(t, true, added(0))
	assert.Equal(t, true, added(1))
	assert.Nil(t, added(2), "updates do not report it")
	assert.Nil(t, added(3), "a failed create does not report it")
	assert.Equal(t, []string{"entity-S-001", "entity-T-001"}, h.canvasNodes("Projects.canvas"))
	c, _, err := canvas.Read(h.fs, "Projects.canvas")
	require.NoError(t, err)
	s, task := c.Node("entity-S-001"), c.Node("entity-T-001")
	assert.Equal(t, s.Y+s.Height+60, task.Y, "the task below the story created in the same batch")

	h.ok("batch_update", `{"ops":[{"op":"create","type":"task","data":{"title":"Dry","parent":"S-001"}}],"options":{"dry_run":true}}`)
	h.ok("batch_update", `{"ops":[{"op":"create","type":"task","data":{"title":"Off","parent":"S-001"}}],"options":{"add_to_canvas":false}}`)
	out = h.ok("batch_update", `{"ops":[
		{"op":"create","type":"task","data":{"title":"Good","parent":"S-001"}},
		{"op":"create","type":"task","data":{"title":"Bad"}}
	],"options":{"atomic":true}}`)
	assert.Equal(t, true, out["rolled_back"])
	assert.Equal(t, 1, writes, "no canvas write for a dry run, add_to_canvas false or a rolled-back batch")
	assert.Len(t, h.canvasNodes("Projects.canvas"), 2)

	require.NoError(t, h.fs.WriteFile("Projects.canvas", []byte("[]"), pc.HashOf([]byte(h.fs.Files()["Projects.canvas"]))))
	out = h.ok("batch_update", `{"ops":[{"op":"create","type":"task","data":{"title":"Kept","parent":"S-001"}}]}`)
	assert.NotEmpty(t, out["canvas_error"])
	assert.Equal(t, false, out["results"].([]any)[0].(map[string]any)["canvas_node_added"])
	assert.Equal(t, float64(1), out["summary"].(map[string]any)["succeeded"], "the entity is not undone")

	h.fs.FailWrite = func(op, name string) error {
		if strings.HasSuffix(name, ".canvas") {
			return errors.New("disk full")
		}
		return nil
	}
	out = h.ok("create_entity", `{"type":"task","data":{"title":"Full","parent":"S-001"},"options":{"canvas_source":"Other.canvas"}}`)
	assert.Equal(t, false, out["canvas_node_added"])
	assert.Contains(t, out["canvas_error"], "disk full")
	_, err = h.env.Project.Get(out["id"].(string))
	require.NoError(t, err, "a failed canvas write does not undo the entity")
}

// editorFS is a vault whose canvas the editor saves right after each of
// the first saves reads of it: the read the tool's write is conditional on
// is stale by the time it writes.
type editorFS struct {
	*memfs.FS
	canvas string
	saves  int
}

func (e *editorFS) ReadFile(name string) ([]byte, error) {
	data, err := e.FS.ReadFile(name)
	if name == e.canvas && err == nil && e.saves > 0 {
		e.saves--
		c, perr := canvas.Parse(data)
		if perr != nil {
			return nil, perr
		}
		c.Node("note").X += 100 // the user drags their note
		if werr := e.FS.WriteFile(name, c.Bytes(), pc.HashOf(data)); werr != nil {
			return nil, werr
		}
	}
	return data, err
}

// editorHarness is a harness over an editorFS whose canvas holds a note.
func editorHarness(t *testing.T) (*harness, *editorFS) {
	fsys := memfs.New(map[string]string{"Projects.canvas": "{\n\t\"nodes\":[\n\t\t{\"id\":\"note\",\"type\":\"text\",\"text\":\"mine\",\"x\":0,\"y\":0,\"width\":250,\"height\":60}\n\t],\n\t\"edges\":[]\n}"})
	efs := &editorFS{FS: fsys, canvas: "Projects.canvas"}
	p, err := pc.Open(efs, pc.WithClock(func() time.Time { return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) }))
	require.NoError(t, err)
	return &harness{t: t, reg: testRegistry, env: &tools.Env{Project: p}, fs: fsys}, efs
}

// A canvas the editor saved between the read and the write is never
// overwritten: the write fails as a whole and runs again on the canvas as
// saved, so the entity and its node are written together and the user's
// edit is kept. If the canvas changes again, the entity is written without
// its node and canvas_error says so.
func TestCanvasSavedMeanwhileIsReadAgain(t *testing.T) {
	h, efs := editorHarness(t)
	efs.saves = 1
	out := h.ok("create_entity", `{"type":"milestone","data":{"title":"Beta"}}`)
	assert.Equal(t, "M-001", out["id"])
	assert.Equal(t, true, out["canvas_node_added"])
	assert.NotContains(t, out, "canvas_error")
	c, _, err := canvas.Read(h.fs, "Projects.canvas")
	require.NoError(t, err)
	assert.Equal(t, 100.0, c.Node("note").X, "the editor's save is kept")
	assert.NotNil(t, c.Node("entity-M-001"))

	efs.saves = 2
	out = h.ok("create_entity", `{"type":"milestone","data":{"title":"Gamma"}}`)
	assert.Equal(t, "M-002", out["id"], "the failed attempts used no id")
	assert.Equal(t, false, out["canvas_node_added"])
	assert.Contains(t, out["canvas_error"], "changed on disk")
	c, _, err = canvas.Read(h.fs, "Projects.canvas")
	require.NoError(t, err)
	assert.Equal(t, 300.0, c.Node("note").X, "both saves kept")
	assert.Nil(t, c.Node("entity-M-002"))
	assert.Len(t, h.env.Project.All(), 2, "each entity written once")
}

// A batch run again after a conflict starts afresh: client_id references
// resolve, each op is reported once, and every entity is created once.
func TestBatchRunsAgainAfterACanvasConflict(t *testing.T) {
	h, efs := editorHarness(t)
	efs.saves = 1
	out := h.ok("batch_update", `{"ops":[
		{"op":"create","client_id":"m","type":"milestone","data":{"title":"Beta"}},
		{"op":"create","client_id":"s","type":"story","data":{"title":"Login","parent":"{{m}}"}},
		{"op":"update","id":"{{m}}","data":{"owner":"Ana"}}
	],"options":{"atomic":true}}`)
	results := out["results"].([]any)
	require.Len(t, results, 3)
	for i, r := range results {
		assert.Equal(t, true, r.(map[string]any)["success"], "op %d", i)
	}
	assert.Equal(t, "S-001", results[1].(map[string]any)["id"])
	assert.Equal(t, true, results[1].(map[string]any)["canvas_node_added"])
	assert.Len(t, h.env.Project.All(), 2)
	assert.Equal(t, []string{"note", "entity-M-001", "entity-S-001"}, h.canvasNodes("Projects.canvas"))
}
