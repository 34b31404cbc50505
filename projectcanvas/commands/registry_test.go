package commands_test

import (
	"context"
	"encoding/json"
	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// specIDs are the 29 command ids of the specification, in its order: the
// contract every editor is written against.
var specIDs = []string{
	"populate-canvas-from-vault", "reposition-canvas-nodes", "search-entity-on-canvas", "focus-in-progress",
	"reconcile-relationships", "create-feature", "create-features-canvas", "auto-layout-features",
	"populate-features-canvas", "set-feature-phase", "set-feature-tier", "import-future-features",
	"suggest-feature-links", "bulk-link-features", "navigate-to-parent", "navigate-to-children",
	"navigate-to-dependencies", "navigate-to-dependents", "navigate-to-documents", "navigate-to-decisions",
	"navigate-to-features", "navigate-to-implemented-by", "sync-canvas-notes-to-extdb", "sync-note-to-extdb",
	"start-extdb-sync-polling", "regenerate-templates", "start-http-server", "stop-http-server",
	"open-feature-coverage",
}

// extraIDs are the commands beyond the specification's, listed after them.
var extraIDs = []string{"migrate", "describe-entity", "describe-canvas"}

// editorIDs need the editor itself.
var editorIDs = []string{"sync-canvas-notes-to-extdb", "sync-note-to-extdb", "start-extdb-sync-polling",
	"start-http-server", "stop-http-server", "open-feature-coverage"}

var registry = commands.New(tools.New())

func TestRegistryListsTheSpecsCommands(t *testing.T) {
	var ids []string
	for _, c := range registry.Commands() {
		ids = append(ids, c.ID)
		assert.Equal(t, slices.Contains(editorIDs, c.ID), c.Editor, c.ID)
		assert.NotEmpty(t, c.Name, c.ID)
		assert.NotEmpty(t, c.Description, c.ID)
		var schema map[string]any
		require.NoError(t, json.Unmarshal(c.InputSchema, &schema), c.ID)
		assert.Equal(t, "object", schema["type"], c.ID)
		props, _ := schema["properties"].(map[string]any)
		for name, p := range props {
			assert.NotEmpty(t, p.(map[string]any)["description"], "%s: %s has no description", c.ID, name)
		}
	}
	assert.Equal(t, append(slices.Clone(specIDs), extraIDs...), ids)
}

// Keystrokes of search-entity-on-canvas on a canvas the host has not
// touched reuse its parse; once the host puts new content of the same
// length (another node id for M-001), the next keystroke reads it.
func TestSearchOnCanvasReadsTheCanvasPutSince(t *testing.T) {
	v := exampleVault(t)
	v.ok("populate-canvas-from-vault", `{}`)
	for range 2 {
		res, _ := v.ok("search-entity-on-canvas", `{"query":"M-001"}`)
		assert.Equal(t, "entity-M-001", res.Center)
	}
	data, err := v.fs.ReadFile("Projects.canvas")
	require.NoError(t, err)
	moved := strings.ReplaceAll(string(data), `"entity-M-001"`, `"entity-M-00x"`)
	require.NotEqual(t, string(data), moved)
	require.NoError(t, v.fs.Put("Projects.canvas", []byte(moved)))
	res, _ := v.ok("search-entity-on-canvas", `{"query":"M-001"}`)
	assert.Equal(t, "entity-M-00x", res.Center)
	require.NoError(t, v.fs.Put("Projects.canvas", data))
	res, _ = v.ok("search-entity-on-canvas", `{"query":"M-001"}`)
	assert.Equal(t, "entity-M-001", res.Center, "and back")
}

// vault is a harness over a copy of examples/vault in memory.
type vault struct {
	t   testing.TB
	fs  *memfs.FS
	env *tools.Env
}

func exampleVault(t testing.TB) *vault {
	t.Helper()
	return exampleVaultWith(t, nil)
}

// exampleVaultWith is exampleVault with its files changed by edit first.
func exampleVaultWith(t testing.TB, edit func(files map[string]string)) *vault {
	t.Helper()
	files := examplevault.Files(t)
	if edit != nil {
		edit(files)
	}
	fsys := memfs.New(files)
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) }))
	require.NoError(t, err)
	fsys.TrackChanges()
	return &vault{t: t, fs: fsys, env: &tools.Env{Project: p}}
}

