package tools_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// mergedVault holds T-002 twice, as two synced devices left it: Ana's (the
// older) and Ben's, which T-003 (created after it on Ben's device) depends
// on, and two canvases showing Ben's file.
var mergedVault = map[string]string{
	"Projects/milestones/M-001 Beta.md": "---\nid: M-001\ntype: milestone\ntitle: Beta\ncreated_at: 2026-01-01T09:00:00Z\n---\n",
	"Projects/stories/S-001 Login.md":   "---\nid: S-001\ntype: story\ntitle: Login\nparent: M-001\ncreated_at: 2026-01-01T09:00:00Z\n---\n",
	"Projects/tasks/T-002 Form.md": "---\nid: T-002\ntype: task\ntitle: Form\nparent: S-001\n" +
		"created_at: 2026-01-02T10:00:00Z\n---\n# Form\n",
	"Projects/tasks/T-002 Cookie.md": "---\nid: T-002\ntype: task\ntitle: Cookie\nparent: S-001\nblocks: [T-003]\n" +
		"created_at: 2026-01-02T11:00:00Z\n---\n# Cookie\n\nBen's notes.\n",
	"Projects/tasks/T-003 Expiry.md": "---\nid: T-003\ntype: task\ntitle: Expiry\nparent: S-001\ndepends_on: [\"[[T-002 Cookie]]\"]\n" +
		"created_at: 2026-01-02T11:30:00Z\n---\n",
	"Projects.canvas": `{"nodes":[{"id":"n1","type":"file","file":"Projects/tasks/T-002 Cookie.md","x":0,"y":0,"width":400,"height":120},` +
		`{"id":"n2","type":"file","file":"Projects/tasks/T-002 Form.md","x":0,"y":200,"width":400,"height":120}],"edges":[]}`,
	"Boards/Ben.canvas": `{"nodes":[{"id":"b","type":"file","file":"Projects/tasks/T-002 Cookie.md","x":0,"y":0,"width":400,"height":120,"color":"4"}]}`,
}

func mergedHarness(t *testing.T) *harness {
	fsys := memfs.New(mergedVault)
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC) }))
	require.NoError(t, err)
	return &harness{t: t, reg: tools.New(), env: &tools.Env{Project: p}, fs: fsys}
}

func TestReconcileRepairIDs(t *testing.T) {
	h := mergedHarness(t)
	dry := h.ok("reconcile_relationships", `{"repair_ids":true}`)
	assert.Equal(t, true, dry["dry_run"], "a dry run unless dry_run is false")
	assert.Equal(t, false, dry["applied"])
	assert.Equal(t, mergedVault, h.fs.Files(), "nothing written")

	out := h.ok("reconcile_relationships", `{"repair_ids":true,"dry_run":false}`)
	assert.Equal(t, true, out["applied"])
	ids := out["ids"].(map[string]any)
	assert.Equal(t, dry["ids"].(map[string]any)["renumbered"], ids["renumbered"], "the dry run said what the write did")
	assert.Equal(t, []any{map[string]any{"id": "T-002", "new_id": "T-004", "file": "Projects/tasks/T-002 Cookie.md",
		"new_file": "Projects/tasks/T-004 Cookie.md", "kept": "Projects/tasks/T-002 Form.md"}}, ids["renumbered"])
	assert.Len(t, ids["rewritten"], 1)
	assert.Len(t, ids["canvas_nodes"], 2)

	files := h.fs.Files()
	assert.NotContains(t, files, "Projects/tasks/T-002 Cookie.md")
	assert.Equal(t, "---\nid: T-004\ntype: task\ntitle: Cookie\nparent: S-001\nblocks: [T-003]\n"+
		"created_at: 2026-01-02T11:00:00Z\n---\n# Cookie\n\nBen's notes.\n", files["Projects/tasks/T-004 Cookie.md"])
	assert.Contains(t, files["Projects/tasks/T-003 Expiry.md"], `depends_on: ["[[T-004 Cookie]]"]`, "the wikilink follows the renamed file")
	for _, name := range []string{"Projects.canvas", "Boards/Ben.canvas"} {
		c, err := canvas.Parse([]byte(files[name]))
		require.NoError(t, err)
		assert.NotNil(t, c.FileNode("Projects/tasks/T-004 Cookie.md"), name)
		assert.Nil(t, c.FileNode("Projects/tasks/T-002 Cookie.md"), name)
	}
	assert.Contains(t, files["Boards/Ben.canvas"], `"color":"4"`, "the node keeps what the user set")
	assert.NotNil(t, mustCanvas(t, files["Projects.canvas"]).FileNode("Projects/tasks/T-002 Form.md"), "the kept copy's node stays")

	v := h.ok("validate_project", `{}`)
	assert.Equal(t, true, v["valid"], "no duplicate left, both sides of every link agree: %v", v["issues"])
	again := h.ok("reconcile_relationships", `{"repair_ids":true,"dry_run":false}`)
	assert.Empty(t, again["ids"].(map[string]any)["renumbered"])
}

func mustCanvas(t *testing.T, s string) *canvas.Canvas {
	c, err := canvas.Parse([]byte(s))
	require.NoError(t, err)
	return c
}

// A canvas saved meanwhile is left alone; the notes are repaired.
func TestReconcileRepairIDsRefusesAChangedCanvas(t *testing.T) {
	h := mergedHarness(t)
	saved := false
	h.fs.FailWrite = func(op, name string) error {
		if !saved && name == "Boards/Ben.canvas" {
			saved = true
			return pc.ConflictError(name)
		}
		return nil
	}
	out := h.ok("reconcile_relationships", `{"repair_ids":true,"dry_run":false}`)
	ids := out["ids"].(map[string]any)
	assert.Equal(t, []any{map[string]any{"file": "Boards/Ben.canvas", "reason": "changed on disk since it was read; run the repair again"}}, ids["refused"])
	assert.Equal(t, mergedVault["Boards/Ben.canvas"], h.fs.Files()["Boards/Ben.canvas"])
	assert.Contains(t, h.fs.Files(), "Projects/tasks/T-004 Cookie.md")
}

func TestValidateProjectMigration(t *testing.T) {
	h := newHarness(t)
	require.NoError(t, h.fs.Put("Projects/tasks/Old.md", []byte("---\ntype: task\ntitle: Old\nid: T-009\neffort: Engineering\n"+
		"status: in_progress\nparent: S-001\n---\n# Old\n")))
	_, err := h.env.Project.Reload()
	require.NoError(t, err)
	out := h.ok("validate_project", `{"migration":true}`)
	mig := out["migration"].(map[string]any)
	assert.Equal(t, float64(1), mig["changed"])
	notes := mig["notes"].([]any)
	require.Len(t, notes, 1)
	assert.Equal(t, "Projects/tasks/Old.md", notes[0].(map[string]any)["file"])
	assert.NotContains(t, h.ok("validate_project", `{}`), "migration", "only when asked")
}
