package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/merge"
)

// Scenario tests of the merge driver with the real git binary: a vault in
// a fresh repository, `git install`, two branches changed with the tools
// (as people would, through the editor or an assistant), then `git merge`.
// Git runs this test binary as the driver (PROJECTCANVAS_TEST_MAIN, see
// TestMain), by the absolute path git install wrote.

// gitVault is a vault in a git repository with the driver installed.
type gitVault struct {
	t   *testing.T
	dir string
}

func newGitVault(t *testing.T) *gitVault {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "gitconfig"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_AUTHOR_NAME", "Ana")
	t.Setenv("GIT_AUTHOR_EMAIL", "ana@example.com")
	t.Setenv("GIT_COMMITTER_NAME", "Ana")
	t.Setenv("GIT_COMMITTER_EMAIL", "ana@example.com")
	t.Setenv("PROJECTCANVAS_TEST_MAIN", "1") // the driver is this test binary
	// The tools' clock, a minute a call: created_at tells copies apart.
	at := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	clock = func() time.Time { at = at.Add(time.Minute); return at }
	t.Cleanup(func() { clock = nil })

	v := &gitVault{t: t, dir: t.TempDir()}
	v.git("init", "-q", "-b", "main")
	v.git("config", "commit.gpgsign", "false")
	v.write(".gitignore", ".projectcanvas/lock\n.projectcanvas/journal*\n.projectcanvas/cache/\n")
	v.tool("create_entity", `{"type":"milestone","data":{"title":"Beta"}}`)
	v.tool("create_entity", `{"type":"story","data":{"title":"Login","parent":"M-001"}}`)
	for _, title := range []string{"Form", "API", "Docs", "Tests"} {
		v.tool("create_entity", `{"type":"task","data":{"title":"`+title+`","parent":"S-001"}}`)
	}
	v.tool("update_entity", `{"id":"T-001","data":{"depends_on":["T-002"]}}`)
	r := v.cli("git", "install")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	v.commit("base")
	return v
}

func (v *gitVault) git(args ...string) string {
	v.t.Helper()
	out, err := v.gitErr(args...)
	require.NoError(v.t, err, "git %v: %s", args, out)
	return out
}