func (v *vault) run(id, input string) (*commands.Result, []memfs.Change, error) {
	res, err := registry.Run(context.Background(), v.env, id, json.RawMessage(input))
	return res, v.fs.TakeChanges(), err
}

func (v *vault) ok(id, input string) (*commands.Result, []memfs.Change) {
	v.t.Helper()
	res, changes, err := v.run(id, input)
	require.NoError(v.t, err, "%s %s", id, input)
	require.NotEmpty(v.t, res.Notice, "%s has no notice", id)
	return res, changes
}

// written lists the paths a command changed, without the project's own
// bookkeeping (journal, sequence).
func written(changes []memfs.Change) []string {
	var out []string
	for _, c := range changes {
		if !strings.HasPrefix(c.Path, pc.OwnFolder+"/") && !slices.Contains(out, c.Path) {
			out = append(out, c.Path)
		}
	}
	slices.Sort(out)
	return out
}

func rows(t *testing.T, r *commands.Result) []map[string]any {
	t.Helper()
	data, err := json.Marshal(r.Rows)
	require.NoError(t, err)
	var out []map[string]any
	require.NoError(t, json.Unmarshal(data, &out))
	return out
}

func TestCommandsEffects(t *testing.T) {
	v := exampleVault(t)

	// populate: every entity lands on the default canvas, and is selected.
	res, changes := v.ok("populate-canvas-from-vault", `{"types":["milestone","story","task"]}`)
	assert.Equal(t, []string{"Projects.canvas"}, written(changes))
	assert.Equal(t, "Projects.canvas", res.Canvas)
	assert.NotEmpty(t, res.Select)
	assert.Contains(t, res.Select, "entity-M-001")
	assert.NotContains(t, res.Select, "entity-F-001", "features were not asked for")
	_, changes = v.ok("populate-canvas-from-vault", `{"types":["milestone","story","task"]}`)
	assert.Empty(t, written(changes), "a second populate adds nothing")

	res, changes = v.ok("reposition-canvas-nodes", `{}`)
	assert.Equal(t, []string{"Projects.canvas"}, written(changes))
	assert.Contains(t, res.Notice, "lanes:")
	res, changes = v.ok("reposition-canvas-nodes", `{"highlight_critical_path":true}`)
	assert.Contains(t, res.Notice, "critical path:")
	require.Len(t, changes, 1)
	assert.Contains(t, changes[0].Content, `"color":"1"`, "the path is red")
	_, changes = v.ok("reposition-canvas-nodes", `{}`)
	require.Len(t, changes, 1)
	assert.NotContains(t, changes[0].Content, `"color":"1"`, "off by default: the next layout clears it")

	res, changes = v.ok("search-entity-on-canvas", `{"query":"M-001"}`)
	assert.Empty(t, changes)
	assert.Equal(t, "entity-M-001", res.Center)
	assert.Equal(t, []string{"entity-M-001"}, res.Select)
	assert.Equal(t, "M-001", rows(t, res)[0]["id"])

	// A keystroke after a change of title finds the new title, not a
	// prepared copy of the old one.
	_, err := v.env.Project.Update("M-001", pc.Change{Data: map[string]any{"title": "Zebra launch"}})
	require.NoError(t, err)
	assert.NotContains(t, written(v.fs.TakeChanges()), "Projects.canvas", "the canvas is as it was: only the entity set changed")
	res, _ = v.ok("search-entity-on-canvas", `{"query":"zebra"}`)
	require.NotEmpty(t, rows(t, res))
	assert.Equal(t, "Zebra launch", rows(t, res)[0]["title"])

	res, changes = v.ok("focus-in-progress", `{}`)
	assert.Empty(t, changes, "focus never writes")
	assert.NotEmpty(t, res.Hide)
	assert.NotEmpty(t, res.Show)
	assert.Empty(t, slices.DeleteFunc(slices.Clone(res.Hide), func(id string) bool { return !slices.Contains(res.Show, id) }), "hide and show are disjoint")

	// navigation from the id, the file and the node agree.
	byID, _ := v.ok("navigate-to-parent", `{"id":"T-002"}`)
	byFile, _ := v.ok("navigate-to-parent", `{"file":"Projects/tasks/T-002 Build sign-up and login pages.md"}`)
	byNode, _ := v.ok("navigate-to-parent", `{"node_id":"entity-T-002"}`)
	assert.Equal(t, byID, byFile)
	assert.Equal(t, byID, byNode)
	assert.Equal(t, "S-001", rows(t, byID)[0]["id"])
	assert.Equal(t, "entity-S-001", byID.Center, "one target on the canvas is centred")
	var nav struct {
		ID      string         `json:"id"`
		Type    string         `json:"type"`
		Targets map[string]int `json:"targets"`
	}
	data, err := json.Marshal(byID.Data)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &nav))
	assert.Equal(t, "T-002", nav.ID, "data is the entity navigated from")
	assert.Equal(t, "task", nav.Type)
	assert.Len(t, nav.Targets, 8, "every direction is counted, for the editor's menus")
	assert.Equal(t, 1, nav.Targets["navigate-to-parent"])
	assert.Equal(t, 0, nav.Targets["navigate-to-children"], "a task has no children")
	res, _ = v.ok("navigate-to-children", `{"id":"M-001"}`)
	assert.Greater(t, len(rows(t, res)), 1)
	data, err = json.Marshal(res.Data)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &nav))
	assert.Equal(t, len(rows(t, res)), nav.Targets["navigate-to-children"], "the count is the rows'")
	assert.Empty(t, res.Center, "several targets go to a suggester")
	res, _ = v.ok("navigate-to-implemented-by", `{"id":"F-001"}`)
	for _, r := range rows(t, res) {
		assert.NotEmpty(t, r["file"])
	}

	res, changes = v.ok("create-feature", `{"title":"Offline mode $& {{x}}","user_story":"As a reader I want offline pages","tier":"Premium","phase":"2"}`)
	require.Len(t, res.Open, 1)
	assert.Contains(t, written(changes), res.Open[0])
	f, err := v.env.Project.EntityAt(res.Open[0])
	require.NoError(t, err)
	assert.Equal(t, "Offline mode $& {{x}}", f.Title)

	res, changes = v.ok("create-features-canvas", `{}`)
	assert.Equal(t, []string{"Features.canvas"}, written(changes))
	assert.Equal(t, []string{"Features.canvas"}, res.Open)
	assert.Contains(t, res.Select, "entity-"+string(f.ID))

	res, changes = v.ok("set-feature-phase", `{"id":"`+string(f.ID)+`","phase":"MVP"}`)
	assert.Equal(t, []string{"Features.canvas", f.Path}, written(changes), "the file and its node change together")
	assert.Equal(t, "entity-"+string(f.ID), res.Center)
	_, changes = v.ok("set-feature-tier", `{"node_id":"entity-`+string(f.ID)+`","canvas":"Features.canvas","tier":"OSS"}`)
	assert.Contains(t, written(changes), f.Path)
	_, changes = v.ok("auto-layout-features", `{}`)
	assert.Empty(t, written(changes), "the grid is already laid out")
	_, changes = v.ok("populate-features-canvas", `{}`)
	assert.Empty(t, written(changes), "every feature is on it")

	res, _ = v.ok("suggest-feature-links", `{"max_per_feature":500}`)
	assert.Equal(t, map[string]int64{"max_per_feature": 50}, res.Capped)
	res, changes = v.ok("bulk-link-features", `{"feature":"`+string(f.ID)+`","ids":["T-002","S-001"]}`)
	assert.Len(t, written(changes), 3)
	assert.Contains(t, res.Notice, "2 entities")

	_, changes = v.ok("reconcile-relationships", `{"dry_run":true}`)
	assert.Empty(t, written(changes))

	res, changes = v.ok("regenerate-templates", `{}`)
	assert.Len(t, written(changes), len(pc.Types))
	assert.Contains(t, written(changes), ".templates/task.md")

	res, changes = v.ok("open-feature-coverage", `{"gap":"tests"}`)
	assert.Empty(t, changes)
	for _, r := range rows(t, res) {
		assert.Equal(t, false, r["coverage"].(map[string]any)["tests"])
	}
}

