package site_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"maps"
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
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
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

// pageOf is where the site puts an entity's page, as its package doc
// says: in e/, in the folder of the ids that differ from it in the last
// two digits alone.
func pageOf(id pc.ID) string {
	return "e/" + string(id[:len(id)-2]) + "xx/" + string(id) + ".html"
}

// TestPagesInFoldersOfAHundred: each entity page is in a folder of the
// hundred ids it shares all but its last two digits with, and the board
// and the search index give the page of each entity.
func TestPagesInFoldersOfAHundred(t *testing.T) {
	task := func(id string) string {
		return "---\nid: " + id + "\ntype: task\ntitle: Task " + id + "\nstatus: Not Started\n---\n"
	}
	vault := map[string]string{"Docs/DOC-005.md": "---\nid: DOC-005\ntype: document\ntitle: Doc\n---\n"}
	for _, id := range []string{"T-001", "T-099", "T-100", "T-999", "T-1000", "T-10042"} {
		vault["Projects/"+id+".md"] = task(id)
	}
	files, err := site.Build(open(t, vault), site.Options{Generated: generated})
	require.NoError(t, err)
	var pages []string
	for name := range files {
		if strings.HasPrefix(name, "e/") {
			pages = append(pages, name)
		}
	}
	want := []string{"e/DOC-0xx/DOC-005.html", "e/T-0xx/T-001.html", "e/T-0xx/T-099.html", "e/T-100xx/T-10042.html", "e/T-10xx/T-1000.html", "e/T-1xx/T-100.html", "e/T-9xx/T-999.html"}
	assert.ElementsMatch(t, want, pages)
	for _, e := range boardData(t, files) {
		assert.Equal(t, pageOf(pc.ID(e["id"].(string))), e["page"], "the board's page of %s", e["id"])
	}
	src, ok := strings.CutPrefix(string(files["assets/search-index.js"]), "window.PC_SEARCH = ")
	require.True(t, ok)
	var entries []map[string]string
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSuffix(src, ";\n")), &entries))
	require.Len(t, entries, len(want))
	for _, e := range entries {
		assert.Equal(t, pageOf(pc.ID(e["id"])), e["page"], "the search's page of %s", e["id"])
	}
	// A page one folder deeper finds the site's root two folders up.
	assert.Contains(t, string(files["e/T-0xx/T-001.html"]), `<link rel="stylesheet" href="../../assets/site.css">`)
}

// boardData reads assets/board-data.js: the entities the board draws.
func boardData(t *testing.T, files site.Files) []map[string]any {
	t.Helper()
	src, ok := strings.CutPrefix(string(files["assets/board-data.js"]), "window.PC_BOARD = ")
	require.True(t, ok, "board-data.js sets window.PC_BOARD")
	var data struct{ Entities []map[string]any }
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSuffix(src, ";\n")), &data))
	return data.Entities
}

