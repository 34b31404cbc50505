package tools_test

import (
	"context"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

var updateGolden = flag.Bool("update", false, "rewrite golden files")

func docsHarness(t *testing.T, files map[string]string) *harness {
	fsys := memfs.New(files)
	now := func() time.Time { return time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC) }
	p, err := pc.Open(fsys, pc.WithClock(now))
	require.NoError(t, err)
	return &harness{t: t, reg: tools.New(), env: &tools.Env{Project: p}, fs: fsys}
}

// fails runs a tool that must fail with code and change no file.
func (h *harness) fails(code pc.Code, name, args string) {
	h.t.Helper()
	before := h.fs.Files()
	_, err := h.call(name, args)
	require.Error(h.t, err, "%s %s", name, args)
	assert.Equal(h.t, code, pc.ErrorCode(err), "%s %s: %v", name, args, err)
	assert.Equal(h.t, before, h.fs.Files(), "%s %s changed files", name, args)
}

var notes = map[string]string{
	"Notes/a.md":       "# A\none\ntwo\nthree\n",
	"Notes/sub/b.md":   "b\n",
	"Notes/c.md":       "c",
	"Notes/image.png":  "PNG",
	"Notes/plain.txt":  "text",
	"Other/x.md":       "x\n",
	".obsidian/app.md": "hidden",
}

func TestWorkspaces(t *testing.T) {
	h := docsHarness(t, notes)
	out := h.ok("list_workspaces", `{}`)
	assert.Equal(t, 0.0, out["count"])
	assert.Nil(t, out["config_last_changed"])

	out = h.ok("manage_workspaces", `{"action":"create","workspace":"notes","config":{"path":"Notes/","description":"My notes"}}`)
	assert.Equal(t, map[string]any{"name": "notes", "path": "Notes", "description": "My notes", "file_count": 3.0}, out["workspace"])
	h.ok("manage_workspaces", `{"action":"create","workspace":"all","config":{"path":""}}`)
	out = h.ok("list_workspaces", `{}`)
	assert.Equal(t, 2.0, out["count"])
	assert.Equal(t, "2026-11-22T10:00:00Z", out["config_last_changed"])
	ws := out["workspaces"].([]any)
	assert.Equal(t, "all", ws[0].(map[string]any)["name"])
	assert.Equal(t, 4.0, ws[0].(map[string]any)["file_count"])

	out = h.ok("manage_workspaces", `{"action":"update","workspace":"notes","config":{"description":"Renamed"}}`)
	assert.Equal(t, "Renamed", out["workspace"].(map[string]any)["description"])
	assert.Equal(t, "Notes", out["workspace"].(map[string]any)["path"])
	out = h.ok("manage_workspaces", `{"action":"get","workspace":"notes"}`)
	assert.Equal(t, 3.0, out["workspace"].(map[string]any)["file_count"])

	for _, bad := range []struct {
		code pc.Code
		args string
	}{
		{pc.CodeConflict, `{"action":"create","workspace":"notes","config":{"path":"x"}}`},
		{pc.CodeMissingField, `{"action":"create","workspace":"new","config":{"description":"no path"}}`},
		{pc.CodeMissingField, `{"action":"create","workspace":"new"}`},
		{pc.CodeNotFound, `{"action":"update","workspace":"nope","config":{"path":"x"}}`},
		{pc.CodeNotFound, `{"action":"delete","workspace":"nope"}`},
		{pc.CodeNotFound, `{"action":"get","workspace":"nope"}`},
		{pc.CodeInvalidArgument, `{"action":"create","workspace":"new","config":{"path":"../outside"}}`},
		{pc.CodeInvalidArgument, `{"action":"create","workspace":"new","config":{"path":"Notes/../../x"}}`},
		{pc.CodeInvalidArgument, `{"action":"create","workspace":"new","config":{"path":"/etc"}}`},
		{pc.CodeInvalidArgument, `{"action":"create","workspace":"new","config":{"path":"C:\\Windows"}}`},
		{pc.CodeInvalidArgument, `{"action":"create","workspace":"new","config":{"path":".obsidian"}}`},
		{pc.CodeInvalidArgument, `{"action":"create","workspace":"new","config":{"path":"a\u0000b"}}`},
		{pc.CodeInvalidArgument, `{"action":"create","workspace":"a/b","config":{"path":"x"}}`},
		{pc.CodeInvalidArgument, `{"action":"rename","workspace":"notes"}`},
		{pc.CodeInvalidArgument, `{"action":"create","workspace":"","config":{"path":"x"}}`},
	} {
		h.fails(bad.code, "manage_workspaces", bad.args)
	}
	h.ok("manage_workspaces", `{"action":"delete","workspace":"all"}`)
	assert.Equal(t, 1.0, h.ok("list_workspaces", `{}`)["count"])

	// A broken settings file is reported, not overwritten.
	cur, _ := h.fs.ReadFile(tools.WorkspacesPath)
	require.NoError(t, h.fs.WriteFile(tools.WorkspacesPath, []byte("{broken"), pc.HashOf(cur)))
	h.fails(pc.CodeInvalidArgument, "manage_workspaces", `{"action":"create","workspace":"z","config":{"path":"x"}}`)
	h.fails(pc.CodeInvalidArgument, "list_workspaces", `{}`)
}

