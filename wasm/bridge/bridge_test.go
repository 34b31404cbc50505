package bridge_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

type change struct {
	Op, Path, From, Content string
}

// host plays the editor: it owns the files and applies the bridge's changes.
type host struct {
	t     *testing.T
	b     *bridge.Bridge
	files map[string]string
}

func newHost(t *testing.T, files map[string]string) *host {
	h := &host{t: t, b: bridge.New(), files: files}
	var list []map[string]string
	for p, c := range files {
		list = append(list, map[string]string{"path": p, "content": c})
	}
	h.mustCall("load", map[string]any{"files": list, "token": "tok"})
	return h
}

func (h *host) call(fn string, in any) (map[string]json.RawMessage, error) {
	data, err := json.Marshal(in)
	require.NoError(h.t, err)
	out, err := h.b.Call(context.Background(), fn, data)
	if err != nil {
		return nil, err
	}
	var got map[string]json.RawMessage
	require.NoError(h.t, json.Unmarshal(out, &got))
	var changes []change
	if raw, ok := got["changes"]; ok {
		require.NoError(h.t, json.Unmarshal(raw, &changes))
	}
	for _, c := range changes {
		switch c.Op {
		case "write":
			h.files[c.Path] = c.Content
		case "delete":
			delete(h.files, c.Path)
		case "rename":
			h.files[c.Path] = h.files[c.From]
			delete(h.files, c.From)
		default:
			h.t.Fatalf("unknown change %+v", c)
		}
	}
	return got, nil
}

func (h *host) mustCall(fn string, in any) map[string]json.RawMessage {
	h.t.Helper()
	got, err := h.call(fn, in)
	require.NoError(h.t, err, "%s %v", fn, in)
	return got
}

func TestToolCallsHandBackTheirFileChanges(t *testing.T) {
	h := newHost(t, map[string]string{"Notes/readme.md": "# not an entity\n"})
	h.mustCall("call", map[string]any{"name": "create_entity", "arguments": map[string]any{"type": "milestone", "data": map[string]any{"title": "Beta"}}})
	h.mustCall("call", map[string]any{"name": "create_entity", "arguments": map[string]any{"type": "story", "data": map[string]any{"title": "Sign-in", "parent": "M-001"}}})
	assert.Contains(t, h.files, "Projects/milestones/M-001 Beta.md")
	assert.Contains(t, h.files["Projects/stories/S-001 Sign-in.md"], "parent: M-001")

	// Loading the host's files afresh gives the same project: nothing the
	// host needed was left out of the changes.
	again := newHost(t, h.files)
	got := again.mustCall("call", map[string]any{"name": "get_entity", "arguments": map[string]any{"id": "S-001"}})
	assert.Contains(t, string(got["result"]), `"Sign-in"`)

	// A refused call changes nothing and says why, with a code.
	before := len(h.files)
	_, err := h.call("call", map[string]any{"name": "create_entity", "arguments": map[string]any{"type": "task", "data": map[string]any{"title": "Stray"}}})
	assert.Equal(t, pc.CodeOrphan, pc.ErrorCode(err))
	_, err = h.call("call", map[string]any{"name": "no_such_tool"})
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))
	assert.Len(t, h.files, before)
}

