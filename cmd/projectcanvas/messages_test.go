package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// The messages a newcomer meets in the first hour say what to do next.
func TestFirstHourMessages(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "Notes")
	r := runCLI(t, nil, "", "--vault", missing, "index")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stderr, "the vault folder "+missing+" does not exist: create it (mkdir -p "+missing+")")
	assert.Contains(t, r.stderr, "--vault DIR or $PROJECTCANVAS_VAULT")
	assert.Contains(t, r.stdout, `"not_found"`, "scripts get the error object")
	r = runCLI(t, nil, "", "--vault", missing, "tools")
	assert.Equal(t, exitOK, r.code, "listing the tools needs no vault")

	// commands: one line per command; the schemas with --json.
	r = runCLI(t, nil, "", "commands")
	require.Equal(t, exitOK, r.code)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	assert.Len(t, lines, 32)
	assert.Regexp(t, `^navigate-to-parent\s+\S`, lines[slicesIndex(lines, "navigate-to-parent")])
	assert.NotContains(t, r.stdout, "input_schema")
	r = runCLI(t, nil, "", "commands", "--json")
	assert.Contains(t, r.stdout, "input_schema")

	// --notice: one line a person reads; canvas focus says what it would
	// hide, and that the undo is the editor's.
	dir := examplevault.Copy(t)
	r = runCLI(t, nil, "", "--vault", dir, "--notice", "canvas", "populate")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Regexp(t, `^Added \d+ entities and \d+ edges to Projects.canvas; 0 already on it.\n$`, r.stdout)
	r = runCLI(t, nil, "", "--vault", dir, "--notice", "canvas", "focus")
	assert.Regexp(t, `^In Obsidian this hides \d+ nodes of Projects.canvas and keeps \d+ In Progress`, r.stdout)
	assert.Contains(t, r.stdout, "running Focus in progress again shows every node")
	assert.NotContains(t, r.stdout, "Run again")
}

func slicesIndex(lines []string, prefix string) int {
	for i, l := range lines {
		if strings.HasPrefix(l, prefix+" ") {
			return i
		}
	}
	return 0
}

// serve: the token is printed by projectcanvas token, a request without it
// is told where it is, and a port in use names --addr.
func TestServeMessages(t *testing.T) {
	vault := t.TempDir()
	getenv, _ := configEnv(t)
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, getenv: getenv, vaultDir: vault, registry: tools.New()}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := startServer(ctx, c, "127.0.0.1:0", "")
	require.NoError(t, err)
	ts := &testServer{server: s, cancel: cancel, done: make(chan error, 1), client: http.DefaultClient}
	go func() { ts.done <- s.wait(ctx) }()
	defer ts.stop(t)

	var out strings.Builder
	code := run(context.Background(), []string{"--vault", vault, "token"}, strings.NewReader(""), &out, io.Discard, getenv)
	require.Equal(t, exitOK, code)
	assert.Equal(t, s.token+"\n", out.String(), "projectcanvas token prints serve's token")
	assert.Contains(t, s.tokenLine(), "TOKEN=$("+tokenCommand(vault)+")")
	assert.Contains(t, tokenCommand(vault), " --vault "+vault+" token")

	resp, err := http.Get(s.url + "/entities")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, 401, resp.StatusCode)
	assert.Contains(t, string(body), tokenCommand(vault)+" prints it")

	_, err = startServer(ctx, c, s.ln.Addr().String(), "x")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is in use")
	assert.Contains(t, err.Error(), "--addr 127.0.0.1:PORT")
}
