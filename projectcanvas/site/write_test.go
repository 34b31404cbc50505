package site_test

import (
	"encoding/json"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/site"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// TestWriteRewritesOnlyWhatChanged: a second run writes nothing, a
// changed file is written again and a file no longer made is removed.
func TestWriteRewritesOnlyWhatChanged(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "site") // folders made as need be
	w, err := site.Write(dir, site.Files{"index.html": []byte("a"), "e/T-0xx/T-001.html": []byte("b"), "e/T-0xx/T-002.html": []byte("c"), "canvas/old/x.html": []byte("d")})
	require.NoError(t, err)
	assert.Equal(t, site.Written{Written: 4}, w)
	old := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(filepath.Join(dir, "e/T-0xx/T-001.html"), old, old))

	w, err = site.Write(dir, site.Files{"index.html": []byte("a2"), "e/T-0xx/T-001.html": []byte("b")})
	require.NoError(t, err)
	assert.Equal(t, site.Written{Written: 1, Unchanged: 1, Removed: 2}, w)
	info, err := os.Stat(filepath.Join(dir, "e/T-0xx/T-001.html"))
	require.NoError(t, err)
	assert.WithinDuration(t, old, info.ModTime(), time.Second, "left alone")
	assert.NoFileExists(t, filepath.Join(dir, "e/T-0xx/T-002.html"))
	assert.NoDirExists(t, filepath.Join(dir, "canvas"), "the folders the removal emptied are removed")
	data, err := os.ReadFile(filepath.Join(dir, "index.html"))
	require.NoError(t, err)
	assert.Equal(t, "a2", string(data))
}

// TestWriteRefusesAFolderOfOtherFiles: a folder holding a file the
// command did not write is refused, and nothing is written into it.
func TestWriteRefusesAFolderOfOtherFiles(t *testing.T) {
	for name, setup := range map[string]func(dir string){
		"a file of its own": func(dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.md"), []byte("mine"), 0o644))
		},
		"a file beside a site": func(dir string) {
			_, err := site.Write(dir, site.Files{"index.html": []byte("a")})
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "extra.html"), []byte("mine"), 0o644))
		},
		"another manifest": func(dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, site.ManifestName), []byte(`{"files":{"notes.md":"x"}}`), 0o644))
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			setup(dir)
			before := listDir(t, dir)
			_, err := site.Write(dir, site.Files{"index.html": []byte("new"), "notes.md": []byte("overwritten")})
			require.Error(t, err)
			assert.Equal(t, pc.CodeConflict, pc.AsError(err).Code)
			assert.Equal(t, before, listDir(t, dir))
		})
	}
}

func listDir(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			out[p] = string(data)
		}
		return err
	}))
	return out
}

func TestMatch(t *testing.T) {
	for _, tt := range []struct {
		glob, name string
		want       bool
	}{
		{"Projects/**", "Projects/tasks/T-001 A.md", true},
		{"Projects/**", "Notes/T-001 A.md", false},
		{"**/drafts/*.md", "Projects/drafts/T-001 A.md", true},
		{"**/drafts/*.md", "drafts/T-001 A.md", true},
		{"*.canvas", "Boards/Projects.canvas", true},
		{"Projects/tasks/*", "Projects/tasks/T-001 A.md", true},
		{"Projects/tasks/*", "Projects/tasks/x/T-001 A.md", false},
		{"Projects/*/T-00?*", "Projects/tasks/T-001 A.md", true},
	} {
		assert.Equal(t, tt.want, site.Match(tt.glob, tt.name), "%s ~ %s", tt.glob, tt.name)
	}
	assert.Error(t, site.CheckGlob("Projects/[a"))
	assert.Error(t, site.CheckGlob(""))
}

