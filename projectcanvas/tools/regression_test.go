package tools_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// Issue 6, bug 1: cleanup_completed with a milestone_id deleted entities
// from the slice Project.All shares with every reader.
func TestCleanupWithMilestoneLeavesTheSharedListAlone(t *testing.T) {
	h := exampleHarness(t)
	all := append([]*pc.Entity(nil), h.env.Project.All()...)
	for _, args := range []string{`{"milestone_id":"M-002","dry_run":true}`, `{"milestone_id":"M-002","dry_run":true,"include_orphaned":true}`} {
		h.ok("cleanup_completed", args)
		assert.Equal(t, all, h.env.Project.All(), args)
	}
	h.ok("search_entities", `{"max_items":200}`)
	h.ok("get_project_overview", `{}`)
	h.ok("analyze_project_state", `{}`)
}

// Issue 6, bug 2: create with archived:true wrote a file named
// "Projects/archive/milestones" and lost the entity.
func TestCreateArchivedWritesTheRightPath(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("create_entity", `{"type":"milestone","data":{"title":"Old plan","archived":true}}`)
	e, err := h.env.Project.Get(out["id"].(string))
	require.NoError(t, err)
	assert.Equal(t, "Projects/archive/milestones/M-002 Old plan.md", e.Path)
	_, ok := h.fs.Files()["Projects/archive/milestones"]
	assert.False(t, ok)
	h.ok("rebuild_index", `{}`)
	_, err = h.env.Project.Get("M-002")
	require.NoError(t, err, "the entity survives a rebuild")
	h.ok("update_entity", `{"id":"M-001","archived":true,"cascade":true}`)
	h.ok("update_entity", `{"id":"M-002","archived":false}`)
	e, _ = h.env.Project.Get("M-002")
	assert.Equal(t, "Projects/milestones/M-002 Old plan.md", e.Path)
}

// Issue 6, bug 3: updating the status of an entity created earlier in the
// same batch reported "nothing to change".
func TestBatchUpdateOfACreatedEntityReportsItsChanges(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("batch_update", `{"ops":[
	 {"op":"create","client_id":"t","type":"task","data":{"title":"New","parent":"S-001"}},
	 {"op":"update","id":"{{t}}","data":{"status":"wip","title":"Renamed"}}]}`)
	rs := results(out)
	assert.Equal(t, "updated title, status", rs[1]["message"])
	e, _ := h.env.Project.Get("T-002")
	assert.Equal(t, pc.InProgress, e.Status)
	assert.Equal(t, "Renamed", e.Title)
}

// Issue 6, bug 4: archiving a milestone with live stories orphaned them
// silently. Refused with orphan naming the children; cascade archives the
// live subtree in the same write.
func TestArchivingAParentWithLiveChildren(t *testing.T) {
	for _, tc := range []struct{ tool, args string }{
		{"update_entity", `{"id":"M-001","archived":true}`},
		{"update_entity", `{"id":"M-001","data":{"archived":true}}`},
		{"handle_entity", `{"action":"update","id":"M-001","archived":true}`},
	} {
		h := newHarness(t)
		h.seed()
		before := h.fs.Files()
		_, err := h.call(tc.tool, tc.args)
		require.Error(t, err, tc.args)
		e := pc.AsError(err)
		assert.Equal(t, pc.CodeOrphan, e.Code, tc.args)
		assert.Equal(t, []pc.ID{"S-001", "T-001"}, e.Details["children"], tc.args)
		assert.Contains(t, e.Message, "S-001", tc.args)
		assert.Equal(t, before, h.fs.Files(), tc.args)
	}
	h := newHarness(t)
	h.seed()
	var writes []string
	h.fs.FailWrite = func(op, name string) error {
		if !strings.HasPrefix(name, ".projectcanvas/") { // the journal
			writes = append(writes, op+" "+name)
		}
		return nil
	}
	out := h.ok("update_entity", `{"id":"M-001","archived":true,"cascade":true}`)
	assert.Equal(t, []any{"S-001", "T-001"}, out["cascaded"])
	for _, id := range []string{"M-001", "S-001", "T-001"} {
		e, _ := h.env.Project.Get(id)
		assert.True(t, e.Archived, id)
		assert.True(t, strings.HasPrefix(e.Path, "Projects/archive/"), e.Path)
	}
	assert.Len(t, writes, 6, "one transaction: three moves and three in-place edits: %v", writes)
}

