package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// update rewrites the golden files (testdata/*.golden, docs/TOOLS.md) from the current output.
var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// editorVault is a small project made through the CLI, each entity put on
// Projects.canvas by create_entity: a milestone, a story in progress with
// two tasks, a document and a decision about the story, two features.
func editorVault(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, args := range []string{
		`{"type":"milestone","data":{"title":"Beta","workstream":"engineering"}}`,
		`{"type":"story","data":{"title":"Login","parent":"M-001"}}`,
		`{"type":"task","data":{"title":"Login form","parent":"S-001","status":"In Progress"}}`,
		`{"type":"task","data":{"title":"Session API","parent":"S-001","depends_on":["T-001"]}}`,
		`{"type":"document","data":{"title":"Login spec","documents":["S-001"]}}`,
		`{"type":"decision","data":{"title":"Use OAuth","affects":["S-001"]}}`,
		`{"type":"feature","data":{"title":"Single sign-on","tier":"OSS","phase":"MVP"}}`,
		`{"type":"feature","data":{"title":"Audit log","tier":"Premium","phase":"2"},"options":{"add_to_canvas":false}}`,
	} {
		r := runCLI(t, nil, "", "--vault", dir, "tool", "create_entity", args)
		require.Equal(t, exitOK, r.code, r.stdout)
	}
	return dir
}

// golden runs the commands and compares their outputs, each after a
// "$ command" line, with testdata/name.golden.
func golden(t *testing.T, dir, name string, commands ...string) {
	t.Helper()
	var got strings.Builder
	for _, cmd := range commands {
		r := runCLI(t, nil, "", append([]string{"--vault", dir}, strings.Fields(cmd)...)...)
		got.WriteString("$ " + cmd + "\n" + r.stdout + r.stderr)
	}
	file := filepath.Join("testdata", name+".golden")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(file, []byte(got.String()), 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), got.String())
}

func TestNavigateCommand(t *testing.T) {
	dir := editorVault(t)
	require.Equal(t, exitOK, runCLI(t, nil, "", "--vault", dir, "features", "link", "F-001", "S-001", "T-002").code)
	golden(t, dir, "navigate",
		"navigate parent S-001", "navigate children S-001", "navigate dependencies T-002",
		"navigate dependents T-001", "navigate documents S-001", "navigate decisions S-001",
		"navigate features S-001", "navigate implemented-by F-001", "navigate navigate-to-implemented_by F-001",
		"navigate implemented-by S-001", "navigate children F-001", "navigate parent T-001 --canvas Other.canvas")

	for _, args := range [][]string{{"navigate"}, {"navigate", "sideways", "S-001"}, {"navigate", "parent"}, {"navigate", "parent", "S-001", "T-001"}} {
		assert.Equal(t, exitUsage, runCLI(t, nil, "", append([]string{"--vault", dir}, args...)...).code, args)
	}
	r := runCLI(t, nil, "", "--vault", dir, "navigate", "parent", "S-404")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stdout, "not_found")
	r = runCLI(t, nil, "", "--vault", dir, "navigate", "parent", "S-001", "--canvas", "../x.canvas")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stdout, "invalid_argument")
}

func TestCanvasFindAndFocusCommands(t *testing.T) {
	dir := editorVault(t)
	golden(t, dir, "canvas_find",
		"canvas find S-001", "canvas find login", "canvas find logn --limit 1", "canvas find lgoin", "canvas find audit",
		"canvas find t- --canvas Projects.canvas", "canvas find nothing-like-this")
	golden(t, dir, "canvas_focus", "canvas focus", "canvas focus --canvas Empty.canvas")
	assert.NoFileExists(t, filepath.Join(dir, "Empty.canvas"), "reading never writes")

	for _, args := range [][]string{{"canvas", "find"}, {"canvas", "find", "a", "b"}, {"canvas", "focus", "extra"}} {
		assert.Equal(t, exitUsage, runCLI(t, nil, "", append([]string{"--vault", dir}, args...)...).code, args)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Projects.canvas"), []byte("{broken"), 0o644))
	r := runCLI(t, nil, "", "--vault", dir, "canvas", "focus")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stdout, "invalid_argument")
}

func TestFeaturesImportAndLinkCommands(t *testing.T) {
	dir := editorVault(t)
	roadmap := "# Roadmap\n\n## Core (MVP)\n- [x] Import from CSV\n- [ ] X-ray export: every field\n\n## Premium later\n- Team spaces\n\n## Broken\n- Tier: Gold\n"
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "docs"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "docs", "FUTURE_FEATURES.md"), []byte(roadmap), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "plans.md"), []byte("## Phase 3\n- Offline mode\n"), 0o644))
	golden(t, dir, "features_import_link",
		"features import", "features import", "features import plans.md",
		"features link F-001 S-001 T-001", "features link F-001 T-001",
		"features link F-001 DOC-001", "features link S-001 T-001", "features import ../outside.md")

	for _, args := range [][]string{{"features"}, {"features", "fly"}, {"features", "import", "a", "b"}, {"features", "link", "F-001"}} {
		assert.Equal(t, exitUsage, runCLI(t, nil, "", append([]string{"--vault", dir}, args...)...).code, args)
	}
}