func TestVaultEvents(t *testing.T) {
	h := newHost(t, map[string]string{})
	feature := "---\nid: F-001\ntype: feature\ntitle: Export\nstatus: Planned\n---\n"
	h.mustCall("events", map[string]any{"events": []map[string]string{{"type": "create", "path": "F-001.md", "content": feature}}})
	title := func() string {
		got, err := h.call("call", map[string]any{"name": "get_entity", "arguments": map[string]any{"id": "F-001", "fields": []string{"title"}}})
		if err != nil {
			return string(pc.ErrorCode(err))
		}
		var e struct{ Title string }
		require.NoError(t, json.Unmarshal(got["result"], &e))
		return e.Title
	}
	assert.Equal(t, "Export", title())
	h.mustCall("events", map[string]any{"events": []map[string]string{
		{"type": "modify", "path": "F-001.md", "content": strings.Replace(feature, "Export", "Export to PDF", 1)},
		{"type": "rename", "from": "F-001.md", "path": "Features/F-001.md"},
	}})
	assert.Equal(t, "Export to PDF", title())
	h.mustCall("events", map[string]any{"events": []map[string]string{{"type": "delete", "path": "Features/F-001.md"}}})
	assert.Equal(t, "not_found", title())

	// Bad events are refused before any is applied.
	for _, bad := range []map[string]string{
		{"type": "create", "path": "../outside.md", "content": feature},
		{"type": "create", "path": "a/../../b.md"},
		{"type": "rename", "from": "../x.md", "path": "y.md"},
		{"type": "explode", "path": "x.md"},
	} {
		_, err := h.call("events", map[string]any{"events": []map[string]string{{"type": "create", "path": "ok.md", "content": feature}, bad}})
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%v", bad)
	}
	assert.Equal(t, "not_found", title(), "the good event before a bad one was not applied")
}

// search_docs in the bridge (memfs) follows the editor's vault events and
// the tools' own writes; msrl_status shows the editor as the watcher.
func TestSearchDocsFollowsVaultEvents(t *testing.T) {
	h := newHost(t, map[string]string{"Notes/Kitchen.md": "# Kitchen\nWe bake apple pie on Sundays.\n"})
	type hit struct {
		DocURI  string `json:"doc_uri"`
		Excerpt string `json:"excerpt"`
	}
	search := func(query string) []hit {
		got := h.mustCall("call", map[string]any{"name": "search_docs", "arguments": map[string]any{"query": query}})
		var out struct{ Results []hit }
		require.NoError(t, json.Unmarshal(got["result"], &out))
		return out.Results
	}
	status := func() (out struct {
		State string
		Stats struct {
			DocCount int `json:"doc_count"`
		}
		Watcher struct {
			Active    bool
			LastEvent *string `json:"last_event"`
		}
	}) {
		got := h.mustCall("call", map[string]any{"name": "msrl_status"})
		require.NoError(t, json.Unmarshal(got["result"], &out))
		return out
	}
	require.NotEmpty(t, search("apple pie"))
	assert.Equal(t, "Notes/Kitchen.md", search("apple pie")[0].DocURI)
	st := status()
	assert.Equal(t, "ready", st.State)
	assert.True(t, st.Watcher.Active)
	assert.Nil(t, st.Watcher.LastEvent)

	h.mustCall("events", map[string]any{"events": []map[string]string{
		{"type": "modify", "path": "Notes/Kitchen.md", "content": "# Kitchen\nWe grill zucchini casserole on Mondays.\n"},
		{"type": "create", "path": "Garden.md", "content": "# Garden\nTomatoes need sun.\n"},
	}})
	assert.Equal(t, "Notes/Kitchen.md", search("zucchini casserole")[0].DocURI)
	assert.Equal(t, "Garden.md", search("tomatoes sun")[0].DocURI)
	for _, r := range search("apple pie") {
		assert.NotContains(t, r.Excerpt, "apple", "the old text is gone")
	}
	st = status()
	assert.Equal(t, 2, st.Stats.DocCount)
	assert.NotNil(t, st.Watcher.LastEvent)

	h.mustCall("events", map[string]any{"events": []map[string]string{{"type": "rename", "from": "Garden.md", "path": "Outside/Garden.md"}}})
	assert.Equal(t, "Outside/Garden.md", search("tomatoes sun")[0].DocURI)
	h.mustCall("events", map[string]any{"events": []map[string]string{{"type": "delete", "path": "Outside/Garden.md"}}})
	for _, r := range search("tomatoes sun") {
		assert.NotContains(t, r.DocURI, "Garden")
	}

	// A tool's own write is searchable at once, before the editor echoes it.
	h.mustCall("call", map[string]any{"name": "create_entity", "arguments": map[string]any{"type": "milestone",
		"data": map[string]any{"title": "Beta", "content": "Ship the quokka importer."}}})
	assert.Contains(t, search("quokka importer")[0].DocURI, "M-001")
}

