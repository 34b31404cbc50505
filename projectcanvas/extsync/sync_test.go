package extsync_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/extsync"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion/notiontest"
)

func TestFirstSyncOfTheExampleVaultThenNothingChanged(t *testing.T) {
	h := newHarness(t, exampleFiles(t))
	n := h.p.Len()
	sum := h.sync()
	live := 0
	for _, e := range h.p.All() {
		if !e.Archived {
			live++
		}
	}
	assert.Equal(t, live, sum.Created)
	assert.Contains(t, sum.PropertiesAdded, "Depends On")
	assert.Zero(t, h.srv.Early())
	for _, e := range h.p.All() {
		if e.Archived {
			assert.Empty(t, h.srv.Find(h.ds, "ID", string(e.ID)), "%s is archived: no page", e.ID)
			continue
		}
		pg := h.page(string(e.ID))
		assert.Equal(t, e.Title, plain(h.srv.Property(pg, "Name")))
		assert.Equal(t, string(e.Status), plain(h.srv.Property(pg, "Status")), e.ID)
		assert.Equal(t, e.Path, plain(h.srv.Property(pg, "Vault Path")))
		assert.Len(t, h.srv.Property(pg, "Depends On").Relation, h.live(e.Linked(pc.DependsOn)), "%s depends_on", e.ID)
		assert.Len(t, h.srv.Property(pg, "Blocks").Relation, h.live(e.Linked(pc.Blocks)), "%s blocks", e.ID)
		body, _ := h.srv.Body(pg)
		content, err := h.p.Content(e.ID)
		require.NoError(t, err)
		assert.Equal(t, notion.CanonicalMarkdown(content), body, "%s body", e.ID)
	}

	h.reopen()
	h.srv.ResetLog()
	sum = h.sync()
	assert.Zero(t, sum.Created+sum.UpdatedRemote+sum.UpdatedLocal, "%+v", sum)
	assert.Equal(t, live, sum.Unchanged)
	assert.LessOrEqual(t, int(sum.Requests), max(1, 2*n/100), "a run with nothing changed: %d requests for %d entities", sum.Requests, n)
	assert.Equal(t, int(sum.Requests), h.srv.Requests())
}

func TestEditsOnEachSideGoToTheOther(t *testing.T) {
	h := newHarness(t, smallVault())
	h.sync()
	// The vault: a status and the body of T-001. Notion: T-002's title,
	// priority and content, M-001's workstream.
	_, err := h.p.Update("T-001", pc.Change{Status: "Blocked", Data: map[string]any{pc.ContentKey: "Build the form.\n\nNow with captcha."}})
	require.NoError(t, err)
	t2, m1 := h.page("T-002"), h.page("M-001")
	h.srv.Edit(t2, "Name", notiontest.Text("Error messages"))
	h.srv.Edit(t2, "Priority", notiontest.Select("High"))
	h.srv.SetBody(t2, "Show what went wrong.")
	h.srv.Edit(m1, "Workstream", notiontest.Select("Design"))
	h.clock.Advance(time.Minute) // the edits' minute is over when the sync reads them

	sum := h.sync()
	assert.Equal(t, 2, sum.UpdatedLocal, "%+v", sum)
	assert.Equal(t, 1, sum.UpdatedRemote, "%+v", sum)
	assert.Empty(t, sum.Conflicts)
	t1 := h.page("T-001")
	assert.Equal(t, "Blocked", plain(h.srv.Property(t1, "Status")))
	body, _ := h.srv.Body(t1)
	assert.Equal(t, "Build the form.\n\nNow with captcha.", body)
	e := h.entity("T-002")
	assert.Equal(t, "Error messages", e.Title)
	assert.Equal(t, pc.Priority("P1"), e.Priority, "High reads as P1")
	content, _ := h.p.Content("T-002")
	assert.Equal(t, "Show what went wrong.", content)
	assert.Equal(t, "design", h.entity("M-001").Workstream)

	// Settled: the next run changes nothing on either side.
	sum = h.sync()
	assert.Zero(t, sum.Created+sum.UpdatedRemote+sum.UpdatedLocal, "%+v", sum)
	assert.Equal(t, 1, int(sum.Requests), "%+v", sum)
}