func TestFeaturesSetCommands(t *testing.T) {
	dir := editorVault(t)
	require.Equal(t, exitOK, runCLI(t, nil, "", "--vault", dir, "canvas", "features").code)
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	// A note of the user's, far from the grid, as the editor writes it.
	note := `{"id":"n1","type":"text","text":"ship «it» <soon>\nnow","x":-5000,"y":-5000,"width":250,"height":60,"color":"2","plugin":{"a":[1,2.50]}}`
	_, err = canvas.Update(p, "Features.canvas", func(c *canvas.Canvas) error {
		if c.Node("n1") != nil {
			return nil
		}
		n, err := canvas.Parse([]byte("{\n\t\"nodes\":[\n\t\t" + note + "\n\t]\n}"))
		require.NoError(t, err)
		return c.AddNode(n.Nodes[0])
	})
	require.NoError(t, err)
	require.Contains(t, readFile(t, dir, "Features.canvas"), note)
	featuresCanvas := func() *canvas.Canvas {
		c, _, err := canvas.Read(fsys, "Features.canvas")
		require.NoError(t, err)
		return c
	}
	set := func(args ...string) map[string]any {
		r := runCLI(t, nil, "", append([]string{"--vault", dir, "features"}, args...)...)
		require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
		var out struct {
			Data map[string]any `json:"data"`
		}
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
		return out.Data
	}

	out := set("set-phase", "F-001", "3")
	assert.Equal(t, []any{"phase"}, out["updated_fields"])
	assert.Equal(t, true, out["node_moved"])
	assert.Equal(t, "Features.canvas", out["canvas"])
	data, err := os.ReadFile(filepath.Join(dir, "Projects", "features", "F-001 Single sign-on.md"))
	require.NoError(t, err)
	assert.Contains(t, string(data), "phase: \"3\"")
	c := featuresCanvas()
	assert.True(t, c.Node(canvas.CellID("OSS", "3")).Contains(c.Node("entity-F-001")), "the node is in its new cell")

	out = set("set-tier", "F-001", "Premium")
	assert.Equal(t, true, out["node_moved"])
	c = featuresCanvas()
	assert.True(t, c.Node(canvas.CellID("Premium", "3")).Contains(c.Node("entity-F-001")))
	before := c.Bytes()
	out = set("set-tier", "F-001", "Premium")
	assert.Equal(t, false, out["node_moved"], "nothing changed")
	assert.Equal(t, before, featuresCanvas().Bytes())

	out = set("set-phase", "F-001", "1", "--canvas", "Nowhere.canvas")
	assert.Equal(t, false, out["node_moved"])
	assert.NoFileExists(t, filepath.Join(dir, "Nowhere.canvas"), "a features canvas that does not exist is not made")

	for _, bad := range [][]string{{"set-phase", "F-001", "7"}, {"set-tier", "F-001", "Gold"}, {"set-phase", "T-001", "1"}, {"set-phase", "F-404", "1"}, {"set-phase", "F-001", "1", "--canvas", "../x.canvas"}} {
		r := runCLI(t, nil, "", append([]string{"--vault", dir, "features"}, bad...)...)
		assert.Equal(t, exitToolError, r.code, bad)
		assert.Contains(t, r.stdout, `"code"`, bad)
	}
	data2, err := os.ReadFile(filepath.Join(dir, "Projects", "features", "F-001 Single sign-on.md"))
	require.NoError(t, err)
	assert.Contains(t, string(data2), "phase: \"1\"", "only the good updates landed")
	assert.Contains(t, string(data2), "tier: Premium")
	assert.Contains(t, readFile(t, dir, "Features.canvas"), "\t\t"+note, "the user's node, byte for byte")
	for _, args := range [][]string{{"set-phase", "F-001"}, {"set-tier"}, {"set-phase", "F-001", "1", "2"}} {
		assert.Equal(t, exitUsage, runCLI(t, nil, "", append([]string{"--vault", dir, "features"}, args...)...).code, args)
	}
}

// A features canvas that is not JSON Canvas does not stop set-phase: the
// file changes, the canvas is left as it was and canvas_error says why.
func TestFeaturesSetLeavesABrokenCanvasAlone(t *testing.T) {
	dir := editorVault(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Features.canvas"), []byte("{broken"), 0o644))
	r := runCLI(t, nil, "", "--vault", dir, "features", "set-phase", "F-001", "2")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	var res struct {
		Notice string         `json:"notice"`
		Data   map[string]any `json:"data"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res))
	out := res.Data
	assert.Contains(t, res.Notice, "did not move")
	assert.Equal(t, false, out["node_moved"])
	assert.Contains(t, out["canvas_error"], "JSON Canvas")
	assert.Equal(t, []any{"phase"}, out["updated_fields"])
	assert.Contains(t, readFile(t, dir, "Projects/features/F-001 Single sign-on.md"), "phase: \"2\"")
	assert.Equal(t, "{broken", readFile(t, dir, "Features.canvas"))
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	require.NoError(t, err)
	return string(data)
}
