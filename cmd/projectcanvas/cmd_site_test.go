package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/examplevault"
)

// TestSiteCommand: the site goes into .projectcanvas/site by default, a
// second run rewrites nothing, and a folder of other files is refused.
func TestSiteCommand(t *testing.T) {
	dir := examplevault.Copy(t)
	canvas, err := os.ReadFile("../../projectcanvas/canvas/testdata/example-vault.canvas")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Projects.canvas"), canvas, 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".hidden"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".hidden", "Private.canvas"), canvas, 0o644))
	r := runCLI(t, nil, "", "--vault", dir, "site")
	require.Equal(t, exitOK, r.code, r.stderr+r.stdout)
	assert.Contains(t, r.stdout, "0 unchanged")
	site := filepath.Join(dir, ".projectcanvas", "site")
	for _, name := range []string{"index.html", "ready.html", "search.html", "e/T-0xx/T-001.html", "assets/search-index.js", "site-manifest.json", "canvas/projects.html"} {
		assert.FileExists(t, filepath.Join(site, name))
	}
	board, err := os.ReadFile(filepath.Join(site, "index.html"))
	require.NoError(t, err)
	assert.Contains(t, string(board), `href="canvas/projects.html"`, "the canvas, found by the walk that read the vault, is in the navigation")
	assert.NotContains(t, string(board), "private", "a hidden canvas stays out")

	r = runCLI(t, nil, "", "--vault", dir, "site", "--exclude", "Projects/tasks/**")
	require.Equal(t, exitOK, r.code, r.stderr+r.stdout)
	assert.Regexp(t, `: \d+ file\(s\) written, \d+ unchanged, [1-9]\d* removed`, r.stdout)
	assert.NoFileExists(t, filepath.Join(site, "e/T-0xx/T-002.html"))

	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, "keep.txt"), []byte("mine"), 0o644))
	r = runCLI(t, nil, "", "--vault", dir, "site", "-o", other)
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stderr, "keep.txt, which projectcanvas site did not write")
	entries, err := os.ReadDir(other)
	require.NoError(t, err)
	assert.Len(t, entries, 1)

	r = runCLI(t, nil, "", "--vault", dir, "site", "--include", "[x")
	assert.Equal(t, exitToolError, r.code)
	assert.True(t, strings.Contains(r.stdout, "invalid_argument"), r.stdout)
}