// TestIncludeExclude: the globs choose the entities and canvases
// published; an entity left out is its id alone where others name it.
func TestIncludeExclude(t *testing.T) {
	p := open(t, map[string]string{
		"Projects/tasks/T-001 A.md":     "---\nid: T-001\ntype: task\ntitle: Alpha\nstatus: Not Started\ndepends_on: [T-002]\n---\n",
		"Private/T-002 B.md":            "---\nid: T-002\ntype: task\ntitle: Bravo\nstatus: Not Started\n---\n",
		"Projects/tasks/T-003 Draft.md": "---\nid: T-003\ntype: task\ntitle: Charlie\nstatus: Not Started\n---\n",
		"Projects.canvas":               `{"nodes":[]}`,
		"Private/Plan.canvas":           `{"nodes":[]}`,
	})
	files, err := site.Build(p, site.Options{Include: []string{"Projects/**", "*.canvas"}, Exclude: []string{"**/*Draft.md", "Private/**"}})
	require.NoError(t, err)
	assert.Contains(t, files, "e/T-0xx/T-001.html")
	assert.NotContains(t, files, "e/T-0xx/T-002.html")
	assert.NotContains(t, files, "e/T-0xx/T-003.html")
	assert.Contains(t, files, "canvas/projects.html")
	assert.NotContains(t, files, "canvas/private-plan.html")
	assert.Contains(t, string(files["e/T-0xx/T-001.html"]), `<span class="unlinked">T-002</span>`)
	assert.NotContains(t, string(files["e/T-0xx/T-001.html"]), "Bravo")

	_, err = site.Build(p, site.Options{Exclude: []string{"[x"}})
	assert.Equal(t, pc.CodeInvalidArgument, pc.AsError(err).Code)
}

// A manifest is data someone else may have written (the site's folder sits
// in the vault by default): a name in it that leaves the folder is
// refused, and nothing outside the folder is removed or written.
func TestWriteRefusesAManifestNamingFilesOutside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "site")
	victim := filepath.Join(root, "victim.md")
	require.NoError(t, os.WriteFile(victim, []byte("keep me"), 0o644))
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for _, name := range []string{"../victim.md", "/etc/passwd", "a/../../victim.md", `..\victim.md`, ""} {
		manifest := `{"generator":"projectcanvas site","files":{"` + strings.ReplaceAll(name, `\`, `\\`) + `":"00"}}`
		require.NoError(t, os.WriteFile(filepath.Join(dir, site.ManifestName), []byte(manifest), 0o644))
		_, err := site.Write(dir, site.Files{"index.html": []byte("a")})
		require.Error(t, err, name)
		assert.Equal(t, pc.CodeConflict, pc.ErrorCode(err), "%s: %v", name, err)
		data, err := os.ReadFile(victim)
		require.NoError(t, err, name)
		assert.Equal(t, "keep me", string(data))
		assert.NoFileExists(t, filepath.Join(dir, "index.html"), "nothing written: %s", name)
	}
}

// TestGenerateWritesWhatBuildMakes: Generate, which writes each file as it
// is made, leaves the folder Write leaves with Build's files, manifest
// included; a second run writes nothing.
func TestGenerateWritesWhatBuildMakes(t *testing.T) {
	opt := site.Options{Generated: generated}
	files, err := site.Build(exampleProject(t), opt)
	require.NoError(t, err)
	viaWrite := filepath.Join(t.TempDir(), "write")
	_, err = site.Write(viaWrite, files)
	require.NoError(t, err)
	viaGenerate := filepath.Join(t.TempDir(), "generate")
	w, err := site.Generate(exampleProject(t), opt, viaGenerate)
	require.NoError(t, err)
	assert.Equal(t, site.Written{Written: len(files)}, w)
	assert.Equal(t, relative(t, viaWrite, listDir(t, viaWrite)), relative(t, viaGenerate, listDir(t, viaGenerate)))
	w, err = site.Generate(exampleProject(t), opt, viaGenerate)
	require.NoError(t, err)
	assert.Equal(t, site.Written{Unchanged: len(files)}, w)
}

// TestGenerateOverTheOlderLayout: a site whose entity pages were all in
// e/ (e/T-001.html), before they went into folders of a hundred, is
// replaced by the new layout: the old pages the manifest lists are
// removed, and the folder is then as a new one written by the new layout;
// a file the command did not write still stops it before it changes
// anything.
func TestGenerateOverTheOlderLayout(t *testing.T) {
	opt := site.Options{Generated: generated}
	files, err := site.Build(exampleProject(t), opt)
	require.NoError(t, err)
	older := site.Files{}
	pages := 0
	for name, data := range files {
		if strings.HasPrefix(name, "e/") {
			name = "e/" + path.Base(name)
			pages++
		}
		older[name] = data
	}
	require.Contains(t, older, "e/T-001.html")
	fresh := filepath.Join(t.TempDir(), "fresh")
	_, err = site.Write(fresh, files)
	require.NoError(t, err)

	dir := filepath.Join(t.TempDir(), "site")
	_, err = site.Write(dir, older)
	require.NoError(t, err)
	mine := filepath.Join(dir, "e", "notes.txt")
	require.NoError(t, os.WriteFile(mine, []byte("mine"), 0o644))
	before := listDir(t, dir)
	_, err = site.Generate(exampleProject(t), opt, dir)
	require.Error(t, err, "a file the command did not write")
	assert.Equal(t, before, listDir(t, dir))

	require.NoError(t, os.Remove(mine))
	w, err := site.Generate(exampleProject(t), opt, dir)
	require.NoError(t, err)
	assert.Equal(t, site.Written{Written: pages, Unchanged: len(files) - pages, Removed: pages}, w)
	assert.NoFileExists(t, filepath.Join(dir, "e", "T-001.html"))
	assert.Equal(t, relative(t, fresh, listDir(t, fresh)), relative(t, dir, listDir(t, dir)))
}

