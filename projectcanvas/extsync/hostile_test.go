package extsync_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/extsync"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion/notiontest"
)

// editState rewrites the sync state file as a teammate could, through
// edit on its decoded JSON.
func (h *harness) editState(edit func(st map[string]any)) {
	h.t.Helper()
	data, err := h.fsys.ReadFile(extsync.StatePath)
	require.NoError(h.t, err)
	var st map[string]any
	require.NoError(h.t, json.Unmarshal(data, &st))
	edit(st)
	out, err := json.Marshal(st)
	require.NoError(h.t, err)
	h.write(extsync.StatePath, string(out))
}

// A conflict in the state file that names another note (a hand-written
// one, a hidden path) is not obeyed: the conflict note is always beside
// the entity, and nothing else is written.
func TestStateFileCannotChooseTheConflictNote(t *testing.T) {
	for _, target := range []string{"Engineering Notes/Architecture Overview.md", ".templates/x.md", "../outside.md"} {
		t.Run(target, func(t *testing.T) {
			files := smallVault()
			files["Engineering Notes/Architecture Overview.md"] = "# Architecture\n\nWritten by hand.\n"
			h := newHarness(t, files)
			pg := h.statusOnBothSides("T-002")
			sum := h.sync()
			require.Len(t, sum.Conflicts, 1)
			own := sum.Conflicts[0].Note

			h.editState(func(st map[string]any) {
				e := st["entities"].(map[string]any)["T-002"].(map[string]any)
				e["conflict"].(map[string]any)["note"] = target
			})
			h.srv.Edit(pg, "Status", notiontest.Select("Completed")) // the note goes stale: it is rewritten
			sum = h.sync()
			require.Len(t, sum.Conflicts, 1)
			assert.Equal(t, own, sum.Conflicts[0].Note)
			note, err := h.fsys.ReadFile(own)
			require.NoError(t, err)
			assert.Contains(t, string(note), "`Completed`")
			hand, err := h.fsys.ReadFile("Engineering Notes/Architecture Overview.md")
			require.NoError(t, err)
			assert.Equal(t, "# Architecture\n\nWritten by hand.\n", string(hand))
			_, err = h.fsys.ReadFile(".templates/x.md")
			assert.Error(t, err, "nothing is made in a hidden folder")
		})
	}
}

// A note of the person's at the conflict note's place is refused, named,
// and left as it is; the rest of the run goes on.
func TestConflictNoteNeverReplacesAPersonsNote(t *testing.T) {
	h := newHarness(t, smallVault())
	mine := "Projects/tasks/T-002 Notion conflict.md"
	h.write(mine, "# My own note\n\nwith that name.\n")
	h.statusOnBothSides("T-002")
	_, err := h.p.Update("T-001", pc.Change{Data: map[string]any{"priority": "P3"}})
	require.NoError(t, err)
	sum, err := h.run()
	require.NoError(t, err)
	require.Len(t, sum.Failed, 1, "%+v", sum)
	assert.Equal(t, pc.ID("T-002"), sum.Failed[0].ID)
	assert.Contains(t, sum.Failed[0].Message, "is a note of its own")
	data, err := h.fsys.ReadFile(mine)
	require.NoError(t, err)
	assert.Equal(t, "# My own note\n\nwith that name.\n", string(data))
	assert.Equal(t, "P3", plain(h.srv.Property(h.page("T-001"), "Priority")), "the other entities sync")
}

// Entries that no sync could have written are reported by id and dropped;
// the next run finds their pages again without duplicating them.
func TestBadStateEntriesAreReportedNotObeyed(t *testing.T) {
	h := newHarness(t, smallVault())
	h.sync()
	h.editState(func(st map[string]any) {
		ents := st["entities"].(map[string]any)
		ents["T-001"].(map[string]any)["page"] = "../../v1/users"
		ents["T-002"].(map[string]any)["local"] = map[string]any{"status": "not a hash"}
		ents["S-001"].(map[string]any)["edited"] = "yesterday"
		ents["../x"] = map[string]any{"page": "00000001-0000-4000-8000-000000000001"}
		// What a run cut short leaves (a body replacement under way) is a
		// sync's own and stays.
		m := ents["M-001"].(map[string]any)
		remote, _ := m["remote"].(map[string]any)
		if remote == nil {
			remote = map[string]any{}
			m["remote"] = remote
		}
		remote["body"] = "pending"
	})
	sum, err := h.run()
	require.NoError(t, err)
	var ids []string
	for _, f := range sum.Failed {
		ids = append(ids, string(f.ID))
		assert.Contains(t, f.Message, "was ignored")
	}
	assert.ElementsMatch(t, []string{"../x", "S-001", "T-001", "T-002"}, ids)
	assert.Zero(t, sum.Created, "pages found again by their ID property: %+v", sum)
	for _, id := range []string{"T-001", "T-002", "S-001"} {
		h.page(id) // exactly one page each
	}
	h.sync() // and the state is clean again
}

