package extsync_test

import (
	"context"
	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/extsync"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpclient"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion/notiontest"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// start is the virtual time every test begins at.
var start = time.Date(2026, 11, 21, 9, 0, 30, 0, time.UTC)

// harness is a vault in memory and a fake Notion on one virtual clock.
type harness struct {
	t       testing.TB
	clock   *notiontest.Clock
	srv     *notiontest.Server
	db, ds  string
	fsys    *memfs.FS
	p       *pc.Project
	cfg     extsync.Config
	token   string
	tr      pc.Transport
	workers int
	// deadline, when set, bounds each run (Options.Deadline).
	deadline time.Duration
}

func newHarness(t testing.TB, files map[string]string) *harness {
	t.Helper()
	clock := notiontest.NewClock(start)
	srv, db, ds := notiontest.New(clock)
	t.Cleanup(srv.Close)
	h := &harness{t: t, clock: clock, srv: srv, db: db, ds: ds, fsys: memfs.New(files),
		cfg: extsync.Config{DatabaseID: db}, token: notiontest.Token, tr: httpclient.New()}
	h.reopen()
	return h
}

// reopen opens the project afresh, as a new process would.
func (h *harness) reopen() {
	p, err := pc.Open(h.fsys, pc.WithClock(h.clock.Now))
	require.NoError(h.t, err)
	h.p = p
}

func (h *harness) client() *notion.Client {
	c, err := notion.New(h.tr, h.token, notion.Options{BaseURL: h.srv.URL, Now: h.clock.Now, Sleep: h.clock.Sleep,
		Rand: func() float64 { return 0.5 }})
	require.NoError(h.t, err)
	return c
}

func (h *harness) syncer() *extsync.Syncer {
	s, err := extsync.New(h.p, extsync.Options{Client: h.client(), Config: h.cfg, TokenSource: "$PROJECTCANVAS_NOTION_TOKEN", Workers: h.workers, Deadline: h.deadline})
	require.NoError(h.t, err)
	return s
}

// run syncs and returns the summary and error, after which the clock moves
// on two minutes (the next run sees Notion's minute-rounded times move).
func (h *harness) run() (*extsync.Summary, error) {
	sum, err := h.syncer().Run(context.Background())
	h.clock.Advance(2 * time.Minute)
	return sum, err
}

func (h *harness) sync() *extsync.Summary {
	h.t.Helper()
	sum, err := h.run()
	require.NoError(h.t, err)
	require.Empty(h.t, sum.Failed)
	return sum
}

// page is the one page carrying the entity's id (the test fails on none or
// several).
func (h *harness) page(id string) string {
	h.t.Helper()
	pages := h.srv.Find(h.ds, "ID", id)
	require.Len(h.t, pages, 1, "pages of %s", id)
	return pages[0]
}

func (h *harness) entity(id string) *pc.Entity {
	h.t.Helper()
	e, err := h.p.Get(id)
	require.NoError(h.t, err)
	return e
}

func (h *harness) write(name, content string) {
	h.t.Helper()
	old, err := h.fsys.ReadFile(name)
	want := pc.Hash("")
	if err == nil {
		want = pc.HashOf(old)
	}
	require.NoError(h.t, h.fsys.WriteFile(name, []byte(content), want))
	require.NoError(h.t, h.p.Refresh(name))
}

// statusOnBothSides syncs, then changes id's status in the vault (to In
// Progress) and in Notion (to Blocked): the next sync finds a conflict.
// It returns the entity's page.
func (h *harness) statusOnBothSides(id string) string {
	h.t.Helper()
	h.sync()
	_, err := h.p.Update(id, pc.Change{Status: "In Progress"})
	require.NoError(h.t, err)
	pg := h.page(id)
	h.srv.Edit(pg, "Status", notiontest.Select("Blocked"))
	return pg
}

// exampleFiles is examples/vault, read into memory.
func exampleFiles(t testing.TB) map[string]string {
	return examplevault.Files(t)
}

// smallVault is a milestone, a story and two tasks, one depending on the
// other.
func smallVault() map[string]string {
	return map[string]string{
		"Projects/milestones/M-001 Beta.md": "---\nid: M-001\ntype: milestone\ntitle: Beta\nstatus: In Progress\n---\n# Beta\n\nThe public beta.\n",
		"Projects/stories/S-001 Sign-in.md": "---\nid: S-001\ntype: story\ntitle: Sign-in\nstatus: In Progress\nparent: M-001\n---\n# Sign-in\n",
		"Projects/tasks/T-001 Form.md":      "---\nid: T-001\ntype: task\ntitle: Form\nstatus: In Progress\nparent: S-001\npriority: P1\nworkstream: engineering\nblocks: [T-002]\n---\n# Form\n\nBuild the form.\n\n- fields\n- validation\n",
		"Projects/tasks/T-002 Errors.md":    "---\nid: T-002\ntype: task\ntitle: Errors\nstatus: Not Started\nparent: S-001\ndepends_on: [T-001]\n---\n# Errors\n",
	}
}

func plain(v notion.PropertyValue) string {
	if v.Select != nil {
		return v.Select.Name
	}
	if v.Status != nil {
		return v.Status.Name
	}
	if len(v.Title) > 0 {
		return notion.Plain(v.Title)
	}
	return notion.Plain(v.RichText)
}

// live counts the ids of entities that are not archived (those have pages).
func (h *harness) live(ids []pc.ID) int {
	n := 0
	for _, id := range ids {
		if !h.entity(string(id)).Archived {
			n++
		}
	}
	return n
}