func (v *gitVault) gitErr(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = v.dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (v *gitVault) cli(args ...string) cliResult {
	v.t.Helper()
	return runCLI(v.t, nil, "", append([]string{"--vault", v.dir}, args...)...)
}

func (v *gitVault) tool(name, args string) map[string]any {
	v.t.Helper()
	r := v.cli("tool", name, args)
	require.Equal(v.t, exitOK, r.code, "%s %s: %s", name, args, r.stdout+r.stderr)
	var out map[string]any
	require.NoError(v.t, json.Unmarshal([]byte(r.stdout), &out))
	return out
}

func (v *gitVault) write(name, data string) {
	v.t.Helper()
	p := filepath.Join(v.dir, name)
	require.NoError(v.t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(v.t, os.WriteFile(p, []byte(data), 0o644))
}

func (v *gitVault) read(name string) string {
	v.t.Helper()
	data, err := os.ReadFile(filepath.Join(v.dir, name))
	require.NoError(v.t, err)
	return string(data)
}

func (v *gitVault) commit(msg string) {
	v.t.Helper()
	v.git("add", "-A")
	v.git("commit", "-q", "-m", msg)
}

// branches changes the vault on a branch "theirs" (from the base) and on
// main, each committed.
func (v *gitVault) branches(ours, theirs func()) {
	v.t.Helper()
	v.git("checkout", "-q", "-b", "theirs")
	theirs()
	v.commit("theirs")
	v.git("checkout", "-q", "main")
	ours()
	v.commit("ours")
}

// merge merges theirs into main; it reports whether git left a conflict.
func (v *gitVault) merge() (conflicted bool, out string) {
	v.t.Helper()
	out, err := v.gitErr("merge", "--no-edit", "theirs")
	if err != nil {
		require.Contains(v.t, out, "CONFLICT", out)
		return true, out
	}
	return false, out
}

// validate runs validate_project and returns its issues as kind and file.
func (v *gitVault) validate() (issues [][2]string, checked int) {
	v.t.Helper()
	res := v.tool("validate_project", `{}`)
	for _, raw := range res["issues"].([]any) {
		is := raw.(map[string]any)
		issues = append(issues, [2]string{is["kind"].(string), is["file"].(string)})
	}
	return issues, int(res["entities_checked"].(float64))
}

// mergeClean merges theirs, which must leave no conflict: validate_project
// is then clean and counts every entity.
func (v *gitVault) mergeClean(entities int) {
	v.t.Helper()
	conflicted, out := v.merge()
	require.False(v.t, conflicted, out)
	issues, checked := v.validate()
	assert.Empty(v.t, issues)
	assert.Equal(v.t, entities, checked, "no entity is lost")
}

// assertFields checks scalar front matter values of a file.
func (v *gitVault) assertFields(file string, want map[string]string) {
	v.t.Helper()
	doc := v.entity(file)
	got := make(map[string]string, len(want))
	for k := range want {
		got[k], _ = doc.String(k)
	}
	assert.Equal(v.t, want, got, file)
}

// entity reads one entity's front matter keys.
func (v *gitVault) entity(file string) *frontmatter.Document {
	v.t.Helper()
	doc, err := frontmatter.Parse([]byte(v.read(file)))
	require.NoError(v.t, err, file)
	return doc
}

func (v *gitVault) canvasOK(name string) *canvas.Canvas {
	v.t.Helper()
	c, err := canvas.Parse([]byte(v.read(name)))
	require.NoError(v.t, err, "the canvas opens")
	return c
}

const (
	form = "Projects/tasks/T-001 Form.md"
	docs = "Projects/tasks/T-003 Docs.md"
)

func TestGitMergeDependenciesAddedOnBothSides(t *testing.T) {
	v := newGitVault(t)
	v.branches(func() {
		v.tool("update_entity", `{"id":"T-001","data":{"depends_on":["T-002","T-003"]}}`)
	}, func() {
		v.tool("update_entity", `{"id":"T-001","data":{"depends_on":["T-002","T-004"]}}`)
	})
	v.mergeClean(6)
	deps, _ := v.entity(form).Strings("depends_on")
	assert.Equal(t, []string{"T-002", "T-003", "T-004"}, deps)
	v.canvasOK("Projects.canvas")
}

func TestGitMergeStatusAndPriority(t *testing.T) {
	v := newGitVault(t)
	v.branches(func() {
		v.tool("update_entity", `{"id":"T-003","data":{"status":"In Progress"}}`)
	}, func() {
		v.tool("update_entity", `{"id":"T-003","data":{"priority":"P1","workstream":"docs"}}`)
	})
	v.mergeClean(6)
	v.assertFields(docs, map[string]string{"status": "In Progress", "priority": "P1"})
}

func TestGitMergeStatusChangedDifferently(t *testing.T) {
	v := newGitVault(t)
	v.branches(func() {
		v.tool("update_entity", `{"id":"T-003","data":{"status":"In Progress"}}`)
	}, func() {
		v.tool("update_entity", `{"id":"T-003","data":{"status":"Blocked"}}`)
	})
	conflicted, out := v.merge()
	require.True(t, conflicted, "git leaves the file for a person")
	assert.Contains(t, out, "CONFLICT status")
	doc := v.entity(docs) // the front matter parses
	status, _ := doc.String("status")
	assert.Equal(t, "In Progress", status, "the field keeps ours")
	assert.NotContains(t, v.read(docs), "<<<<<<<")
	issues, checked := v.validate()
	assert.Equal(t, [][2]string{{"merge_conflict", docs}}, issues, "validate reports exactly the conflict")
	assert.Equal(t, 6, checked)
}

func TestGitMergeSameIDOnBothSides(t *testing.T) {
	v := newGitVault(t)
	v.branches(func() {
		v.tool("create_entity", `{"type":"task","data":{"title":"Ours","parent":"S-001"}}`)
	}, func() {
		v.tool("create_entity", `{"type":"task","data":{"title":"Theirs","parent":"S-001"}}`)
	})
	conflicted, out := v.merge()
	require.False(t, conflicted, out)
	assert.FileExists(t, filepath.Join(v.dir, "Projects/tasks/T-005 Ours.md"))
	assert.FileExists(t, filepath.Join(v.dir, "Projects/tasks/T-005 Theirs.md"))
	issues, _ := v.validate()
	// Theirs was created first (branches changes theirs first): the
	// repair keeps its id and renumbers ours.
	assert.Contains(t, issues, [2]string{"schema_duplicate_id", "Projects/tasks/T-005 Theirs.md"})

	r := v.cli("git", "ids")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "T-005: Projects/tasks/T-005 Theirs.md keeps it; Projects/tasks/T-005 Ours.md would become T-006")

	v.tool("reconcile_relationships", `{"repair_ids":true,"dry_run":false}`)
	issues, checked := v.validate()
	assert.Empty(t, issues)
	assert.Equal(t, 8, checked, "both new tasks are kept")
	assert.FileExists(t, filepath.Join(v.dir, "Projects/tasks/T-006 Ours.md"))
	assert.Contains(t, v.read(".projectcanvas/sequence.json"), `"task": 6`)
	c := v.canvasOK("Projects.canvas")
	// Both canvases drew entity-T-005, each for its own file: both kept,
	// the repair pointed the renumbered file's node at its new name.
	var files []string
	for _, n := range c.Nodes {
		if strings.HasPrefix(n.ID, "entity-T-005") {
			files = append(files, n.File)
		}
	}
	assert.ElementsMatch(t, []string{"Projects/tasks/T-005 Theirs.md", "Projects/tasks/T-006 Ours.md"}, files)
}

// canvasWith rewrites the canvas's nodes by id.
func (v *gitVault) editCanvas(edit func(c *canvas.Canvas)) {
	v.t.Helper()
	c := v.canvasOK("Projects.canvas")
	edit(c)
	v.write("Projects.canvas", string(c.Bytes()))
}

func TestGitMergeCanvas(t *testing.T) {
	v := newGitVault(t)
	v.editCanvas(func(c *canvas.Canvas) {
		require.NoError(t, c.AddNode(&canvas.Node{ID: "note1", Type: canvas.TypeText, Text: "Ideas", X: -500, Y: -500, Width: 200, Height: 100}))
	})
	v.commit("a note")
	var t1, t2 canvas.Node
	v.branches(func() {
		v.editCanvas(func(c *canvas.Canvas) {
			n := c.Node("entity-T-001")
			n.X += 40
			t1 = *n
			c.RemoveNode("note1")
		})
	}, func() {
		v.editCanvas(func(c *canvas.Canvas) {
			n := c.Node("entity-T-002")
			n.Y += 80
			t2 = *n
			require.NoError(t, c.AddNode(&canvas.Node{ID: "note2", Type: canvas.TypeText, Text: "Risks", X: 900, Y: -500, Width: 200, Height: 100}))
		})
	})
	conflicted, out := v.merge()
	require.False(t, conflicted, out)
	c := v.canvasOK("Projects.canvas")
	assert.Equal(t, t1.X, c.Node("entity-T-001").X)
	assert.Equal(t, t2.Y, c.Node("entity-T-002").Y)
	assert.Nil(t, c.Node("note1"), "deleted on our side, unchanged on theirs")
	assert.NotNil(t, c.Node("note2"), "added on theirs")
	issues, _ := v.validate()
	assert.Empty(t, issues)
}

func TestGitMergeBody(t *testing.T) {
	v := newGitVault(t)
	v.write(docs, strings.Replace(v.read(docs), "# Docs\n", "# Docs\n\nWrite the guide.\n\nThen the reference.\n\nThen the FAQ.\n", 1))
	v.commit("body")
	v.branches(func() {
		v.write(docs, strings.Replace(v.read(docs), "Write the guide.", "Write the user guide.", 1))
	}, func() {
		v.write(docs, strings.Replace(v.read(docs), "Then the FAQ.", "Then the FAQ, from support's list.", 1))
	})
	conflicted, out := v.merge()
	require.False(t, conflicted, out)
	assert.Contains(t, v.read(docs), "Write the user guide.\n\nThen the reference.\n\nThen the FAQ, from support's list.\n")

	// The same line on both sides: markers in the body, the front matter
	// valid and the conflict reported.
	v.git("branch", "-q", "-D", "theirs")
	v.branches(func() {
		v.write(docs, strings.Replace(v.read(docs), "Then the reference.", "Then the API reference.", 1))
	}, func() {
		v.write(docs, strings.Replace(v.read(docs), "Then the reference.", "Then the CLI reference.", 1))
	})
	conflicted, _ = v.merge()
	require.True(t, conflicted)
	text := v.read(docs)
	assert.Contains(t, text, "<<<<<<< ours\nThen the API reference.\n=======\nThen the CLI reference.\n>>>>>>> theirs\n")
	v.entity(docs)
	issues, checked := v.validate()
	assert.Equal(t, [][2]string{{"merge_conflict", docs}}, issues)
	assert.Equal(t, 6, checked)
}

func TestGitInstallStatusAndHook(t *testing.T) {
	v := newGitVault(t)
	r := v.cli("git", "status")
	assert.Equal(t, exitOK, r.code, r.stdout)
	assert.Contains(t, r.stdout, "driver: "+shellQuote(os.Args[0])+" merge-file %O %A %B %P")
	attrs := v.read(".gitattributes")
	assert.Contains(t, attrs, "Projects/**/*.md merge=projectcanvas\n*.canvas merge=projectcanvas\n"+
		".projectcanvas/sequence.json merge=projectcanvas\n.projectcanvas/workspaces.json merge=projectcanvas\n")
	// Again: the block is replaced, not repeated; the person's lines stay.
	v.write(".gitattributes", "*.png binary\n"+attrs)
	require.Equal(t, exitOK, v.cli("git", "install").code)
	assert.Equal(t, 1, strings.Count(v.read(".gitattributes"), attrBegin))
	assert.Contains(t, v.read(".gitattributes"), "*.png binary\n")

	// A hook of the person's is left alone.
	hook := filepath.Join(v.dir, ".git", "hooks", "post-merge")
	require.NoError(t, os.WriteFile(hook, []byte("#!/bin/sh\necho mine\n"), 0o755))
	r = v.cli("git", "install", "--hook")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stderr, "add this line to it")
	data, _ := os.ReadFile(hook)
	assert.Equal(t, "#!/bin/sh\necho mine\n", string(data))
	require.NoError(t, os.Remove(hook))
	r = v.cli("git", "install", "--hook")
	require.Equal(t, exitOK, r.code, r.stderr)
	data, _ = os.ReadFile(hook)
	assert.Contains(t, string(data), hookMark)
	assert.Contains(t, string(data), "git ids")

	// Without the local config the driver is not set up.
	v.git("config", "--local", "--unset", "merge.projectcanvas.driver")
	r = v.cli("git", "status")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stdout, "driver: not set")
}

func TestMergeFileCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(data), 0o600))
		return p
	}
	base := write("base", "---\nid: T-001\ntype: task\ntags: [a]\n---\n")
	ours := write("ours", "---\nid: T-001\ntype: task\ntags: [a, b]\n---\n")
	theirs := write("theirs", "---\nid: T-001\ntype: task\ntags: [a, c]\n---\n")
	r := runCLI(t, nil, "", "merge-file", base, ours, theirs, "Projects/tasks/T-001 X.md")
	require.Equal(t, exitOK, r.code, r.stderr)
	data, _ := os.ReadFile(ours)
	assert.Equal(t, "---\nid: T-001\ntype: task\ntags: [a, b, c]\n---\n", string(data))
	fi, _ := os.Stat(ours)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the mode is kept")
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 3, "no temporary file is left")

	assert.Equal(t, exitUsage, runCLI(t, nil, "", "merge-file", base).code)
	assert.Equal(t, exitToolError, runCLI(t, nil, "", "merge-file", base, filepath.Join(dir, "missing"), theirs).code)
}

// The patterns reach the files they name, a projects folder with a space
// included (quoted as git reads it), in a vault that is a folder of the
// repository.
func TestGitInstallPatterns(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(t.TempDir(), "gitconfig"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	repo := t.TempDir()
	v := &gitVault{t: t, dir: repo}
	v.git("init", "-q")
	v.write("notes/.projectcanvas/config.json", `{"projects_folder": "My Projects"}`)
	r := runCLI(t, nil, "", "--vault", filepath.Join(repo, "notes"), "git", "install")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	for file, want := range map[string]string{
		"notes/My Projects/tasks/T-001 Form.md": "projectcanvas",
		"notes/My Projects/T-002 Loose.md":      "projectcanvas",
		"notes/Projects.canvas":                 "projectcanvas",
		"notes/Boards/Team.canvas":              "projectcanvas",
		"notes/.projectcanvas/sequence.json":    "projectcanvas",
		"notes/.projectcanvas/workspaces.json":  "projectcanvas",
		"notes/.projectcanvas/sync/notion.json": "unspecified",
		"notes/Meeting notes.md":                "unspecified",
		"README.md":                             "unspecified",
	} {
		out := v.git("check-attr", "merge", "--", file)
		assert.Equal(t, file+": merge: "+want+"\n", out)
	}
}

// One side changes the status, the other the title and renames the file
// to match (T-003 Docs.md becomes T-003 User docs.md, as a person does in
// the editor): git follows the rename and the driver merges the contents.
func TestGitMergeStatusAndTitleWithRename(t *testing.T) {
	v := newGitVault(t)
	renamed := "Projects/tasks/T-003 User docs.md"
	v.branches(func() {
		v.tool("update_entity", `{"id":"T-003","data":{"status":"In Progress"}}`)
	}, func() {
		v.tool("update_entity", `{"id":"T-003","data":{"title":"User docs"}}`)
		v.git("mv", docs, renamed)
	})
	v.mergeClean(6)
	assert.NoFileExists(t, filepath.Join(v.dir, docs))
	v.assertFields(renamed, map[string]string{"status": "In Progress", "title": "User docs"})
	v.canvasOK("Projects.canvas")
}

// A teammate commits a symbolic link where git install reads and writes
// (git carries links): each is refused by name, and nothing is written, so
// no file of the person's machine ends up in a file they commit.
func TestGitInstallRefusesLinks(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "id_ed25519")
	require.NoError(t, os.WriteFile(secret, []byte("PRIVATE KEY\n"), 0o600))
	for _, name := range []string{".gitattributes", ".gitignore", ".git/hooks/post-merge", ".git/config"} {
		t.Run(name, func(t *testing.T) {
			v := newGitVault(t)
			before := map[string]string{}
			for _, f := range []string{".gitattributes", ".gitignore"} {
				before[f] = v.read(f)
			}
			p := filepath.Join(v.dir, name)
			if name == ".git/config" {
				// The config moved elsewhere and linked back: git still reads it.
				moved := filepath.Join(t.TempDir(), "config")
				require.NoError(t, os.Rename(p, moved))
				secret = moved
			} else {
				require.NoError(t, os.RemoveAll(p))
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			}
			require.NoError(t, os.Symlink(secret, p))
			r := v.cli("git", "install", "--hook")
			assert.Equal(t, exitToolError, r.code, r.stdout)
			assert.Contains(t, r.stderr, p+" is a symbolic link")
			assert.Empty(t, r.stdout, "nothing is written")
			for f, data := range before {
				if f != name {
					assert.Equal(t, data, v.read(f), f)
				}
			}
			st, err := os.Lstat(p)
			require.NoError(t, err)
			assert.NotZero(t, st.Mode()&os.ModeSymlink, "the link stays a link")
			data, _ := os.ReadFile(secret)
			assert.NotContains(t, string(data), "projectcanvas merge")
			_, err = os.Stat(filepath.Join(v.dir, ".git/hooks/post-merge"))
			if name != ".git/hooks/post-merge" {
				assert.ErrorIs(t, err, os.ErrNotExist, "no hook written")
			}
		})
	}
	t.Run("folder", func(t *testing.T) {
		v := newGitVault(t)
		require.NoError(t, os.Remove(filepath.Join(v.dir, ".gitattributes")))
		require.NoError(t, os.Mkdir(filepath.Join(v.dir, ".gitattributes"), 0o755))
		r := v.cli("git", "install")
		assert.Equal(t, exitToolError, r.code)
		assert.Contains(t, r.stderr, ".gitattributes is a folder")
		r = v.cli("git", "status")
		assert.Contains(t, r.stdout, ".gitattributes is a folder")
	})
}