func FuzzSyncState(f *testing.F) {
	f.Add(`{"version":1,"database_id":"00000001-0000-4000-8000-000000000001","entities":{"T-001":{"page":"00000002-0000-4000-8000-000000000002","local":{"status":"0123456789abcdef01234567"},"conflict":{"fields":["status"],"note":"x.md"}}}}`)
	f.Add(`{"version":1,"entities":{"T-001":null}}`)
	f.Add(`{"version":1,"entities":{"t-1":{"page":"x"}}}`)
	f.Add(`{"version":2}`)
	f.Add(`[]`)
	f.Fuzz(func(t *testing.T, data string) {
		files := smallVault()
		files[extsync.StatePath] = data
		h := newHarness(t, files)
		before := map[string]string{}
		for name, content := range files {
			if !strings.HasPrefix(name, ".projectcanvas/") {
				before[name] = content
			}
		}
		_, _ = h.run() // never a panic; any error is a value
		for name, content := range before {
			got, err := h.fsys.ReadFile(name)
			if err != nil {
				t.Fatalf("%s went away", name)
			}
			if name == "Projects/tasks/T-001 Form.md" || strings.HasPrefix(name, "Projects/") {
				continue // a sync may write entity notes (pulled fields)
			}
			if string(got) != content {
				t.Fatalf("%s was rewritten", name)
			}
		}
	})
}

// mangling is a transport that breaks one page of every query's answer:
// the page of entity id gets a title that is a number.
type mangling struct {
	pc.Transport
	id string
}

func (m *mangling) Do(ctx context.Context, r *pc.OutboundRequest) (*pc.OutboundResponse, error) {
	resp, err := m.Transport.Do(ctx, r)
	if err != nil || !strings.HasSuffix(r.URL, "/query") || resp.Status != 200 {
		return resp, err
	}
	var l map[string]any
	if json.Unmarshal(resp.Body, &l) != nil {
		return resp, nil
	}
	for _, p := range l["results"].([]any) {
		props := p.(map[string]any)["properties"].(map[string]any)
		if strings.Contains(fmt.Sprint(props["ID"]), m.id) {
			props["Name"].(map[string]any)["title"] = 5
		}
	}
	resp.Body, _ = json.Marshal(l)
	return resp, nil
}

// One malformed page is one failure, named; the other entities sync, and
// the entity of the bad page gets no second page.
func TestOneMalformedPageFailsOnlyItself(t *testing.T) {
	h := newHarness(t, smallVault())
	h.sync()
	_, err := h.p.Update("T-001", pc.Change{Data: map[string]any{"priority": "P3"}})
	require.NoError(t, err)
	_, err = h.p.Update("T-002", pc.Change{Data: map[string]any{"priority": "P2"}})
	require.NoError(t, err)
	plainTr := h.tr
	h.tr = &mangling{Transport: plainTr, id: "T-001"}
	sum, err := h.run()
	require.NoError(t, err)
	require.Len(t, sum.Failed, 1, "%+v", sum)
	assert.Equal(t, pc.ID("T-001"), sum.Failed[0].ID)
	assert.Contains(t, sum.Failed[0].Message, "could not be read")
	assert.Zero(t, sum.Created)
	h.tr = plainTr
	assert.Equal(t, "P2", plain(h.srv.Property(h.page("T-002"), "Priority")), "the others synced")
	h.page("T-001") // still one page
	h.sync()
	assert.Equal(t, "P3", plain(h.srv.Property(h.page("T-001"), "Priority")), "and it syncs once readable")
}

// slow is a transport that takes a while per request, in real time.
type slow struct {
	pc.Transport
	d time.Duration
}

func (s *slow) Do(ctx context.Context, r *pc.OutboundRequest) (*pc.OutboundResponse, error) {
	select {
	case <-time.After(s.d):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return s.Transport.Do(ctx, r)
}

// A run past its deadline stops, keeps what it did, and says what is left;
// the next run finishes the work without a duplicate page.
func TestRunStopsAtItsDeadline(t *testing.T) {
	h := newHarness(t, exampleFiles(t))
	plainTr := h.tr
	h.tr, h.deadline = &slow{Transport: plainTr, d: 20 * time.Millisecond}, 300*time.Millisecond
	start := time.Now()
	sum, err := h.run()
	require.Error(t, err)
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Contains(t, err.Error(), "deadline")
	assert.Contains(t, err.Error(), "left for the next run")
	require.NotNil(t, sum)
	h.tr, h.deadline = plainTr, 0
	h.sync()
	for _, e := range h.p.All() {
		if !e.Archived {
			h.page(string(e.ID))
		}
	}
}
