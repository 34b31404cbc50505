package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReconcileCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	write("Projects/features/F-001 SSO.md", "---\nid: F-001\ntype: feature\ntitle: SSO\n---\n")
	write("Projects/milestones/M-001 Beta.md", "---\nid: M-001\ntype: milestone\ntitle: Beta\nimplements: [F-001]\ndepends_on: [M-404]\n---\n")
	feature := filepath.Join(dir, "Projects/features/F-001 SSO.md")

	r := runCLI(t, nil, "", "--vault", dir, "reconcile", "--dry-run")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Equal(t, "Projects/features/F-001 SSO.md\n  F-001: add M-001 to implemented_by (mirrors M-001)\n"+
		"Projects/milestones/M-001 Beta.md\n  M-001: remove M-404 from depends_on (no such entity)\n"+
		"Would reconcile 2 relations in 2 files.\n", r.stdout)
	data, _ := os.ReadFile(feature)
	assert.NotContains(t, string(data), "implemented_by")

	r = runCLI(t, nil, "", "--vault", dir, "reconcile")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	data, _ = os.ReadFile(feature)
	assert.Contains(t, string(data), "implemented_by: [M-001]")

	r = runCLI(t, nil, "", "--vault", dir, "reconcile")
	assert.Equal(t, "Relationships already agree.\n", r.stdout)

	r = runCLI(t, nil, "", "--vault", dir, "reconcile", "--bogus")
	assert.Equal(t, exitUsage, r.code)
}