func TestReconcileRowsReadAsASummary(t *testing.T) {
	const task = "Projects/tasks/T-002 Build sign-up and login pages.md"
	v := exampleVaultWith(t, func(files map[string]string) {
		files[task] = strings.Replace(files[task], "implements: [F-001]", "implements: []", 1)
	})
	res, changes := v.ok("reconcile-relationships", `{"dry_run":true}`)
	assert.Empty(t, written(changes), "a dry run writes nothing")
	assert.Contains(t, res.Notice, "Would reconcile")
	var found bool
	for _, r := range rows(t, res) {
		if r["file"] == task {
			found = true
			assert.Equal(t, "T-002", r["entity"])
			assert.Equal(t, []any{"T-002: add F-001 to implements (mirrors F-001)"}, r["lines"])
		}
	}
	assert.True(t, found, "the task's file is a row: %v", res.Rows)
	res, changes = v.ok("reconcile-relationships", `{}`)
	assert.Contains(t, written(changes), task)
	assert.Contains(t, res.Notice, "Reconciled")
}

func TestImportFutureFeatures(t *testing.T) {
	v := exampleVault(t)
	require.NoError(t, v.fs.Put("FUTURE_FEATURES.md", []byte("# Future features\n\n## Dark mode\n- tier: OSS\n- phase: 1\n\nDark theme.\n\n## Broken\n- tier: Gold\n")))
	res, changes := v.ok("import-future-features", `{}`)
	assert.NotEmpty(t, written(changes))
	assert.NotEmpty(t, rows(t, res), "the bad section is listed")
	assert.Contains(t, res.Notice, "Line ")
}

