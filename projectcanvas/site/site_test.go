package site_test

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/site"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

var update = flag.Bool("update", false, "rewrite testdata/example")

// generated is the time every test's site says it was made.
var generated = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

func open(t *testing.T, files map[string]string) *pc.Project {
	t.Helper()
	p, err := pc.Open(memfs.New(files), pc.WithClock(func() time.Time { return generated }))
	require.NoError(t, err)
	return p
}

// exampleProject is the example vault with the canvas the layout gives it.
func exampleProject(t *testing.T) *pc.Project {
	files := examplevault.Files(t)
	data, err := os.ReadFile("../canvas/testdata/example-vault.canvas")
	require.NoError(t, err)
	files["Projects.canvas"] = string(data)
	return open(t, files)
}

// TestGolden holds every file of the example vault's site to
// testdata/example (go test -update rewrites them).
func TestGolden(t *testing.T) {
	files, err := site.Build(exampleProject(t), site.Options{Generated: generated, Commit: "0123456789abcdef0123456789abcdef01234567"})
	require.NoError(t, err)
	dir := filepath.Join("testdata", "example")
	if *update {
		require.NoError(t, os.RemoveAll(dir))
		_, err := site.Write(dir, files)
		require.NoError(t, err)
	}
	var onDisk []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() != site.ManifestName {
			rel, _ := filepath.Rel(dir, p)
			onDisk = append(onDisk, filepath.ToSlash(rel))
		}
		return err
	}))
	var made []string
	for name, data := range files {
		made = append(made, name)
		want, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		require.NoError(t, err, "%s is new: go test -update", name)
		assert.Equal(t, string(want), string(data), name)
	}
	slices.Sort(made)
	assert.Equal(t, onDisk, made, "the files of testdata/example")
}

// TestBoardHoldsEveryActiveEntity: each entity not archived is a card of
// the board, once; an archived one is not.
func TestBoardHoldsEveryActiveEntity(t *testing.T) {
	p := exampleProject(t)
	files, err := site.Build(p, site.Options{Generated: generated})
	require.NoError(t, err)
	board := string(files["index.html"])
	archived := 0
	for _, e := range p.All() {
		link := `<a href="e/` + string(e.ID) + `.html">`
		if e.Archived {
			archived++
			assert.NotContains(t, board, link, e.ID)
			continue
		}
		assert.Equal(t, 1, strings.Count(board, link), e.ID)
		assert.Contains(t, files, "e/"+string(e.ID)+".html")
	}
	require.Positive(t, archived, "the example vault has archived entities")
}

const hostileTask = `---
id: T-001
type: task
title: Ordinary task
status: In Progress
workstream: engineering
depends_on: [T-003]
---
# Ordinary task

<script>alert("body")</script>

<img src="http://evil.example/pixel.png" onerror="alert(1)">

Inline <b onclick="alert(2)">bold</b> and [click](javascript:alert(3)) and [case](JaVaScRiPt:alert(4)),
[tab](java&#9;script:alert(5)), [data](data:text/html,boom), <javascript:alert(6)>, ![pic](http://evil.example/img.png)
and [ok](https://example.com/ok), <mailto:a@example.com>, [[T-003 Secret plan]], [[T-002]], [[T-002|the other]],
[rel](T-002%20x.md) and [hidden](.obsidian/workspace.json).
`

// TestHostileVault: a vault whose notes hold HTML, script links and a
// title that is a script tag, with hidden files and an entity not to be
// published, gives a site that holds none of it.
func TestHostileVault(t *testing.T) {
	p := open(t, map[string]string{
		"Projects/tasks/T-001 Ordinary task.md": hostileTask,
		"Projects/tasks/T-002 x.md":             "---\nid: T-002\ntype: task\ntitle: \"<script>alert('title')</script>\"\nstatus: Not Started\n---\nbody\n",
		"Projects/tasks/T-003 Secret plan.md":   "---\nid: T-003\ntype: task\ntitle: Secret plan\nstatus: Blocked\npublish: false\n---\nTOPSECRET\n",
		".obsidian/workspace.json":              `{"token": "TOKENVALUE"}`,
		".projectcanvas/config.json":            `{"canvas": "Projects.canvas", "token": "TOKENVALUE"}`,
		".hidden/T-009 Hidden.md":               "---\nid: T-009\ntype: task\ntitle: HIDDENNOTE\nstatus: Blocked\n---\n",
		".hidden/private.canvas":                `{"nodes":[{"id":"a","type":"text","text":"HIDDENCANVAS","x":0,"y":0,"width":100,"height":60}]}`,
		"Projects.canvas": `{"nodes":[
			{"id":"a","type":"file","file":"Projects/tasks/T-001 Ordinary task.md","x":0,"y":0,"width":300,"height":120},
			{"id":"b","type":"file","file":"Projects/tasks/T-003 Secret plan.md","x":400,"y":0,"width":300,"height":120},
			{"id":"c","type":"file","file":".obsidian/workspace.json","x":0,"y":200,"width":300,"height":120}],
			"edges":[{"id":"e","fromNode":"a","toNode":"b"}]}`,
	})
	files, err := site.Build(p, site.Options{Generated: generated})
	require.NoError(t, err)
	require.Contains(t, files, "e/T-001.html")
	require.Contains(t, files, "canvas/projects.html")
	assert.NotContains(t, files, "e/T-003.html")
	assert.NotContains(t, files, "e/T-009.html")
	attr := regexp.MustCompile(`(?i)\s(href|src|action|xlink:href)="([^"]*)"`)
	for name, data := range files {
		s := string(data)
		// Raw HTML is shown as text (&lt;img...), never as markup; a
		// link's address is dropped when it may not be followed.
		for _, bad := range []string{"<script>alert", "<img", "<b ", "img.png", "data:text", "TOPSECRET", "Secret plan", "TOKENVALUE", "HIDDENNOTE", "HIDDENCANVAS", "workspace.json", "T-009"} {
			assert.NotContains(t, s, bad, "%s holds %q", name, bad)
		}
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		assert.Contains(t, s, `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self';`, name)
		for _, m := range attr.FindAllStringSubmatch(s, -1) {
			v := m[2]
			ok := strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "mailto:") || !strings.Contains(v, ":") && !strings.HasPrefix(v, "//")
			assert.True(t, ok, "%s: %s=%q", name, m[1], v)
		}
	}
	body := string(files["e/T-001.html"])
	for _, want := range []string{
		`&lt;script&gt;alert(&quot;body&quot;)&lt;/script&gt;`, // raw HTML shown as text
		`<a href="https://example.com/ok">ok</a>`,
		`<a href="mailto:a@example.com">`,
		`<span class="unlinked">T-003</span>`, // the wiki link to the unpublished entity, its id only
		`<a href="../e/T-002.html">T-002</a>`,
		`<a href="../e/T-002.html">the other</a>`,
		`<a href="../e/T-002.html">rel</a>`,
		"click and case", // the links' text, without the links
	} {
		assert.Contains(t, body, want)
	}
	assert.Contains(t, string(files["index.html"]), `&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;`)
}