// git install ignores the project's local-only files and none that
// teammates share.
func TestGitInstallIgnoresLocalFiles(t *testing.T) {
	v := newGitVault(t)
	v.write(".gitignore", "*.log\n")
	require.Equal(t, exitOK, v.cli("git", "install").code)
	assert.Contains(t, v.read(".gitignore"), "*.log\n"+ignoreBegin)
	require.Equal(t, exitOK, v.cli("git", "install").code)
	assert.Equal(t, 1, strings.Count(v.read(".gitignore"), ignoreBegin), "the block is replaced, not repeated")
	for file, ignored := range map[string]bool{
		".projectcanvas/lock":                                true,
		".projectcanvas/cache/docsearch.idx":                 true,
		".projectcanvas/journal.json":                        true,
		".projectcanvas/journal.rejected-20261127T1.json":    true,
		".projectcanvas/batch_clients.json":                  true,
		"Projects/tasks/.projectcanvas-0123456789abcdef.tmp": true,
		".projectcanvas/site/index.html":                     true,
		".projectcanvas/config.json":                         false,
		".projectcanvas/sequence.json":                       false,
		".projectcanvas/workspaces.json":                     false,
		".projectcanvas/sync/notion.json":                    false,
		"Projects/tasks/T-001 Form.md":                       false,
		"Projects.canvas":                                    false,
	} {
		_, err := v.gitErr("check-ignore", "-q", "--no-index", file)
		assert.Equal(t, ignored, err == nil, file)
	}
}

