package commands_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func memVault(t *testing.T, files map[string]string) *vault {
	fsys := memfs.New(files)
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) }))
	require.NoError(t, err)
	fsys.TrackChanges()
	return &vault{t: t, fs: fsys, env: &tools.Env{Project: p}}
}

// The editor shows the id repair's dry run, then applies it.
func TestReconcileRepairIDsDryRunThenApply(t *testing.T) {
	v := memVault(t, map[string]string{
		"Projects/tasks/T-001 Form.md":    "---\nid: T-001\ntype: task\ntitle: Form\nparent: S-001\ncreated_at: 2026-01-02T10:00:00Z\n---\n",
		"Projects/tasks/T-001 Cookie.md":  "---\nid: T-001\ntype: task\ntitle: Cookie\nparent: S-001\ncreated_at: 2026-01-02T11:00:00Z\n---\n",
		"Projects/stories/S-001 Login.md": "---\nid: S-001\ntype: story\ntitle: Login\nparent: M-001\n---\n",
		"Projects/milestones/M-001 B.md":  "---\nid: M-001\ntype: milestone\ntitle: B\n---\n",
	})
	res, changes := v.ok("reconcile-relationships", `{"repair_ids":true}`)
	assert.Empty(t, written(changes), "a dry run first")
	assert.Equal(t, "Would renumber 1 duplicate and rewrite 0 references.", res.Notice)
	assert.Len(t, rows(t, res), 1)

	res, changes = v.ok("reconcile-relationships", `{"repair_ids":true,"dry_run":false}`)
	assert.Equal(t, "Renumbered 1 duplicate and rewrote 0 references.", res.Notice)
	assert.Equal(t, []string{"Projects/tasks/T-002 Cookie.md"}, written(changes), "renamed (a rename names its destination)")
}

func TestMigrateCommand(t *testing.T) {
	old := "---\ntype: task\ntitle: Form\nid: T-001\neffort: Engineering\nstatus: todo\npriority: High\nparent: S-001\n" +
		"created_by_plugin: true\n---\n\n# Form\n\nBody line.\n"
	v := memVault(t, map[string]string{
		"Projects/tasks/Form.md":          old,
		"Projects/stories/S-001 Login.md": "---\nid: S-001\ntype: story\ntitle: Login\nparent: M-001\nstatus: Not Started\n---\n",
		"Projects/milestones/M-001 B.md":  "---\nid: M-001\ntype: milestone\ntitle: B\nstatus: Not Started\n---\n",
	})
	res, changes := v.ok("migrate", `{}`)
	assert.Empty(t, written(changes))
	assert.Equal(t, "Would migrate 1 note (4 changes).", res.Notice)

	res, changes = v.ok("migrate", `{"apply":true}`)
	assert.Equal(t, "Migrated 1 note (4 changes).", res.Notice)
	assert.Equal(t, []string{"Projects/tasks/Form.md"}, written(changes))
	assert.Equal(t, "---\ntype: task\ntitle: Form\nid: T-001\nstatus: Not Started\npriority: P1\nparent: S-001\n"+
		"created_by_plugin: true\nworkstream: engineering\n---\n\n# Form\n\nBody line.\n", v.fs.Files()["Projects/tasks/Form.md"])

	res, changes = v.ok("migrate", `{"apply":true}`)
	assert.Empty(t, written(changes))
	assert.Equal(t, "Nothing to migrate: every note is in this project's format.", res.Notice)
}