func TestCommandsRefuseBadInput(t *testing.T) {
	v := exampleVault(t)
	before := v.fs.Files()
	for _, tt := range []struct {
		id, input string
		code      pc.Code
		says      string
	}{
		{"no-such-command", `{}`, pc.CodeNotFound, "unknown command"},
		{"navigate-to-parent", `{}`, pc.CodeInvalidArgument, "name the entity"},
		{"navigate-to-parent", `{"id":"T-999"}`, pc.CodeNotFound, "T-999"},
		{"navigate-to-parent", `{"node_id":"nope"}`, pc.CodeNotFound, "not on"},
		{"navigate-to-parent", `{"file":"Research/Pricing Research.md"}`, pc.CodeNotFound, "not an entity"},
		{"navigate-to-parent", `{"file":"../etc/passwd"}`, pc.CodeInvalidArgument, "leaves the vault"},
		{"navigate-to-parent", `{"id":3}`, pc.CodeInvalidArgument, "id"},
		{"navigate-to-parent", `[1]`, pc.CodeInvalidArgument, "object"},
		{"navigate-to-parent", `{"id":"T-002","bogus":1}`, pc.CodeInvalidArgument, "bogus"},
		{"set-feature-phase", `{"id":"T-002","phase":"1"}`, pc.CodeInvalidArgument, "only features"},
		{"set-feature-phase", `{"id":"F-001","phase":"9"}`, pc.CodeInvalidArgument, "phase"},
		{"create-feature", `{"title":"x"}`, pc.CodeMissingField, "user_story"},
		{"search-entity-on-canvas", `{"query":"x","canvas":"../x.canvas"}`, pc.CodeInvalidArgument, "outside"},
		{"regenerate-templates", `{"folder":".obsidian"}`, pc.CodeInvalidArgument, "hidden"},
		{"describe-canvas", `{"canvas":".obsidian/x.canvas"}`, pc.CodeInvalidArgument, "hidden folder"},
		{"describe-canvas", `{"canvas":"a/../.obsidian/x.canvas"}`, pc.CodeInvalidArgument, "hidden folder"},
		{"focus-in-progress", `{"canvas":".git/x.canvas"}`, pc.CodeInvalidArgument, "hidden folder"},
		{"search-entity-on-canvas", `{"query":"x","canvas":".obsidian/plugins/x/y.canvas"}`, pc.CodeInvalidArgument, "hidden folder"},
		{"navigate-to-parent", `{"id":"T-002","canvas":"node_modules/x.canvas"}`, pc.CodeInvalidArgument, "hidden folder"},
		{"import-future-features", `{"file":".obsidian/FUTURE_FEATURES.md"}`, pc.CodeInvalidArgument, "hidden folder"},
		{"import-future-features", `{"file":"Notes/../.git/FUTURE_FEATURES.md"}`, pc.CodeInvalidArgument, "leaves the vault"},
		{"describe-canvas", `{"canvas":"` + strings.Repeat("x", 1<<20) + `.canvas"}`, pc.CodeInvalidArgument, "longer than"},
		{"regenerate-templates", `{"title":"a\nb"}`, pc.CodeInvalidArgument, "one line"},
		// The project's own state paths never become folders (every later
		// command would fail reading them).
		{"regenerate-templates", `{"folder":".projectcanvas/config.json"}`, pc.CodeInvalidArgument, "holds its state, not notes"},
		{"regenerate-templates", `{"folder":".projectcanvas/sequence.json"}`, pc.CodeInvalidArgument, "holds its state, not notes"},
		{"regenerate-templates", `{"folder":".projectcanvas/workspaces.json"}`, pc.CodeInvalidArgument, "holds its state, not notes"},
		{"regenerate-templates", `{"folder":".projectcanvas/sync/notion.json"}`, pc.CodeInvalidArgument, "holds its state, not notes"},
		{"regenerate-templates", `{"folder":".projectcanvas"}`, pc.CodeInvalidArgument, "holds its state, not notes"},
		{"start-http-server", `{}`, pc.CodeInvalidArgument, "editor"},
		{"sync-note-to-extdb", `{}`, pc.CodeInvalidArgument, "external sync"},
	} {
		_, changes, err := v.run(tt.id, tt.input)
		require.Error(t, err, "%s %s", tt.id, tt.input)
		assert.Less(t, len(err.Error()), 1000, "a long path is cut in the message")
		assert.Equal(t, tt.code, pc.ErrorCode(err), "%s %s: %v", tt.id, tt.input, err)
		assert.Contains(t, err.Error(), tt.says, "%s %s", tt.id, tt.input)
		assert.Empty(t, changes, "%s %s wrote", tt.id, tt.input)
	}
	assert.Equal(t, before, v.fs.Files())
}

