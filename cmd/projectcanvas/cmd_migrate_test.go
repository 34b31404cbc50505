package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMigrateCommand(t *testing.T) {
	dir := t.TempDir()
	note := filepath.Join(dir, "Projects/milestones/Beta.md")
	require.NoError(t, os.MkdirAll(filepath.Dir(note), 0o755))
	old := "---\ntype: milestone\ntitle: Beta\nid: M-001\neffort: Infra\nstatus: in_progress\n---\n\n# Beta\n"
	require.NoError(t, os.WriteFile(note, []byte(old), 0o644))

	r := runCLI(t, nil, "", "--vault", dir, "migrate")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Equal(t, "Projects/milestones/Beta.md (M-001)\n  effort -> workstream: Infra\n  workstream: Infra -> infra\n"+
		"  status: in_progress -> In Progress\nWould migrate 1 note (3 changes).\n", r.stdout)
	data, _ := os.ReadFile(note)
	assert.Equal(t, old, string(data), "a dry run unless --apply")

	r = runCLI(t, nil, "", "--vault", dir, "migrate", "--apply")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	data, _ = os.ReadFile(note)
	assert.Equal(t, "---\ntype: milestone\ntitle: Beta\nid: M-001\nstatus: In Progress\nworkstream: infra\n---\n\n# Beta\n", string(data))

	r = runCLI(t, nil, "", "--vault", dir, "migrate", "--apply")
	assert.Equal(t, "Nothing to migrate: every note is in this project's format.\n", r.stdout)

	r = runCLI(t, nil, "", "--vault", dir, "migrate", "extra")
	assert.Equal(t, exitUsage, r.code)
}