func TestHTTPThroughTheSameHandler(t *testing.T) {
	h := newHost(t, map[string]string{})
	auth := map[string]string{"Authorization": "Bearer tok", "Host": "127.0.0.1:12312"}
	got := h.mustCall("http", map[string]any{"method": "POST", "path": "/entities", "headers": auth, "body": `{"type":"milestone","data":{"title":"Beta"}}`})
	assert.JSONEq(t, "201", string(got["status"]))
	assert.Contains(t, string(got["headers"]), `"/entities/M-001"`)
	assert.Contains(t, h.files, "Projects/milestones/M-001 Beta.md")

	got = h.mustCall("http", map[string]any{"method": "GET", "path": "/entities/M-001"})
	assert.JSONEq(t, "401", string(got["status"]), "no token")
	got = h.mustCall("http", map[string]any{"method": "GET", "path": "/entities/M-001", "headers": map[string]string{"Authorization": "Bearer tok", "Host": "evil.example"}})
	assert.JSONEq(t, "403", string(got["status"]), "foreign host")
	got = h.mustCall("http", map[string]any{"method": "GET", "path": "/health"})
	assert.JSONEq(t, "200", string(got["status"]))
}

func TestBadInput(t *testing.T) {
	b := bridge.New()
	for fn, in := range map[string]string{
		"nope":  `{}`,
		"call":  `{"name":`,
		"load":  `{"files":[{"path":"../../etc/passwd","content":"x"}]}`,
		"http":  `{"path":"no-slash"}`,
		"tools": `{}`,
	} {
		_, err := b.Call(context.Background(), fn, []byte(in))
		if fn == "tools" {
			assert.NoError(t, err)
			continue
		}
		assert.Error(t, err, fn)
		assert.NotEqual(t, pc.CodeInternal, pc.ErrorCode(err), fn)
	}
}

// hostilePaths are not vault paths (pc.CheckPath): the bridge refuses them
// in load and in events, before applying anything.
var hostilePaths = []string{"..", "../x.md", "a/../../x.md", "/abs.md", "/etc/passwd", "C:/x.md", "c:x.md", "a\x00b.md", `a\b.md`, `..\x.md`, "", "./a.md", "a//b.md"}

func TestLoadRefusesPathsOutsideTheVault(t *testing.T) {
	feature := "---\nid: F-001\ntype: feature\ntitle: Export\nstatus: Planned\n---\n"
	h := newHost(t, map[string]string{"F-001.md": feature})
	for _, bad := range hostilePaths {
		_, err := h.call("load", map[string]any{"files": []map[string]string{
			{"path": "G.md", "content": "# fine"}, {"path": bad, "content": "x"},
		}})
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "load of %q: %v", bad, err)
	}
	// The refused loads replaced nothing: the first vault still answers.
	got := h.mustCall("call", map[string]any{"name": "get_entity", "arguments": map[string]any{"id": "F-001"}})
	assert.Contains(t, string(got["result"]), `"Export"`)
}

func TestEventsRefusePathsOutsideTheVault(t *testing.T) {
	h := newHost(t, map[string]string{"keep.md": "keep"})
	note := "---\nid: F-001\ntype: feature\ntitle: Export\nstatus: Planned\n---\n"
	for _, bad := range hostilePaths {
		for _, ev := range []map[string]string{
			{"type": "create", "path": bad, "content": "x"},
			{"type": "modify", "path": bad, "content": "x"},
			{"type": "delete", "path": bad},
			{"type": "rename", "from": bad, "path": "moved.md"},
			{"type": "rename", "from": "keep.md", "path": bad},
		} {
			_, err := h.call("events", map[string]any{"events": []map[string]string{{"type": "create", "path": "F-001.md", "content": note}, ev}})
			assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "event %v: %v", ev, err)
		}
	}
	_, err := h.call("call", map[string]any{"name": "get_entity", "arguments": map[string]any{"id": "F-001"}})
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err), "the good event before a bad one was not applied")
}