// TestBoardHoldsEveryActiveEntity: each entity not archived is a card of
// the board, once; an archived one is not; index.html loads the board's
// data and the editor's drawing.
func TestBoardHoldsEveryActiveEntity(t *testing.T) {
	p := exampleProject(t)
	files, err := site.Build(p, site.Options{Generated: generated})
	require.NoError(t, err)
	cards := map[string]int{}
	for _, e := range boardData(t, files) {
		cards[e["id"].(string)]++
	}
	archived := 0
	for _, e := range p.All() {
		if e.Archived {
			archived++
			assert.Zero(t, cards[string(e.ID)], e.ID)
			continue
		}
		assert.Equal(t, 1, cards[string(e.ID)], e.ID)
		assert.Contains(t, files, pageOf(e.ID))
	}
	require.Positive(t, archived, "the example vault has archived entities")
	assert.Len(t, cards, p.Len()-archived)
	board := string(files["index.html"])
	assert.Contains(t, board, `<script src="assets/board-data.js" defer></script>`)
	assert.Contains(t, board, `<script src="assets/board.js" defer></script>`)
	assert.Contains(t, string(files["assets/board.js"]), "Code generated by plugin/build.mjs --site")
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
		"Projects/tasks/T-002 x.md":             "---\nid: T-002\ntype: task\ntitle: \"<script>alert('title')</script>\"\nstatus: Not Started\nworkstream: \"\\\"><script>alert('ws')</script>\"\nnote: \"\\\"><script>alert('field')</script>\"\n---\nbody\n",
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
	require.Contains(t, files, "e/T-0xx/T-001.html")
	require.Contains(t, files, "canvas/projects.html")
	assert.NotContains(t, files, "e/T-0xx/T-003.html")
	assert.NotContains(t, files, "e/T-0xx/T-009.html")
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
	body := string(files["e/T-0xx/T-001.html"])
	for _, want := range []string{
		`&lt;script&gt;alert(&quot;body&quot;)&lt;/script&gt;`, // raw HTML shown as text
		`<a href="https://example.com/ok">ok</a>`,
		`<a href="mailto:a@example.com">`,
		`<span class="unlinked">T-003</span>`, // the wiki link to the unpublished entity, its id only
		`<a href="../../e/T-0xx/T-002.html">T-002</a>`,
		`<a href="../../e/T-0xx/T-002.html">the other</a>`,
		`<a href="../../e/T-0xx/T-002.html">rel</a>`,
		"click and case", // the links' text, without the links
	} {
		assert.Contains(t, body, want)
	}
	// The board's data holds the title as a JSON string, its < and >
	// escaped (the script draws it as text); the unpublished entity is
	// not on it.
	assert.Contains(t, string(files["assets/board-data.js"]), `"title":"\u003cscript\u003ealert('title')\u003c/script\u003e"`)
	assert.Equal(t, []string{"T-001", "T-002"}, []string{boardData(t, files)[0]["id"].(string), boardData(t, files)[1]["id"].(string)})
	assert.Len(t, boardData(t, files), 2)
}

// TestRelationsListEachOnce: a relation stated from both ends lists the
// other entity once, in a short list and in a long one.
func TestRelationsListEachOnce(t *testing.T) {
	for _, n := range []int{3, 40} {
		files := map[string]string{}
		var deps []string
		for i := 2; i <= n+1; i++ {
			id := fmt.Sprintf("T-%03d", i)
			deps = append(deps, id)
			files["Projects/tasks/"+id+" Dep.md"] = "---\nid: " + id + "\ntype: task\ntitle: Dep\nblocks: [T-001]\n---\n"
		}
		files["Projects/tasks/T-001 Main.md"] = "---\nid: T-001\ntype: task\ntitle: Main\ndepends_on: [" + strings.Join(deps, ", ") + "]\n---\n"
		siteFiles, err := site.Build(open(t, files), site.Options{Generated: generated})
		require.NoError(t, err)
		page := string(siteFiles["e/T-0xx/T-001.html"])
		for _, id := range deps {
			assert.Equal(t, 1, strings.Count(page, `href="../../e/T-0xx/`+id+`.html"`), "%d dependencies: %s", n, id)
		}
	}
}

// Build reads the project's list of entities and leaves it as it is: the
// list is the index's own (Project.All), in id order (T-999 before
// T-1000), which later writes search by.
func TestBuildLeavesTheProjectsListAlone(t *testing.T) {
	task := func(id string) string {
		return "---\nid: " + id + "\ntype: task\ntitle: Task " + id + "\nstatus: Not Started\n---\n"
	}
	p, err := pc.Open(memfs.New(map[string]string{"Projects/T-999.md": task("T-999"), "Projects/T-1000.md": task("T-1000")}))
	require.NoError(t, err)
	ids := func() (out []pc.ID) {
		for _, e := range p.All() {
			out = append(out, e.ID)
		}
		return out
	}
	before := ids()
	require.Equal(t, []pc.ID{"T-999", "T-1000"}, before)
	_, err = site.Build(p, site.Options{Generated: generated})
	require.NoError(t, err)
	assert.Equal(t, before, ids())
}

