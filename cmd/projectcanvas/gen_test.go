package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGenWritesAVaultThatIndexesCleanly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "big")
	r := runCLI(t, nil, "", "gen", "--entities", "300", "--docs", "50", dir)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, `"files": 350`)
	r = runCLI(t, nil, "", "--vault", dir, "index")
	require.Equal(t, exitOK, r.code)
	assert.Contains(t, r.stdout, "300 entities")
	assert.Contains(t, r.stdout, "0 file problem(s)")
	r = runCLI(t, nil, "", "--vault", dir, "tool", "search_docs", `{"query":"reindexing lock outage"}`)
	require.Equal(t, exitOK, r.code, r.stdout)
	assert.Contains(t, r.stdout, ".md")

	// gen never writes into a folder that holds anything.
	r = runCLI(t, nil, "", "gen", "--entities", "10", dir)
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stderr, "not empty")
	for _, args := range [][]string{{"gen"}, {"gen", "--entities", "-1", "x"}, {"gen", "a", "b"}, {"gen", "--docs", "2000000", "x"}} {
		assert.Equal(t, exitUsage, runCLI(t, nil, "", args...).code, args)
	}
}