// Vault content that steers the core's writes: a journal (arriving as an
// event) whose roll-back writes out of the vault and into a plugin, and a
// title with a bidirectional override. Whatever the calls answer, no
// change handed to the host names a path the project may not write.
func TestNoChangeLeavesTheVaultOrEntersAHiddenFolder(t *testing.T) {
	h := newHost(t, map[string]string{})
	journal := `{"version":1,"started":"2024-01-01T00:00:00Z","ops":[` +
		`{"op":"remove","path":"../ESCAPED.txt","before":"cHduZWQ="},` +
		`{"op":"remove","path":".obsidian/plugins/evil/main.js","before":"YWxlcnQoMSk="}]}`
	h.mustCall("events", map[string]any{"events": []map[string]string{{"type": "create", "path": ".projectcanvas/journal.json", "content": journal}}})
	_, _ = h.call("call", map[string]any{"name": "create_entity", "arguments": map[string]any{"type": "milestone", "data": map[string]any{"title": "Innocent"}}})
	h.mustCall("events", map[string]any{"events": []map[string]string{{"type": "delete", "path": ".projectcanvas/journal.json"}}})
	_, err := h.call("call", map[string]any{"name": "create_entity", "arguments": map[string]any{"type": "milestone", "data": map[string]any{"title": "evil\u202Egnp.exe"}}})
	assert.Error(t, err, "a file name with a bidirectional override")
	for p := range h.files {
		assert.NoError(t, pc.CheckWritable(p), "a change handed the host %q", p)
	}
}

// A journal that arrives with the vault is data, not orders: one naming
// files no transaction writes is reported and ignored, and the next call
// hands the host no change outside the project's files.
func TestHostileJournalThroughLoadAndEvents(t *testing.T) {
	evil := `{"version":1,"started":"2026-11-20T10:00:00Z","ops":[` +
		`{"op":"remove","path":"../ESCAPED.txt","before":"ZXZpbA=="},` +
		`{"op":"remove","path":".obsidian/plugins/evil/main.js","before":"ZXZpbA=="}]}`
	for _, via := range []string{"load", "events"} {
		t.Run(via, func(t *testing.T) {
			files := map[string]string{}
			if via == "load" {
				files[pc.JournalPath] = evil
			}
			h := newHost(t, files)
			if via == "events" {
				h.mustCall("events", map[string]any{"events": []map[string]string{{"type": "create", "path": pc.JournalPath, "content": evil}}})
			}
			h.mustCall("call", map[string]any{"name": "create_entity", "arguments": map[string]any{"type": "milestone", "data": map[string]any{"title": "Beta"}}})
			for name := range h.files {
				assert.NoError(t, pc.CheckWritable(name), name)
				assert.NotContains(t, name, "ESCAPED")
			}
			assert.NotContains(t, h.files, pc.JournalPath, "moved aside")
		})
	}
	h := newHost(t, map[string]string{pc.JournalPath: evil})
	out := h.mustCall("load", map[string]any{"files": []map[string]string{{"path": pc.JournalPath, "content": evil}}})
	assert.Contains(t, string(out["recovered"]), `"ignored"`)
	assert.JSONEq(t, `[]`, string(out["changes"]))
}

// A journal an interrupted write left is rolled back at load, and the
// roll-back is handed to the host, so that its files and the index agree.
func TestLoadHandsTheRollbackToTheHost(t *testing.T) {
	before := "---\nid: M-001\ntype: milestone\ntitle: Beta\nstatus: Not Started\n---\n"
	after := strings.Replace(before, "Not Started", "In Progress", 1)
	journal, err := json.Marshal(map[string]any{"version": 1, "started": "2026-11-20T10:00:00Z", "ops": []map[string]any{
		{"op": "write", "path": "Projects/milestones/M-001 Beta.md", "before": []byte(before), "after": pc.HashOf([]byte(after))},
		{"op": "write", "path": "Projects/milestones/M-002 Gamma.md", "absent": true, "after": pc.HashOf([]byte("x"))},
	}})
	require.NoError(t, err)
	h := newHost(t, map[string]string{"Projects/milestones/M-001 Beta.md": after, pc.JournalPath: string(journal)})
	assert.Equal(t, before, h.files["Projects/milestones/M-001 Beta.md"], "the host applied the roll-back")
	assert.NotContains(t, h.files, pc.JournalPath)
	got := h.mustCall("call", map[string]any{"name": "get_entity", "arguments": map[string]any{"id": "M-001", "fields": []string{"status"}}})
	assert.Contains(t, string(got["result"]), `"status":"Not Started"`)
}