func TestUpdateCascadeReportsWhatItChanged(t *testing.T) {
	h := newHarness(t)
	h.seed()
	h.ok("update_entity", `{"id":"T-001","status":"wip"}`)
	out := h.ok("update_entity", `{"id":"M-001","status":"done","cascade":true}`)
	assert.Equal(t, []any{"S-001", "T-001"}, out["cascaded"])
	out = h.ok("update_entity", `{"id":"M-001","data":{"objective":"Beta for 50 teams"}}`)
	assert.Equal(t, []any{}, out["cascaded"])
	assert.Equal(t, []any{"objective"}, out["updated_fields"])
}

// One timestamp parser and one "last updated" rule: a hand-written
// "2026-11-20 10:00" is stale for analysis and recent for search's since.
func TestHandWrittenTimestampsAgree(t *testing.T) {
	fsys := memfs.New(map[string]string{
		"Projects/milestones/M-001 A.md": "---\nid: M-001\ntype: milestone\ntitle: A\nstatus: In Progress\n---\n",
		"Projects/stories/S-001 B.md":    "---\nid: S-001\ntype: story\ntitle: B\nparent: M-001\nstatus: In Progress\nupdated_at: 2026-11-20 10:00\n---\n",
	})
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC) }))
	require.NoError(t, err)
	h := &harness{t: t, reg: testRegistry, env: &tools.Env{Project: p}, fs: fsys}
	out := h.ok("search_entities", `{"since":"2026-11-20T09:00:00Z"}`)
	assert.Equal(t, []string{"S-001"}, resultIDs(out))
	out = h.ok("search_entities", `{"since":"2026-11-20 11:00"}`)
	assert.Empty(t, resultIDs(out))
	out = h.ok("analyze_project_state", `{"stale_days":14}`)
	var stale []any
	for _, r := range out["risks"].([]any) {
		if r.(map[string]any)["type"] == "stale_in_progress" {
			stale = append(stale, r.(map[string]any)["entities"].([]any)...)
		}
	}
	assert.Contains(t, stale, "S-001")
	got := h.ok("get_entity", `{"id":"S-001","fields":["updated_at"]}`)
	assert.Equal(t, "2026-11-20 10:00", got["updated_at"])
}

// Navigation follows each relation pair from both ends.
func TestNavigationBothSides(t *testing.T) {
	h := newHarness(t)
	h.seed()
	h.ok("create_entity", `{"type":"feature","data":{"title":"F"}}`)
	h.ok("create_entity", `{"type":"document","data":{"title":"D","documents":["T-001"]}}`)
	h.ok("create_entity", `{"type":"decision","data":{"title":"C","affects":["T-001"]}}`)
	h.ok("update_entity", `{"id":"T-001","data":{"implements":["F-001"]}}`)
	for _, tc := range []struct {
		from, dir string
		want      []string
	}{
		{"T-001", "documents", []string{"DOC-001"}}, {"DOC-001", "documents", []string{"T-001"}},
		{"T-001", "decisions", []string{"DEC-001"}}, {"DEC-001", "decisions", []string{"T-001"}},
		{"T-001", "features", []string{"F-001"}}, {"F-001", "features", []string{"T-001"}},
		{"F-001", "implemented_by", []string{"T-001"}},
	} {
		out := h.ok("search_entities", `{"from_id":"`+tc.from+`","direction":"`+tc.dir+`"}`)
		assert.Equal(t, tc.want, resultIDs(out), "%s %s", tc.from, tc.dir)
		for _, r := range out["results"].([]any) {
			assert.Equal(t, 1.0, r.(map[string]any)["score"])
		}
	}
	out := h.ok("search_entities", `{"from_id":"T-001","direction":"parent","depth":0}`)
	var scores []any
	for _, r := range out["results"].([]any) {
		scores = append(scores, r.(map[string]any)["score"])
	}
	assert.Equal(t, []any{1.0, 0.5}, scores, "1/depth")
}

// batch include_entities returns what get_entity returns.
func TestBatchEntitiesMatchGetEntity(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("batch_update", `{"options":{"include_entities":true},"ops":[{"op":"update","id":"S-001","data":{"priority":"P5"}}]}`)
	assert.Equal(t, h.ok("get_entity", `{"id":"S-001"}`), results(out)[0]["entity"])
}

func TestHandleEntityCreateAnswersAsCreateEntity(t *testing.T) {
	a := newHarness(t)
	a.seed()
	b := newHarness(t)
	b.seed()
	viaCreate := a.ok("create_entity", `{"type":"task","data":{"title":"X","parent":"S-001","status":"wip","depends_on":["T-001"]}}`)
	viaHandle := b.ok("handle_entity", `{"action":"create","type":"task","title":"X","parent":"S-001","status":"wip","depends_on":["T-001"]}`)
	assert.Equal(t, viaCreate, viaHandle)
}