func TestListFiles(t *testing.T) {
	h := docsHarness(t, notes)
	h.ok("manage_workspaces", `{"action":"create","workspace":"notes","config":{"path":"Notes","description":"d"}}`)
	out := h.ok("list_files", `{"workspace":"notes","max_items":2}`)
	assert.Equal(t, "d", out["workspace_description"])
	assert.Equal(t, 2.0, out["count"])
	assert.Equal(t, true, out["has_more"])
	files := out["files"].([]any)
	assert.Equal(t, map[string]any{"name": "a.md", "path": "Notes/a.md", "size": 18.0, "last_changed": nil}, files[0])
	out = h.ok("list_files", `{"workspace":"notes","max_items":2,"continuation_token":"`+out["continuation_token"].(string)+`"}`)
	assert.Equal(t, 1.0, out["count"])
	assert.Equal(t, false, out["has_more"])
	assert.Equal(t, "sub/b.md", out["files"].([]any)[0].(map[string]any)["name"])
	assert.Equal(t, map[string]any{"max_items": 200.0}, h.ok("list_files", `{"workspace":"notes","max_items":201}`)["capped"])
	h.fails(pc.CodeInvalidArgument, "list_files", `{"workspace":"notes","continuation_token":"zz"}`)
	h.fails(pc.CodeNotFound, "list_files", `{"workspace":"nope"}`)
}

// On disk, list_files and read_docs report modification times (symlinks:
// TestDocToolsStayInTheVault).
func TestListFilesOnDisk(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "Notes"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Notes", "a.md"), []byte("# A\n"), 0o644))
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	h := &harness{t: t, reg: tools.New(), env: &tools.Env{Project: p}}
	h.ok("manage_workspaces", `{"action":"create","workspace":"n","config":{"path":"Notes"}}`)
	f := h.ok("list_files", `{"workspace":"n"}`)["files"].([]any)[0].(map[string]any)
	_, err = time.Parse(time.RFC3339, f["last_changed"].(string))
	require.NoError(t, err)
	out := h.ok("read_docs", `{"workspace":"n","doc_name":"a"}`)
	assert.NotNil(t, out["last_changed"])
}