// command runs an editor command: its result says what to show, and its
// changes are the host's to apply, as call's are.
func TestCommand(t *testing.T) {
	milestone := "---\nid: M-001\ntype: milestone\ntitle: Beta\nstatus: In Progress\n---\n"
	story := "---\nid: S-001\ntype: story\ntitle: Login\nparent: M-001\n---\n"
	h := newHost(t, map[string]string{"Projects/milestones/M-001 Beta.md": milestone, "Projects/stories/S-001 Login.md": story})

	got := h.mustCall("command", map[string]any{"id": "populate-canvas-from-vault"})
	assert.Contains(t, h.files["Projects.canvas"], `"id":"entity-M-001"`, "the change reached the host")
	var res struct {
		Notice string   `json:"notice"`
		Select []string `json:"select"`
	}
	require.NoError(t, json.Unmarshal(got["result"], &res))
	assert.Equal(t, []string{"entity-M-001", "entity-S-001"}, res.Select)
	assert.Contains(t, res.Notice, "Added 2 entities")

	got = h.mustCall("command", map[string]any{"id": "navigate-to-parent", "arguments": map[string]any{"node_id": "entity-S-001"}})
	assert.JSONEq(t, "[]", string(got["changes"]))
	assert.Contains(t, string(got["result"]), `"center":"entity-M-001"`)

	listed := h.mustCall("commands", map[string]any{})
	var list []struct{ ID string }
	require.NoError(t, json.Unmarshal(listed["commands"], &list))
	assert.Len(t, list, 32, "the spec's 29, migrate, describe-entity and describe-canvas")

	for _, bad := range []map[string]any{
		{"id": "nope"},
		{"id": "navigate-to-parent", "arguments": map[string]any{"node_id": "missing"}},
		{"id": "navigate-to-parent", "arguments": "S-001"},
		{"id": "focus-in-progress", "extra": 1},
	} {
		before := len(h.files)
		_, err := h.call("command", bad)
		assert.Error(t, err, "%v", bad)
		assert.NotEqual(t, pc.CodeInternal, pc.ErrorCode(err), "%v", bad)
		assert.Len(t, h.files, before)
	}
}

// Stage hands files over before the load that takes them: the load indexes
// the staged files with its own (the later copy of a path wins), a staged
// hostile path refuses the whole load, and a load takes what was staged
// whether it succeeds or not.
func TestStagedFilesGoToTheNextLoad(t *testing.T) {
	feature := func(title string) string {
		return "---\nid: F-001\ntype: feature\ntitle: " + title + "\nstatus: Planned\n---\n"
	}
	task := "---\nid: T-001\ntype: task\ntitle: Staged task\nstatus: Not Started\n---\n"
	h := newHost(t, map[string]string{"keep.md": "keep"})
	h.b.Stage(bridge.File{Path: "F-001.md", Content: feature("Staged")}, bridge.File{Path: "T-001.md", Content: task})
	h.mustCall("load", map[string]any{"files": []map[string]string{{"path": "F-001.md", "content": feature("From the input")}}})
	title := func(id string) string {
		got, err := h.call("call", map[string]any{"name": "get_entity", "arguments": map[string]any{"id": id, "fields": []string{"title"}}})
		if err != nil {
			return string(pc.ErrorCode(err))
		}
		return string(got["result"])
	}
	assert.Contains(t, title("F-001"), "From the input")
	assert.Contains(t, title("T-001"), "Staged task")

	// A second load without staging: the staged files were taken.
	h.mustCall("load", map[string]any{"files": []map[string]string{{"path": "F-001.md", "content": feature("Alone")}}})
	assert.Equal(t, "not_found", title("T-001"))

	// A hostile staged path refuses the load, which replaces nothing, and
	// is not left for the next one.
	h.b.Stage(bridge.File{Path: "../escape.md", Content: task})
	_, err := h.call("load", map[string]any{"files": []map[string]string{}})
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	assert.Contains(t, title("F-001"), "Alone")
	h.mustCall("load", map[string]any{"files": []map[string]string{{"path": "T-001.md", "content": task}}})
	assert.Contains(t, title("T-001"), "Staged task")
}

