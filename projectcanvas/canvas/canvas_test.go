package canvas

import (
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

func TestRoundTripByteForByte(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.canvas")
	require.NotEmpty(t, files)
	for _, f := range files {
		if strings.Contains(f, ".golden") {
			continue
		}
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		c, err := Parse(data)
		require.NoError(t, err, f)
		assert.Equal(t, string(data), string(c.Bytes()), f)
	}
}

func TestParseReadsEveryField(t *testing.T) {
	data, err := os.ReadFile("testdata/obsidian.canvas")
	require.NoError(t, err)
	c, err := Parse(data)
	require.NoError(t, err)
	require.Len(t, c.Nodes, 7)
	require.Len(t, c.Edges, 2)
	g := c.Node("b1a2c3d4e5f60718")
	assert.Equal(t, Node{ID: g.ID, Type: TypeGroup, X: -640, Y: -420, Width: 1280, Height: 840, Color: "4", Label: "Sprint «12» & <beta>"}, stripped(g))
	assert.Equal(t, "# Plan\n\n- [ ] ship \"it\"\t\\o/\nline\u2028sep 🚀", c.Node("9f8e7d6c5b4a3928").Text)
	doc := c.FileNode("Docs/Spec.md")
	assert.Equal(t, "#Storage", doc.Subpath)
	assert.Equal(t, 140.5, doc.X)
	assert.Equal(t, "https://example.com/?a=1&b=2", c.Node("7c7c7c7c7c7c7c7c").URL)
	assert.Equal(t, `{"shape":"pill"}`, string(c.Node("8d8d8d8d8d8d8d8d").Extra("styleAttributes")))
	assert.Nil(t, c.Node("8d8d8d8d8d8d8d8d").Extra("text"), "managed keys are not extras")
	e := c.Edge("e1e1e1e1e1e1e1e1")
	assert.Equal(t, Edge{ID: e.ID, FromNode: "entity-T-001", FromSide: Bottom, FromEnd: EndArrow, ToNode: "8d8d8d8d8d8d8d8d", ToSide: Top, ToEnd: EndNone, Color: "1", Label: "depends on"}, strippedEdge(e))
	assert.True(t, g.Contains(c.Node("entity-T-001")))
	assert.True(t, g.Contains(c.Node("6e6e6e6e6e6e6e6e")))
	assert.False(t, g.Contains(&Node{X: 600, Y: 0, Width: 100, Height: 100}), "sticks out on the right")
	assert.True(t, c.Node("9f8e7d6c5b4a3928").Overlaps(g))
}

func stripped(n *Node) Node     { c := *n; c.raw, c.orig = nil, nil; return c }
func strippedEdge(e *Edge) Edge { c := *e; c.raw, c.orig = nil, nil; return c }

// An edit rewrites only what changed: the lines of the changed nodes, and
// in them only the changed values; other plugins' keys stay.
func TestEditsTouchOnlyWhatChanged(t *testing.T) {
	data, err := os.ReadFile("testdata/obsidian.canvas")
	require.NoError(t, err)
	c, err := Parse(data)
	require.NoError(t, err)
	n := c.Node("8d8d8d8d8d8d8d8d")
	n.X, n.Y, n.Color = 500, 0, "2"
	c.Node("entity-T-001").Color = ""                        // cleared: the key goes
	c.Node("9f8e7d6c5b4a3928").Text = "<b>new</b>\u2028\x01" // JSON.stringify escaping
	require.NoError(t, c.AddNode(&Node{ID: "entity-S-001", Type: TypeFile, File: "Projects/stories/S-001 Login.md", X: -300, Y: -600, Width: 400, Height: 120}))
	require.NoError(t, c.AddEdge(&Edge{ID: "dep-T-001-S-001", FromNode: "entity-T-001", FromSide: Top, ToNode: "entity-S-001", ToSide: Bottom}))
	c.RemoveNode("7c7c7c7c7c7c7c7c")
	golden(t, "obsidian-edited.golden.canvas", c.Bytes())

	again, err := Parse(c.Bytes())
	require.NoError(t, err)
	assert.Equal(t, string(c.Bytes()), string(again.Bytes()))
	assert.Equal(t, "<b>new</b>\u2028\x01", again.Node("9f8e7d6c5b4a3928").Text)
}

func TestNewCanvas(t *testing.T) {
	for _, in := range []string{"", "  \n", "{}"} {
		c, err := Parse([]byte(in))
		require.NoError(t, err, in)
		assert.Equal(t, "{\n\t\"nodes\":[],\n\t\"edges\":[]\n}", string(c.Bytes()), in)
	}
	c := &Canvas{}
	require.NoError(t, c.AddNode(&Node{ID: "a", Type: TypeText, Text: "x", Width: 250, Height: 60}))
	assert.Equal(t, "{\n\t\"nodes\":[\n\t\t{\"id\":\"a\",\"type\":\"text\",\"text\":\"x\",\"x\":0,\"y\":0,\"width\":250,\"height\":60}\n\t],\n\t\"edges\":[]\n}", string(c.Bytes()))
	assert.Error(t, c.AddNode(&Node{ID: "a", Type: TypeText}), "ids are unique")
	assert.Error(t, c.AddEdge(&Edge{}), "an edge needs an id")
}

func TestParseRefusesWhatIsNotACanvas(t *testing.T) {
	node := func(s string) string { return `{"nodes":[` + s + `]}` }
	for _, in := range []string{
		`not json`, `[]`, `"x"`, `{"nodes":{}}`, `{"nodes":[1]}`, `{"edges":"x"}`, `{"nodes":[]} x`, `{"a":1,"a":2}`,
		node(`{"type":"text","x":0,"y":0,"width":1,"height":1}`),            // no id
		node(`{"id":"a","x":0,"y":0,"width":1,"height":1}`),                 // no type
		node(`{"id":"a","type":"text","x":"0","y":0,"width":1,"height":1}`), // x not a number
		node(`{"id":"a","type":"text","y":0,"width":1,"height":1}`),         // no x
		node(`{"id":"a","type":"text","x":0,"y":0,"width":1,"height":1,"color":"7"}`),
		node(`{"id":"a","type":"text","x":0,"y":0,"width":1,"height":1,"color":"#12345g"}`),
		node(`{"id":"a","type":"text","x":0,"y":0,"width":1,"height":1,"text":5}`),
		node(`{"id":"a","type":"text","x":0,"y":0,"width":1,"height":1},{"id":"a","type":"text","x":0,"y":0,"width":1,"height":1}`),
		node(`{"id":"a","type":"text","x":1e308,"y":0,"width":1,"height":1}`),   // absurd: render wrote viewBox="-40 -Inf +Inf +Inf"
		node(`{"id":"a","type":"text","x":1e400,"y":0,"width":1,"height":1}`),   // Inf
		node(`{"id":"a","type":"text","x":0,"y":-1e9,"width":1,"height":1}`),    // beyond MaxCoordinate
		node(`{"id":"a","type":"text","x":0,"y":0,"width":-5,"height":1}`),      // negative size
		node(`{"id":"a","type":"text","x":0,"y":0,"width":1,"height":1e300}`),   // beyond MaxSize
		node(`{"id":"a","type":"text","x":0,"y":0,"width":1e7,"height":1e308}`), // x+height would be absurd
		`{"edges":[{"id":"e","fromNode":"a"}]}`,
		`{"edges":[{"id":"e","fromNode":"a","toNode":"b","fromSide":"middle"}]}`,
		`{"edges":[{"id":"e","fromNode":"a","toNode":"b","toEnd":"circle"}]}`,
		`{"edges":[{"id":"e","fromNode":"a","toNode":"b"},{"id":"e","fromNode":"a","toNode":"b"}]}`,
	} {
		_, err := Parse([]byte(in))
		require.Error(t, err, in)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), in)
		assert.Contains(t, err.Error(), "not a JSON Canvas file", in)
	}
}