func TestReadDocs(t *testing.T) {
	h := docsHarness(t, notes)
	h.ok("manage_workspaces", `{"action":"create","workspace":"notes","config":{"path":"Notes","description":"d"}}`)
	out := h.ok("read_docs", `{"workspace":"notes","doc_name":"a"}`)
	assert.Equal(t, map[string]any{"workspace": "notes", "workspace_description": "d", "doc_name": "a.md",
		"content": "# A\none\ntwo\nthree\n", "line_count": 4.0, "last_changed": nil}, out)
	out = h.ok("read_docs", `{"workspace":"notes","doc_name":"a.md","line_range":[2,3]}`)
	assert.Equal(t, "one\ntwo\n", out["content"])
	out = h.ok("read_docs", `{"workspace":"notes","doc_name":"c","line_range":[1,1]}`)
	assert.Equal(t, "c", out["content"])
	assert.Equal(t, "sub/b.md", h.ok("read_docs", `{"workspace":"notes","doc_name":"sub/b"}`)["doc_name"])
	for _, bad := range []struct {
		code pc.Code
		args string
	}{
		{pc.CodeInvalidArgument, `{"workspace":"notes","doc_name":"a","line_range":[0,2]}`},
		{pc.CodeInvalidArgument, `{"workspace":"notes","doc_name":"a","line_range":[3,2]}`},
		{pc.CodeInvalidArgument, `{"workspace":"notes","doc_name":"a","line_range":[1,5]}`},
		{pc.CodeInvalidArgument, `{"workspace":"notes","doc_name":"a","line_range":[1]}`},
		{pc.CodeInvalidArgument, `{"workspace":"notes","doc_name":"../Other/x"}`},
		{pc.CodeInvalidArgument, `{"workspace":"notes","doc_name":"/etc/passwd"}`},
		{pc.CodeInvalidArgument, `{"workspace":"notes","doc_name":"image.png"}`},
		{pc.CodeInvalidArgument, `{"workspace":"notes","doc_name":"plain.txt"}`},
		{pc.CodeNotFound, `{"workspace":"notes","doc_name":"missing"}`},
		{pc.CodeNotFound, `{"workspace":"nope","doc_name":"a"}`},
	} {
		h.fails(bad.code, "read_docs", bad.args)
	}
}

const baseDoc = "---\ntitle: Doc\n---\n# Title\nline 2\nline 3\nline 4\n"