func TestCanvasNotJSONCanvas(t *testing.T) {
	v := exampleVault(t)
	require.NoError(t, v.fs.Put("Projects.canvas", []byte(`{"nodes":[{"id":1}]}`)))
	for _, id := range []string{"populate-canvas-from-vault", "reposition-canvas-nodes", "focus-in-progress", "search-entity-on-canvas", "navigate-to-parent"} {
		_, changes, err := v.run(id, `{"query":"x","id":"T-002"}`)
		if id != "search-entity-on-canvas" && id != "navigate-to-parent" {
			_, changes, err = v.run(id, `{}`)
		}
		require.Error(t, err, id)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), id)
		assert.Empty(t, changes, id)
	}
}

// New names the commands and builds each group on first use: a command
// run before Commands is listed is the same as the one Commands lists,
// and concurrent first uses race on nothing.
func TestCommandsAreCompletedOnFirstUse(t *testing.T) {
	want := commands.New(tools.New()).Commands()
	r := commands.New(tools.New())
	v := exampleVault(t)
	var wg sync.WaitGroup
	for _, id := range []string{"navigate-to-parent", "navigate-to-children", "open-feature-coverage"} {
		wg.Go(func() {
			c, ok := r.Lookup(id)
			assert.True(t, ok, id)
			assert.NotEmpty(t, c.InputSchema, id)
		})
	}
	wg.Go(func() {
		_, err := r.Dispatch(context.Background(), v.env, "open-feature-coverage", nil)
		assert.NoError(t, err)
	})
	wg.Wait()
	got := r.Commands()
	require.Len(t, got, len(want))
	for i := range want {
		assert.Equal(t, want[i].ID, got[i].ID)
		assert.JSONEq(t, string(want[i].InputSchema), string(got[i].InputSchema), want[i].ID)
	}
	_, ok := r.Lookup("no-such-command")
	assert.False(t, ok)
}