func TestRelationEditedInNotionReachesBothSidesInTheVault(t *testing.T) {
	h := newHarness(t, smallVault())
	h.sync()
	// In Notion, T-002 no longer depends on T-001.
	h.srv.Edit(h.page("T-002"), "Depends On", notion.PropertyValue{Relation: []notion.PageRef{}})
	sum := h.sync()
	assert.Equal(t, 1, sum.UpdatedLocal, "%+v", sum)
	assert.Empty(t, h.entity("T-002").Linked(pc.DependsOn))
	assert.Empty(t, h.entity("T-001").Linked(pc.Blocks), "the vault keeps both sides")
	assert.Empty(t, h.srv.Property(h.page("T-001"), "Blocks").Relation, "and so does Notion after the push")
}

func TestConflictKeepsBothSidesUntilResolved(t *testing.T) {
	for _, how := range []string{"mine", "theirs"} {
		t.Run(how, func(t *testing.T) {
			h := newHarness(t, smallVault())
			pg := h.statusOnBothSides("T-002")

			sum := h.sync()
			require.Len(t, sum.Conflicts, 1, "%+v", sum)
			c := sum.Conflicts[0]
			assert.Equal(t, pc.ID("T-002"), c.ID)
			assert.Equal(t, []extsync.Field{extsync.Status}, c.Fields)
			assert.Equal(t, pc.InProgress, h.entity("T-002").Status, "the vault keeps its value")
			assert.Equal(t, "Blocked", plain(h.srv.Property(pg, "Status")), "Notion keeps its own")
			note, err := h.fsys.ReadFile(c.Note)
			require.NoError(t, err)
			assert.Contains(t, string(note), "- note: `In Progress`\n- Notion: `Blocked`")

			// Unresolved: still listed, still nothing overwritten.
			sum = h.sync()
			require.Len(t, sum.Conflicts, 1)
			assert.Equal(t, "Blocked", plain(h.srv.Property(pg, "Status")))

			h.write(c.Note, strings.Replace(string(note), "resolution:\n", "resolution: "+how+"\n", 1))
			sum = h.sync()
			assert.Empty(t, sum.Conflicts, "%+v", sum)
			assert.Equal(t, []pc.ID{"T-002"}, sum.Resolved)
			want := map[string]pc.Status{"mine": pc.InProgress, "theirs": pc.Blocked}[how]
			assert.Equal(t, want, h.entity("T-002").Status)
			assert.Equal(t, string(want), plain(h.srv.Property(pg, "Status")))
			note, _ = h.fsys.ReadFile(c.Note)
			assert.Contains(t, string(note), "Resolved ("+how+")")

			sum = h.sync()
			assert.Zero(t, sum.UpdatedLocal+sum.UpdatedRemote+len(sum.Conflicts), "%+v", sum)
		})
	}
}

func TestSameChangeOnBothSidesIsNoConflict(t *testing.T) {
	h := newHarness(t, smallVault())
	h.sync()
	_, err := h.p.Update("T-002", pc.Change{Status: "Blocked"})
	require.NoError(t, err)
	h.srv.Edit(h.page("T-002"), "Status", notiontest.Select("blocked"))
	sum := h.sync()
	assert.Empty(t, sum.Conflicts)
	assert.Zero(t, sum.UpdatedLocal, "%+v", sum)
}

func TestArchiveTrashesThePageAndNotionsTrashKeepsTheNote(t *testing.T) {
	h := newHarness(t, smallVault())
	h.sync()
	t2 := h.page("T-002")
	_, err := h.p.Update("T-002", pc.Change{Archived: new(true)})
	require.NoError(t, err)
	sum := h.sync()
	assert.Equal(t, 1, sum.Trashed)
	assert.True(t, h.srv.InTrash(t2))
	sum = h.sync()
	assert.Zero(t, sum.Trashed, "once")

	_, err = h.p.Update("T-002", pc.Change{Archived: new(false)})
	require.NoError(t, err)
	sum = h.sync()
	assert.Equal(t, 1, sum.Restored)
	assert.False(t, h.srv.InTrash(t2))
	assert.Zero(t, sum.Created, "the page came back, no new one")

	m1 := h.page("M-001")
	h.srv.Trash(m1)
	sum = h.sync()
	assert.Equal(t, []pc.ID{"M-001"}, sum.TrashedInNotion)
	assert.Equal(t, "Beta", h.entity("M-001").Title, "the note stays")
	assert.False(t, h.entity("M-001").Archived)
	sum = h.sync()
	assert.Equal(t, []pc.ID{"M-001"}, sum.TrashedInNotion, "reported each run")
	assert.Equal(t, 1, int(sum.Requests), "without asking Notion again")
}