// The merge driver replaces OURS only as a regular file.
func TestMergeFileRefusesLinkedOurs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(data), 0o600))
		return p
	}
	base := write("base", "---\nid: T-001\ntype: task\n---\n")
	target := write("target", "mine\n")
	theirs := write("theirs", "---\nid: T-001\ntype: task\ntags: [c]\n---\n")
	ours := filepath.Join(dir, "ours")
	require.NoError(t, os.Symlink(target, ours))
	r := runCLI(t, nil, "", "merge-file", base, ours, theirs, "Projects/tasks/T-001 X.md")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stderr, "is a symbolic link")
	data, _ := os.ReadFile(target)
	assert.Equal(t, "mine\n", string(data))
}

// A side over merge.MaxInputBytes is not read: OURS stays as it is and git
// reports the file as conflicted.
func TestMergeFileBoundsItsInput(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base")
	require.NoError(t, os.WriteFile(base, []byte("a\n"), 0o600))
	ours := filepath.Join(dir, "ours")
	require.NoError(t, os.WriteFile(ours, []byte("b\n"), 0o600))
	theirs := filepath.Join(dir, "theirs")
	require.NoError(t, os.WriteFile(theirs, nil, 0o600))
	require.NoError(t, os.Truncate(theirs, merge.MaxInputBytes+1)) // sparse: costs no disk
	r := runCLI(t, nil, "", "merge-file", base, ours, theirs, "Projects.canvas")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stderr, "over the limit of 67108864; ours is left as it is")
	data, _ := os.ReadFile(ours)
	assert.Equal(t, "b\n", string(data))
}