// The index cache goes around: a load with an index_key keeps it, the
// next load takes it staged and decodes only what changed, and a cache
// staged for another key is ignored whole; a load without a key keeps none.
func TestIndexCacheBetweenLoads(t *testing.T) {
	task := func(id, title string) bridge.File {
		return bridge.File{Path: "Projects/tasks/" + id + ".md", Content: "---\nid: " + id + "\ntype: task\ntitle: " + title + "\n---\n"}
	}
	files := []bridge.File{task("T-001", "One"), task("T-002", "Two"), {Path: "note.md", Content: "# A note\n"}}
	h := newHost(t, nil)
	type stats struct {
		Restored, Decoded int
		Ignored           string
		Stale             bool
	}
	load := func(key string, cache []byte, files ...bridge.File) stats {
		h.b.Stage(files...)
		if cache != nil {
			h.b.StageIndexCache(cache)
		}
		out := h.mustCall("load", map[string]any{"index_key": key})
		var s stats
		require.NoError(t, json.Unmarshal(out["index_cache"], &s))
		return s
	}
	assert.Equal(t, stats{Decoded: 3, Stale: true}, load("core-a", nil, files...))
	cache := h.b.IndexCache()
	require.NotEmpty(t, cache)

	assert.Equal(t, stats{Restored: 3, Stale: false}, load("core-a", cache, files...))
	files[1] = task("T-002", "Two, renamed")
	assert.Equal(t, stats{Restored: 2, Decoded: 1, Stale: true}, load("core-a", cache, files...))
	got, err := h.call("call", map[string]any{"name": "get_entity", "arguments": map[string]any{"id": "T-002", "fields": []string{"title"}}})
	require.NoError(t, err)
	assert.Contains(t, string(got["result"]), "Two, renamed")

	assert.Equal(t, stats{Decoded: 3, Ignored: "made by another version of the core", Stale: true}, load("core-b", cache, files...))
	load("", cache, files...)
	assert.Nil(t, h.b.IndexCache(), "a load without index_key keeps no cache")
}

// The document index's cache goes to the host once the index is built and
// comes back with the next load: built from it, the index has nothing new
// to keep; a cache that does not match is ignored and made anew.
func TestDocIndexCacheBetweenLoads(t *testing.T) {
	files := []bridge.File{{Path: "Notes/a.md", Content: "# A\n\nzucchini casserole\n"}, {Path: "Notes/b.md", Content: "# B\n\napple pie\n"}}
	h := newHost(t, nil)
	ctx := context.Background()
	h.b.Stage(files...)
	h.mustCall("load", map[string]any{})
	cache, err := h.b.DocIndexCache(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, cache, "the first build has everything to keep")

	h.b.Stage(files...)
	h.b.StageDocIndexCache(cache)
	h.mustCall("load", map[string]any{})
	again, err := h.b.DocIndexCache(ctx)
	require.NoError(t, err)
	assert.Empty(t, again, "built from the cache: nothing new")
	out := h.mustCall("call", map[string]any{"name": "search_docs", "arguments": map[string]any{"query": "zucchini"}})
	assert.Contains(t, string(out["result"]), "Notes/a.md")

	// Told it comes after the answer: the build waits for it.
	h.b.Stage(files...)
	h.mustCall("load", map[string]any{"doc_index_cache": true})
	h.b.StageDocIndexCache(cache)
	later, err := h.b.DocIndexCache(ctx)
	require.NoError(t, err)
	assert.Empty(t, later, "built from the cache staged after the load's answer")

	broken := append([]byte(nil), cache...)
	broken[len(broken)/2] ^= 1
	h.b.Stage(files...)
	h.b.StageDocIndexCache(broken)
	h.mustCall("load", map[string]any{})
	fresh, err := h.b.DocIndexCache(ctx)
	require.NoError(t, err)
	assert.NotEmpty(t, fresh, "a cache whose checksum fails is rebuilt")
}