func TestLongBodyIsSplitAtNotionsLimits(t *testing.T) {
	files := smallVault()
	para := strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 90)[:5000]
	var lines []string
	for i := range 130 {
		lines = append(lines, "- item "+string(rune('a'+i%26)))
	}
	files["Projects/tasks/T-003 Long.md"] = "---\nid: T-003\ntype: task\ntitle: Long\nstatus: Not Started\nparent: S-001\n---\n# Long\n\n" +
		para + "\n\n" + strings.Join(lines, "\n") + "\n"
	h := newHarness(t, files)
	sum := h.sync()
	require.Equal(t, 5, sum.Created)
	body, blocks := h.srv.Body(h.page("T-003"))
	assert.Equal(t, 131, blocks, "a paragraph and 130 items: two requests")
	assert.Equal(t, para+"\n\n"+strings.Join(lines, "\n"), body)

	// Edit the middle of the note: the page keeps the blocks around it.
	content, _ := h.p.Content("T-003")
	_, err := h.p.Update("T-003", pc.Change{Data: map[string]any{pc.ContentKey: strings.Replace(content, "- item c\n", "- item C\n", 1)}})
	require.NoError(t, err)
	h.srv.ResetLog()
	sum = h.sync()
	assert.Equal(t, 1, sum.UpdatedRemote)
	var deletes int
	for _, r := range h.srv.Log() {
		if r.Method == "DELETE" {
			deletes++
		}
	}
	assert.Equal(t, 1, deletes, "one block replaced")
	body, _ = h.srv.Body(h.page("T-003"))
	assert.Contains(t, body, "- item C\n")
}

func TestRateLimitStormCompletesWithoutSendingEarly(t *testing.T) {
	h := newHarness(t, exampleFiles(t))
	// One worker: with several, a request already on its way when another
	// worker's 429 arrives would land inside the Retry-After, and the fake
	// could not tell it from one sent late (the pacing under concurrent
	// callers is tested in package notion).
	h.workers = 1
	for _, secs := range []int{1, 3, 2, 5, 1} {
		h.srv.Inject(notiontest.Fault{Status: 429, RetryAfter: secs, Times: 3})
	}
	h.srv.Inject(notiontest.Fault{Status: 503, Times: 2})
	h.srv.RateLimit(true)
	sum := h.sync()
	assert.NotZero(t, sum.Created)
	assert.Zero(t, h.srv.Early(), "no request before a Retry-After elapsed")
	var limited int
	for _, r := range h.srv.Log() {
		if r.Status == 429 {
			limited++
		}
	}
	assert.GreaterOrEqual(t, limited, 15)
}

func TestFailureMidRunThenResumeWithoutDuplicates(t *testing.T) {
	h := newHarness(t, exampleFiles(t))
	// Every page creation from the 20th on fails: Notion's 500 after it
	// made the page (the worst case: the page exists, the answer is lost).
	creates := 0 // read under the fake's lock
	var broken atomic.Bool
	broken.Store(true)
	h.srv.Inject(notiontest.Fault{Status: 500, Times: 1 << 30, Match: func(method, path string) bool {
		if broken.Load() && method == "POST" && path == "/v1/pages" {
			creates++
			return creates > 20 && creates%2 == 0
		}
		return false
	}})
	sum, err := h.run()
	require.NoError(t, err)
	require.NotEmpty(t, sum.Failed)

	// A kill: a run canceled half-way, without saving.
	ctx, cancel := context.WithCancel(context.Background())
	plain := h.tr
	h.tr = &cancelAfter{Transport: plain, n: 15, cancel: cancel}
	_, _ = h.syncer().Run(ctx)
	h.tr = plain

	broken.Store(false)
	h.reopen()
	sum = h.sync()
	assert.Empty(t, sum.Failed)
	for _, e := range h.p.All() {
		if !e.Archived {
			h.page(string(e.ID)) // exactly one page each
		}
	}
	sum = h.sync()
	assert.Zero(t, sum.Created+sum.UpdatedRemote+sum.UpdatedLocal+len(sum.Conflicts), "%+v", sum)
}

// cancelAfter cancels the run's context after n requests.
type cancelAfter struct {
	pc.Transport
	n      int64
	sent   atomic.Int64
	cancel context.CancelFunc
}