// A wiki link to a name that a published note and an unpublished one both
// have goes to the published page, and keeps its label: the unpublished
// entity's id is shown only for a link that reaches it.
func TestLinkToANameTwoNotesShare(t *testing.T) {
	note := func(id, title, extra, body string) string {
		return "---\nid: " + id + "\ntype: task\ntitle: " + title + "\nstatus: Not Started\n" + extra + "---\n" + body
	}
	p := open(t, map[string]string{
		"Projects/a/Shared.md":   note("T-001", "Shared", "", "published\n"),
		"Projects/b/Shared.md":   note("T-002", "Shared too", "publish: false\n", "secret\n"),
		"Projects/tasks/Link.md": note("T-003", "Link", "", "See [[Shared]].\n"),
	})
	files, err := site.Build(p, site.Options{Generated: generated})
	require.NoError(t, err)
	page := string(files["e/T-0xx/T-003.html"])
	assert.Contains(t, page, ">Shared</a>")
	assert.NotContains(t, page, "T-002")
}

// Canvases the caller lists (as pc.WithFileNames hears them) give the same
// site as the walk Build makes without them: the hidden one and those the
// globs leave out stay out, a name twice or of no file changes nothing.
func TestCanvasesTheCallerLists(t *testing.T) {
	files := examplevault.Files(t)
	data, err := os.ReadFile("../canvas/testdata/example-vault.canvas")
	require.NoError(t, err)
	files["Projects.canvas"] = string(data)
	files["Boards/Other.canvas"] = string(data)
	files["Boards/Left out.canvas"] = string(data)
	files[".hidden/private.canvas"] = string(data)
	var canvases []string
	p, err := pc.Open(memfs.New(files), pc.WithClock(func() time.Time { return generated }), pc.WithFileNames(func(name string) {
		if strings.HasSuffix(name, ".canvas") {
			canvases = append(canvases, name)
		}
	}))
	require.NoError(t, err)
	opt := site.Options{Generated: generated, Exclude: []string{"Boards/Left*"}}
	walked, err := site.Build(p, opt)
	require.NoError(t, err)
	assert.Contains(t, walked, "canvas/projects.html")
	assert.Contains(t, walked, "canvas/boards-other.html")
	assert.Len(t, slices.DeleteFunc(slices.Collect(maps.Keys(walked)), func(n string) bool { return !strings.HasPrefix(n, "canvas/") }), 2)

	opt.Canvases = append(canvases, "Projects.canvas", "Gone.canvas", "Projects/not a canvas.md")
	listed, err := site.Build(p, opt)
	require.NoError(t, err)
	for name := range walked {
		assert.Equal(t, string(walked[name]), string(listed[name]), name)
	}
	assert.ElementsMatch(t, slices.Collect(maps.Keys(walked)), slices.Collect(maps.Keys(listed)))
}

// A canvas a caller lists outside the vault (a path up from it, an
// absolute path), of a file that is there, gets no page: the site reads
// canvases through the vault's own files.
func TestCanvasesListedOutsideTheVaultAreLeftOut(t *testing.T) {
	root := t.TempDir()
	vault := filepath.Join(root, "vault")
	require.NoError(t, os.MkdirAll(vault, 0o755))
	data, err := os.ReadFile("../canvas/testdata/example-vault.canvas")
	require.NoError(t, err)
	outside := filepath.Join(root, "Outside.canvas")
	require.NoError(t, os.WriteFile(outside, data, 0o644))
	fsys, err := osfs.New(vault)
	require.NoError(t, err)
	t.Cleanup(func() { fsys.Close() })
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	files, err := site.Build(p, site.Options{Generated: generated, Canvases: []string{
		"../Outside.canvas", "Projects/../../Outside.canvas", outside, filepath.ToSlash(outside),
	}})
	require.NoError(t, err)
	for name, page := range files {
		assert.False(t, strings.HasPrefix(name, "canvas/"), "a page %s", name)
		assert.NotContains(t, string(page), "Outside", name)
	}
}