// TestUpdateDocOperations runs each line operation on the same file and
// compares the result with testdata/update_doc/NAME.golden (-update
// rewrites them).
func TestUpdateDocOperations(t *testing.T) {
	tests := []struct {
		name, args string
	}{
		{"replace", `{"operation":"replace","content":"new\n"}`},
		{"replace_range", `{"operation":"replace","content":"X\nY","line_range":[5,6]}`},
		{"append", `{"operation":"append","content":"tail 1\ntail 2\n"}`},
		{"prepend_after_front_matter", `{"operation":"prepend","content":"> note"}`},
		{"insert_first", `{"operation":"insert","content":"first","line_number":1}`},
		{"insert_middle", `{"operation":"insert","content":"mid 1\nmid 2","line_number":5}`},
		{"insert_end", `{"operation":"insert","content":"last","line_number":8}`},
		{"delete_line", `{"operation":"delete","line_number":5}`},
		{"delete_range", `{"operation":"delete","line_range":[4,7]}`},
		{"delete_all", `{"operation":"delete","line_range":[1,7]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := docsHarness(t, map[string]string{"W/doc.md": baseDoc})
			h.ok("manage_workspaces", `{"action":"create","workspace":"w","config":{"path":"W"}}`)
			args := `{"workspace":"w","name":"doc",` + strings.TrimPrefix(tt.args, "{")
			out := h.ok("update_doc", args)
			got, err := h.fs.ReadFile("W/doc.md")
			require.NoError(t, err)
			assert.Equal(t, true, out["success"])
			assert.Equal(t, "doc.md", out["doc_name"])
			assert.Equal(t, float64(strings.Count(string(got), "\n")+boolInt(len(got) > 0 && got[len(got)-1] != '\n')), out["line_count"])
			golden := filepath.Join("testdata", "update_doc", tt.name+".golden")
			if *updateGolden {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, got, 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestUpdateDocRefusals(t *testing.T) {
	h := docsHarness(t, map[string]string{"W/doc.md": baseDoc, "W/data.json": "{}", "Outside.md": "o"})
	h.ok("manage_workspaces", `{"action":"create","workspace":"w","config":{"path":"W"}}`)
	for _, bad := range []struct {
		code pc.Code
		args string
	}{
		{pc.CodeConflict, `{"name":"doc","operation":"create","content":"x"}`},
		{pc.CodeNotFound, `{"name":"missing","operation":"append","content":"x"}`},
		{pc.CodeMissingField, `{"name":"doc","operation":"append"}`},
		{pc.CodeMissingField, `{"name":"doc","operation":"insert","content":"x"}`},
		{pc.CodeMissingField, `{"name":"doc","operation":"delete"}`},
		{pc.CodeInvalidArgument, `{"name":"doc","operation":"insert","content":"x","line_number":9}`},
		{pc.CodeInvalidArgument, `{"name":"doc","operation":"delete","line_number":8}`},
		{pc.CodeInvalidArgument, `{"name":"doc","operation":"delete","line_range":[6,8]}`},
		{pc.CodeInvalidArgument, `{"name":"doc","operation":"delete","line_range":[0,1]}`},
		{pc.CodeInvalidArgument, `{"name":"doc","operation":"delete","line_number":0}`},
		{pc.CodeInvalidArgument, `{"name":"doc","operation":"truncate"}`},
		{pc.CodeInvalidArgument, `{"name":"../Outside","operation":"append","content":"x"}`},
		{pc.CodeInvalidArgument, `{"name":"/abs","operation":"create","content":"x"}`},
		{pc.CodeInvalidArgument, `{"name":".obsidian/x","operation":"create","content":"x"}`},
		{pc.CodeInvalidArgument, `{"name":"data.json","operation":"replace","content":"x"}`},
		{pc.CodeInvalidArgument, `{"name":"sub\\x","operation":"create","content":"x"}`},
	} {
		h.fails(bad.code, "update_doc", `{"workspace":"w",`+strings.TrimPrefix(bad.args, "{"))
	}
	// create makes the file (and its folder).
	out := h.ok("update_doc", `{"workspace":"w","name":"new/page","operation":"create","content":"# New\n"}`)
	assert.Equal(t, 1.0, out["line_count"])
	got, err := h.fs.ReadFile("W/new/page.md")
	require.NoError(t, err)
	assert.Equal(t, "# New\n", string(got))
}

// A file changed on disk between read and write is never overwritten:
// the conditional write fails with conflict.
func TestUpdateDocConflict(t *testing.T) {
	h := docsHarness(t, map[string]string{"W/doc.md": baseDoc})
	h.ok("manage_workspaces", `{"action":"create","workspace":"w","config":{"path":"W"}}`)
	racing := &racingFS{FS: h.fs}
	p, err := pc.Open(racing)
	require.NoError(t, err)
	env := &tools.Env{Project: p}
	racing.race = "W/doc.md"
	_, err = h.reg.Call(context.Background(), env, "update_doc", json.RawMessage(`{"workspace":"w","name":"doc","operation":"append","content":"mine"}`))
	require.Error(t, err)
	assert.Equal(t, pc.CodeConflict, pc.ErrorCode(err))
	got, _ := h.fs.ReadFile("W/doc.md")
	assert.Equal(t, "theirs", string(got))
}

// The workspace settings are written the same way: an edit made by the
// plugin between read and write is kept, and the tool fails with conflict.
func TestManageWorkspacesConflict(t *testing.T) {
	h := docsHarness(t, map[string]string{})
	h.ok("manage_workspaces", `{"action":"create","workspace":"w","config":{"path":"W"}}`)
	racing := &racingFS{FS: h.fs}
	p, err := pc.Open(racing)
	require.NoError(t, err)
	racing.race = tools.WorkspacesPath
	_, err = h.reg.Call(context.Background(), &tools.Env{Project: p}, "manage_workspaces",
		json.RawMessage(`{"action":"create","workspace":"x","config":{"path":"X"}}`))
	assert.Equal(t, pc.CodeConflict, pc.ErrorCode(err))
	got, _ := h.fs.ReadFile(tools.WorkspacesPath)
	assert.Equal(t, "theirs", string(got))
}

// The document tools reach files only through the vault's FS, so a symlink
// that leads out of the vault is refused there (vault/osfs, rooted with
// os.Root) and nothing outside is read or written.
func TestDocToolsStayInTheVault(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.md")
	require.NoError(t, os.WriteFile(secret, []byte("secret\n"), 0o644))
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "Notes"), 0o755))
	if err := os.Symlink(outside, filepath.Join(dir, "Notes", "out")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "Notes", "secret.md")))
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	_, err = fsys.ReadFile("Notes/secret.md")
	require.Error(t, err, "osfs must not follow a link out of the vault")
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	h := &harness{t: t, reg: tools.New(), env: &tools.Env{Project: p}}
	h.ok("manage_workspaces", `{"action":"create","workspace":"n","config":{"path":"Notes"}}`)
	for _, args := range []struct{ tool, args string }{
		{"read_docs", `{"workspace":"n","doc_name":"secret"}`},
		{"read_docs", `{"workspace":"n","doc_name":"out/secret"}`},
		{"update_doc", `{"workspace":"n","name":"secret","operation":"replace","content":"pwned"}`},
		{"update_doc", `{"workspace":"n","name":"out/secret","operation":"append","content":"pwned"}`},
		{"update_doc", `{"workspace":"n","name":"out/new","operation":"create","content":"pwned"}`},
	} {
		_, err := h.call(args.tool, args.args)
		assert.Error(t, err, "%s %s", args.tool, args.args)
	}
	got, err := os.ReadFile(secret)
	require.NoError(t, err)
	assert.Equal(t, "secret\n", string(got))
	_, err = os.Stat(filepath.Join(outside, "new.md"))
	assert.ErrorIs(t, err, fs.ErrNotExist)
}

// racingFS lets another writer change the file named race right after it
// is read.
type racingFS struct {
	*memfs.FS
	race string
}

func (r *racingFS) ReadFile(name string) ([]byte, error) {
	data, err := r.FS.ReadFile(name)
	if r.race != "" && name == r.race && err == nil {
		r.race = ""
		_ = r.FS.WriteFile(name, []byte("theirs"), pc.HashOf(data))
	}
	return data, err
}

// Stored workspace paths are vault content (synced, merged, edited by
// hand): each is checked when read, and a bad one is refused with a
// problem naming it while the others keep working.
func TestHostileStoredWorkspaces(t *testing.T) {
	bad := map[string]string{
		"up": "..", "way-up": "../../..", "abs": "/etc", "drive": "C:/Users", "own": ".projectcanvas",
		"obsidian": ".obsidian/plugins", "backslash": `..\..`, "mixed": `notes\..\..`, "nul": "notes\u0000x",
		"dotdot-inside": "notes/../../x", "git": "notes/.git", "unclean": "notes//x",
	}
	stored := map[string]any{"good": map[string]string{"path": "notes", "description": "fine"}}
	for name, p := range bad {
		stored[name] = map[string]string{"path": p}
	}
	data, err := json.Marshal(map[string]any{"workspaces": stored})
	require.NoError(t, err)
	h := docsHarness(t, map[string]string{
		tools.WorkspacesPath:             string(data),
		"notes/a.md":                     "# A\n",
		".projectcanvas/config.json":     "{}",
		".obsidian/plugins/evil/main.js": "evil()",
	})
	list := h.ok("list_workspaces", `{}`)
	views := map[string]map[string]any{}
	for _, v := range list["workspaces"].([]any) {
		view := v.(map[string]any)
		views[view["name"].(string)] = view
	}
	assert.Nil(t, views["good"]["problem"])
	assert.EqualValues(t, 1, views["good"]["file_count"])
	for name := range bad {
		require.Contains(t, views, name)
		assert.Contains(t, views[name]["problem"], name, "list_workspaces names what is wrong")
		assert.EqualValues(t, 0, views[name]["file_count"])
		for _, call := range [][2]string{
			{"list_files", `{"workspace":"` + name + `"}`},
			{"read_docs", `{"workspace":"` + name + `","doc_name":"config.json"}`},
			{"read_docs", `{"workspace":"` + name + `","doc_name":"a"}`},
			{"update_doc", `{"workspace":"` + name + `","name":"x","operation":"create","content":"x"}`},
			{"manage_workspaces", `{"action":"get","workspace":"` + name + `"}`},
		} {
			h.fails(pc.CodeInvalidArgument, call[0], call[1])
		}
	}
	h.ok("read_docs", `{"workspace":"good","doc_name":"a"}`)
	// The way out: update the workspace with a good path.
	h.ok("manage_workspaces", `{"action":"update","workspace":"up","config":{"path":"notes"}}`)
	h.ok("list_files", `{"workspace":"up"}`)
}

// update_doc writes through the transaction like every tool: it may edit
// the text of an entity file but not its front matter (update_entity checks
// that), and may not make a note into an entity.
func TestUpdateDocCannotBypassEntityRules(t *testing.T) {
	h := docsHarness(t, nil)
	h.seed() // M-001, S-001, T-001 "Form"
	h.ok("create_entity", `{"type":"task","data":{"title":"Other","parent":"S-001","depends_on":["T-001"]}}`)
	h.ok("manage_workspaces", `{"action":"create","workspace":"proj","config":{"path":"Projects"}}`)
	task := `"workspace":"proj","name":"tasks/T-001 Form"`
	for _, tt := range []struct{ name, args string }{
		{"Not Started -> Completed", `{` + task + `,"operation":"replace","line_range":[5,5],"content":"status: Completed"}`},
		{"a second file with an existing id", `{"workspace":"proj","name":"tasks/copy","operation":"create","content":"---\nid: T-001\ntype: task\ntitle: Copy\nstatus: Not Started\nparent: S-001\n---\n"}`},
		{"broken YAML", `{` + task + `,"operation":"replace","line_range":[5,5],"content":"status: [oops"}`},
		{"a one-sided relation", `{` + task + `,"operation":"insert","line_number":3,"content":"implements: [F-009]"}`},
		{"a dependency cycle", `{` + task + `,"operation":"insert","line_number":3,"content":"depends_on: [T-002]"}`},
		{"front matter removed", `{` + task + `,"operation":"delete","line_number":1}`},
		{"a note turned into an entity", `{"workspace":"proj","name":"note","operation":"create","content":"---\nid: T-050\ntype: task\n---\n"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h.t = t
			h.fails(pc.CodeInvalidArgument, "update_doc", tt.args)
		})
	}
	h.t = t
	got := h.ok("read_docs", `{"workspace":"proj","doc_name":"tasks/T-001 Form"}`)
	require.Contains(t, got["content"], "status: Not Started", "lines 1-5 are the front matter of the test")
	// The text below the front matter is the user's: edited freely, and
	// the index follows.
	h.ok("update_doc", `{`+task+`,"operation":"append","content":"Remember the keyboard shortcuts."}`)
	e := h.ok("get_entity", `{"id":"T-001","fields":["status","content"]}`)
	assert.Equal(t, "Not Started", e["status"])
	assert.Contains(t, e["content"], "keyboard shortcuts")
	h.ok("validate_project", `{}`)
	assert.Equal(t, true, h.ok("validate_project", `{}`)["valid"])
}