// describe-canvas answers, for every entity node of a canvas, what
// navigate-to-* answers for that entity alone: its node and its counts.
func TestDescribeCanvasIsNavigateForEveryNode(t *testing.T) {
	v := exampleVault(t)
	v.ok("populate-canvas-from-vault", `{"types":["milestone","story","task"]}`)
	res, changes := v.ok("describe-canvas", `{}`)
	assert.Empty(t, written(changes), "describing writes nothing")
	all := rows(t, res)
	require.NotEmpty(t, all)
	files := map[string]bool{}
	for _, r := range all {
		files[r["file"].(string)] = true
		assert.NotEmpty(t, r["node_id"], "%v", r["id"])
		one, _ := v.ok("navigate-to-parent", `{"id":"`+r["id"].(string)+`"}`)
		data, err := json.Marshal(one.Data)
		require.NoError(t, err)
		var want map[string]any
		require.NoError(t, json.Unmarshal(data, &want))
		assert.Equal(t, want["targets"], r["targets"], "%v", r["id"])
		assert.Equal(t, want["title"], r["title"])
	}
	assert.True(t, slices.IsSortedFunc(all, func(a, b map[string]any) int { return strings.Compare(a["file"].(string), b["file"].(string)) }))
	work := 0
	for _, e := range v.env.Project.All() {
		if !e.Archived && (e.Type == pc.Milestone || e.Type == pc.Story || e.Type == pc.Task) {
			work++
		}
	}
	assert.Len(t, all, work, "every entity on the canvas, nothing else")

	_, _, err := v.run("describe-canvas", `{"canvas":"Nope.md"}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
}

// A navigation's notice names its targets in words: none, several (one
// is selected or opened, and named).
func TestNavigateNotices(t *testing.T) {
	v := exampleVault(t)
	for _, tc := range []struct{ id, input, want string }{
		{"navigate-to-children", `{"id":"T-002"}`, "T-002 has no children."},
		{"navigate-to-implemented-by", `{"id":"S-001"}`, "S-001 has no implementing entities."},
		{"navigate-to-implemented-by", `{"id":"F-001"}`, "F-001 has 4 implementing entities."},
		{"navigate-to-parent", `{"id":"F-001"}`, "F-001 has no parent."},
		{"navigate-to-features", `{"id":"F-001"}`, "F-001 has 4 features."},
	} {
		res, _ := v.ok(tc.id, tc.input)
		assert.Equal(t, tc.want, res.Notice, "%s %s", tc.id, tc.input)
	}
}

// regenerate-templates rewrites its own templates (and those of earlier
// versions), never a note of the person's that has a template's name.
func TestRegenerateTemplatesOverwritesOnlyTemplates(t *testing.T) {
	const mine = "# My task list\n\nBuy milk.\n"
	v := exampleVaultWith(t, func(files map[string]string) {
		files["Notes/task.md"] = mine
		files["Old/task.md"] = "---\ntype: task\ntitle: '{{title}}'\nstatus: Not Started\npriority:\n---\n\n# {{title}}\n"
		files["Typed/task.md"] = "---\ntype: task\nid: T-900\ntitle: Real\n---\n"
	})
	for _, folder := range []string{"Notes", "Typed"} {
		_, changes, err := v.run("regenerate-templates", `{"folder":"`+folder+`"}`)
		require.Error(t, err, folder)
		assert.Equal(t, pc.CodeConflict, pc.ErrorCode(err))
		assert.Contains(t, err.Error(), folder+"/task.md is a note of its own")
		assert.Empty(t, written(changes), "nothing is written")
	}
	data, err := v.fs.ReadFile("Notes/task.md")
	require.NoError(t, err)
	assert.Equal(t, mine, string(data))

	_, changes := v.ok("regenerate-templates", `{"folder":"Old"}`) // an earlier version's template
	assert.Contains(t, written(changes), "Old/task.md")
	_, _ = v.ok("regenerate-templates", `{"folder":"Old","title":"Other"}`) // this version's
	data, err = v.fs.ReadFile("Old/task.md")
	require.NoError(t, err)
	assert.Contains(t, string(data), "title: Other")
}

// A vault without workstreams is laid out in one lane, and the notice
// names it as its group is labelled ("No workstream"), never "lanes: .".
func TestLayoutNoticeNamesTheLaneWithoutWorkstream(t *testing.T) {
	v := exampleVaultWith(t, func(files map[string]string) {
		for name := range files {
			delete(files, name)
		}
		files["Projects/milestones/M-001 Beta.md"] = "---\nid: M-001\ntype: milestone\ntitle: Beta\n---\n"
		files["Projects/stories/S-001 Sign-in.md"] = "---\nid: S-001\ntype: story\ntitle: Sign-in\nparent: M-001\n---\n"
	})
	v.ok("populate-canvas-from-vault", `{}`)
	res, _ := v.ok("reposition-canvas-nodes", `{}`)
	assert.Contains(t, res.Notice, "lanes: "+canvas.NoWorkstream+".")
}