func TestCleanPath(t *testing.T) {
	for in, want := range map[string]string{
		"Projects.canvas":        "Projects.canvas",
		"boards/./Q4.canvas":     "boards/Q4.canvas",
		"a/../Projects.canvas":   "Projects.canvas",
		"Sprint «12».canvas":     "Sprint «12».canvas",
		"../outside.canvas":      "",
		"a/../../outside.canvas": "",
		"/etc/x.canvas":          "",
		"C:/x.canvas":            "",
		"boards\\x.canvas":       "",
		"notes.md":               "",
		"Projects.canvas.md":     "",
		"":                       "",
		".canvas":                "",
		"nul\x00.canvas":         "",
	} {
		got, err := CleanPath(in)
		if want == "" {
			assert.Error(t, err, in)
			assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), in)
			continue
		}
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
}

// FuzzParse: no input makes the reader panic; what it accepts it writes in
// a form that reads back to the same canvas and the same bytes.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.canvas")
	for _, name := range files {
		data, _ := os.ReadFile(name)
		f.Add(data)
	}
	f.Add([]byte(`{"nodes":[{"id":"a","type":"x","x":1e400,"y":-0,"width":1,"height":1}]}`))
	f.Add([]byte(`{"nodes":[{"id":"\u0000","type":"text","text":"\ud800","x":0.1,"y":2e-9,"width":1,"height":1}],"k":{"a":[]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data)
		if err != nil {
			require.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
			return
		}
		out := c.Bytes()
		again, err := Parse(out)
		require.NoError(t, err, "output must parse: %q", out)
		require.Equal(t, string(out), string(again.Bytes()))
		require.Equal(t, len(c.Nodes), len(again.Nodes))
		require.Equal(t, len(c.Edges), len(again.Edges))
		for i, n := range c.Nodes {
			require.Equal(t, stripped(n), stripped(again.Nodes[i]))
			require.True(t, math.Abs(n.X) <= MaxCoordinate && math.Abs(n.Y) <= MaxCoordinate, "%+v", n)
			require.True(t, n.Width >= 0 && n.Width <= MaxSize && n.Height >= 0 && n.Height <= MaxSize, "%+v", n)
		}
		// A change to every node must survive the trip too.
		for _, n := range c.Nodes {
			n.X = n.X/2 + 1
			n.Text += "\u2028<"
		}
		changed, err := Parse(c.Bytes())
		require.NoError(t, err)
		for i, n := range c.Nodes {
			require.Equal(t, stripped(n), stripped(changed.Nodes[i]))
		}
	})
}