// TestGenerateAfterAFailedRun: a run whose making fails midway (a note
// gone between the vault's reading and its page) leaves the pages it wrote
// listed in the manifest, so that the next run may replace them instead
// of refusing a folder of files it does not know.
func TestGenerateAfterAFailedRun(t *testing.T) {
	vault := t.TempDir()
	for name, text := range examplevault.Files(t) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(vault, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(vault, name), []byte(text), 0o644))
	}
	fsys, err := osfs.New(vault)
	require.NoError(t, err)
	t.Cleanup(func() { fsys.Close() })
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	last := p.All()[0]
	for _, e := range p.All() {
		if !e.Archived && e.ID > last.ID {
			last = e
		}
	}
	gone := filepath.Join(vault, filepath.FromSlash(last.Path))
	text, err := os.ReadFile(gone)
	require.NoError(t, err)
	require.NoError(t, os.Remove(gone))

	out := filepath.Join(t.TempDir(), "site")
	_, err = site.Generate(p, site.Options{}, out)
	require.Error(t, err, "the page of %s cannot be made", last.ID)
	// The failed run's manifest names every file it left, so that the
	// next run knows them all as its own.
	var m struct {
		Files map[string]string `json:"files"`
	}
	written := relative(t, out, listDir(t, out))
	require.NoError(t, json.Unmarshal([]byte(written[site.ManifestName]), &m))
	delete(written, site.ManifestName)
	require.NotEmpty(t, written)
	assert.ElementsMatch(t, slices.Collect(maps.Keys(written)), slices.Collect(maps.Keys(m.Files)))

	require.NoError(t, os.WriteFile(gone, text, 0o644))
	_, err = site.Generate(p, site.Options{}, out)
	require.NoError(t, err, "the folder holds only files the last run wrote")
	assert.FileExists(t, filepath.Join(out, filepath.FromSlash(pageOf(last.ID))))
}

// relative is a listing with its paths relative to dir.
func relative(t *testing.T, dir string, files map[string]string) map[string]string {
	out := map[string]string{}
	for p, data := range files {
		rel, err := filepath.Rel(dir, p)
		require.NoError(t, err)
		out[filepath.ToSlash(rel)] = data
	}
	return out
}

// A manifest that is a link (to a file outside, to a device that never
// ends) or a folder is not read: the command refuses the folder, and
// nothing is written.
func TestWriteRefusesAManifestThatIsNoRegularFile(t *testing.T) {
	root := t.TempDir()
	secret := filepath.Join(root, "secret.json")
	require.NoError(t, os.WriteFile(secret, []byte(`{"generator":"projectcanvas site","files":{}}`), 0o644))
	for name, place := range map[string]func(string) error{
		"a link to a file":   func(p string) error { return os.Symlink(secret, p) },
		"a link to a device": func(p string) error { return os.Symlink("/dev/zero", p) },
		"a folder":           func(p string) error { return os.Mkdir(p, 0o755) },
	} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "site")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			require.NoError(t, place(filepath.Join(dir, site.ManifestName)))
			_, err := site.Write(dir, site.Files{"index.html": []byte("a")})
			require.Error(t, err)
			assert.Equal(t, pc.CodeConflict, pc.ErrorCode(err), "%v", err)
			assert.NoFileExists(t, filepath.Join(dir, "index.html"))
		})
	}
}

// A link in place of a folder of pages (to a folder outside the site) is
// not written through: the command refuses the folder, and nothing lands
// outside it.
func TestWriteRefusesALinkInPlaceOfAFolder(t *testing.T) {
	outside := t.TempDir()
	dir := filepath.Join(t.TempDir(), "site")
	_, err := site.Write(dir, site.Files{"index.html": []byte("a")})
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "e"), 0o755))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "e", "T-0xx")))
	_, err = site.Write(dir, site.Files{"index.html": []byte("a"), "e/T-0xx/T-001.html": []byte("b")})
	require.Error(t, err)
	entries, rerr := os.ReadDir(outside)
	require.NoError(t, rerr)
	assert.Empty(t, entries, "nothing written through the link")
}