func (c *cancelAfter) Do(ctx context.Context, r *pc.OutboundRequest) (*pc.OutboundResponse, error) {
	if c.sent.Add(1) > c.n {
		c.cancel()
	}
	return c.Transport.Do(ctx, r)
}

func TestWrongTokenAndUnknownDatabaseSayWhatToFix(t *testing.T) {
	h := newHarness(t, smallVault())
	h.token = "secret_wrong"
	_, err := h.run()
	require.Error(t, err)
	assert.Equal(t, pc.CodeUnauthorized, pc.ErrorCode(err))
	assert.Contains(t, err.Error(), "$PROJECTCANVAS_NOTION_TOKEN")
	assert.NotContains(t, err.Error(), "secret_wrong")

	h.token = notiontest.Token
	h.cfg.DatabaseID = "https://www.notion.so/acme/Projects-0123456789abcdef0123456789abcdef?v=1"
	_, err = h.run()
	require.Error(t, err)
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))
	assert.Contains(t, err.Error(), "01234567-89ab-cdef-0123-456789abcdef")
	assert.Contains(t, err.Error(), "share the database with the integration")
	_, statErr := h.fsys.ReadFile(extsync.StatePath)
	assert.Error(t, statErr, "a failed run writes no base")
}

func TestWrongPropertyTypeIsNamed(t *testing.T) {
	h := newHarness(t, smallVault())
	h.srv.SetSchema(h.ds, "Status", notion.PropertySchema{Type: notion.TypeRichText})
	_, err := h.run()
	require.Error(t, err)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	assert.Contains(t, err.Error(), `"Status" is a rich_text property; the status field needs select or status`)
}

func TestOldPluginsDatabaseIsRecognised(t *testing.T) {
	h := newHarness(t, smallVault())
	db, ds := h.srv.AddDatabase(map[string]notion.PropertySchema{
		"Name": {Type: notion.TypeTitle}, "ID": {Type: notion.TypeRichText}, "Effort": {Type: notion.TypeSelect},
		"Status": {Type: notion.TypeSelect}})
	for _, rel := range []string{"Depends On", "Blocks"} {
		h.srv.SetSchema(ds, rel, notion.PropertySchema{Type: notion.TypeRelation, Relation: &notion.RelationConfig{DataSourceID: ds}})
	}
	// A page the old plugin wrote for T-002, before this tool.
	old := h.srv.CreateByHand(ds, map[string]notion.PropertyValue{"Name": notiontest.Text("Errors"),
		"ID": notiontest.Text("T-002"), "Status": notiontest.Select("todo")})
	h.cfg = extsync.Config{DatabaseID: db, Preset: "legacy"}
	sum := h.sync()
	assert.Equal(t, 3, sum.Created, "T-002's page is found, not made again")
	assert.Empty(t, sum.Conflicts, "todo is Not Started")
	assert.Equal(t, "in_progress", plain(h.srv.Property(h.srv.Find(ds, "ID", "T-001")[0], "Status")))
	assert.Equal(t, "engineering", plain(h.srv.Property(h.srv.Find(ds, "ID", "T-001")[0], "Effort")))

	h.srv.Edit(old, "Status", notiontest.Select("done"))
	_, err := h.p.Update("T-002", pc.Change{Status: "In Progress"})
	require.NoError(t, err)
	h.sync()
	// In Progress in the vault since the base, done in Notion: a conflict.
	sum = h.sync()
	require.Len(t, sum.Conflicts, 1)

	h.srv.Edit(h.srv.Find(ds, "ID", "T-001")[0], "Status", notiontest.Select("done"))
	h.sync()
	assert.Equal(t, pc.Completed, h.entity("T-001").Status, "done reads as Completed")
}

func TestOneEntityOnlyQueriesItsPage(t *testing.T) {
	h := newHarness(t, smallVault())
	h.sync()
	_, err := h.p.Update("T-001", pc.Change{Data: map[string]any{"priority": "P0"}})
	require.NoError(t, err)
	h.srv.ResetLog()
	sum, err := h.syncer().RunOnly(context.Background(), []pc.ID{"T-001"})
	require.NoError(t, err)
	assert.Equal(t, 1, sum.UpdatedRemote)
	assert.Equal(t, 2, int(sum.Requests), "a filtered query and the update")
	assert.Equal(t, "P0", plain(h.srv.Property(h.page("T-001"), "Priority")))
}
