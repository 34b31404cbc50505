package projectcanvas_test

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// clock is a settable clock for building branches hour by hour.
type clock struct{ now time.Time }

func (c *clock) at(s string) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	c.now = t
}

// branch opens a copy of files as one side of a merge, with its own clock.
func branch(t *testing.T, files map[string]string) (*pc.Project, *memfs.FS, *clock) {
	t.Helper()
	c := &clock{}
	c.at("2026-01-01T09:00:00Z")
	fsys := memfs.New(maps.Clone(files))
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return c.now }))
	require.NoError(t, err)
	return p, fsys, c
}

// merge is a three-way merge of two branches of a vault, as git does it for
// these files: a file changed on one side takes that side; a file changed
// on both sides takes, line by line, the line that changed (b's when both
// did: the conflict resolved for the later branch). The id counter is
// dropped, as a person resolving its conflict would: ids continue from the
// files.
func merge(t *testing.T, base, a, b map[string]string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(union(a, b))) {
		va, inA := a[name]
		vb, inB := b[name]
		vBase := base[name]
		switch {
		case name == ".projectcanvas/sequence.json":
		case !inB || va == vb || vb == vBase && inA:
			out[name] = va
		case !inA || va == vBase:
			out[name] = vb
		default:
			la, lb, l0 := strings.Split(va, "\n"), strings.Split(vb, "\n"), strings.Split(vBase, "\n")
			require.Equal(t, len(la), len(lb), "both sides changed %s differently", name)
			for i := range lb {
				if i < len(l0) && lb[i] == l0[i] {
					lb[i] = la[i]
				}
			}
			out[name] = strings.Join(lb, "\n")
		}
	}
	return out
}

func union(a, b map[string]string) map[string]string {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// mergedVault builds the vault of two branches of the same vault:
//
//	base: M-001 > S-001 > T-001
//	Alice, 10:00: S-002 Search, T-002 Index (depends on T-001), DOC-001
//	              documenting her S-002
//	Bob,   11:00: S-002 Billing, T-002 Invoice (depends on T-001),
//	              T-003 Tax (depends on his T-002)
//	Alice, 12:00: retitles her S-002, T-003 Ranking under it
//
// S-002, T-002 and T-003 are each held by two files, and a canvas shows
// both sides' stories.
func mergedVault(t *testing.T) map[string]string {
	base, basefs, bc := branch(t, nil)
	bc.at("2026-01-01T09:00:00Z")
	mustCreate(t, base, pc.Milestone, map[string]any{"title": "Beta"})
	mustCreate(t, base, pc.Story, map[string]any{"title": "Sign-in", "parent": "M-001"})
	mustCreate(t, base, pc.Task, map[string]any{"title": "Schema", "parent": "S-001"})
	baseFiles := basefs.Files()

	alice, afs, ac := branch(t, baseFiles)
	ac.at("2026-01-02T10:00:00Z")
	mustCreate(t, alice, pc.Story, map[string]any{"title": "Search", "parent": "M-001"})
	ac.at("2026-01-02T10:05:00Z")
	mustCreate(t, alice, pc.Task, map[string]any{"title": "Index", "parent": "S-002", "depends_on": []any{"T-001"}})
	ac.at("2026-01-02T10:10:00Z")
	mustCreate(t, alice, pc.Document, map[string]any{"title": "Search design", "documents": []any{"S-002"}})

	bob, bfs, bc2 := branch(t, baseFiles)
	bc2.at("2026-01-02T11:00:00Z")
	mustCreate(t, bob, pc.Story, map[string]any{"title": "Billing", "parent": "M-001"})
	bc2.at("2026-01-02T11:05:00Z")
	mustCreate(t, bob, pc.Task, map[string]any{"title": "Invoice", "parent": "S-002", "depends_on": []any{"T-001"}})
	bc2.at("2026-01-02T11:10:00Z")
	mustCreate(t, bob, pc.Task, map[string]any{"title": "Tax", "parent": "S-002", "depends_on": []any{"T-002"}})

	ac.at("2026-01-02T12:00:00Z")
	_, err := alice.Update("S-002", pc.Change{Data: map[string]any{"title": "Search v2"}})
	require.NoError(t, err)
	mustCreate(t, alice, pc.Task, map[string]any{"title": "Ranking", "parent": "S-002"})

	merged := merge(t, baseFiles, afs.Files(), bfs.Files())
	merged["Projects.canvas"] = `{"nodes":[` +
		`{"id":"a","type":"file","file":"Projects/stories/S-002 Search.md","x":0,"y":0,"width":400,"height":120},` +
		`{"id":"b","type":"file","file":"Projects/stories/S-002 Billing.md","x":0,"y":200,"width":400,"height":120},` +
		`{"id":"note","type":"text","text":"keep me","x":0,"y":400,"width":100,"height":50}],"edges":[]}`
	return merged
}

func TestRepairIDsAfterAMerge(t *testing.T) {
	files := mergedVault(t)
	p, fsys := openMem(t, files)
	kinds := map[string]int{}
	for _, pr := range p.Problems() {
		kinds[pr.Kind]++
	}
	require.Equal(t, 3, kinds["duplicate_id"], "S-002, T-002 and T-003 are each held twice")

	dry, err := p.RepairIDs(false, nil)
	require.NoError(t, err)
	assert.False(t, dry.Applied)
	assert.Equal(t, files, withoutCanvas(fsys.Files(), files), "a dry run writes nothing")

	rep, err := p.RepairIDs(true, nil)
	require.NoError(t, err)
	assert.True(t, rep.Applied)
	assert.Equal(t, dry.Renumbered, rep.Renumbered, "the dry run said what the write did")
	assert.Equal(t, dry.Rewritten, rep.Rewritten)

	assert.Equal(t, []pc.Renumbered{
		{ID: "S-002", NewID: "S-003", File: "Projects/stories/S-002 Billing.md", NewFile: "Projects/stories/S-003 Billing.md", Kept: "Projects/stories/S-002 Search.md"},
		{ID: "T-002", NewID: "T-004", File: "Projects/tasks/T-002 Invoice.md", NewFile: "Projects/tasks/T-004 Invoice.md", Kept: "Projects/tasks/T-002 Index.md"},
		{ID: "T-003", NewID: "T-005", File: "Projects/tasks/T-003 Ranking.md", NewFile: "Projects/tasks/T-005 Ranking.md", Kept: "Projects/tasks/T-003 Tax.md"},
	}, rep.Renumbered)

	type rw struct {
		entity, field, id, newID string
		added                    bool
	}
	var got []rw
	for _, r := range rep.Rewritten {
		got = append(got, rw{string(r.Entity), r.Field, string(r.ID), string(r.NewID), r.Added})
	}
	assert.ElementsMatch(t, []rw{
		{"T-001", "blocks", "T-002", "T-004", true},  // both copies depend on T-001
		{"T-002", "parent", "S-002", "S-003", false}, // Bob's T-002, created after his S-002
		{"T-003", "parent", "S-002", "S-003", false}, // Bob's T-003 (Tax)
		{"T-003", "depends_on", "T-002", "T-004", false},
	}, got)
	require.Len(t, rep.Undecided, 1, "Alice's T-003 came after Bob's S-002 while she still worked on hers")
	assert.Equal(t, "Projects/tasks/T-003 Ranking.md", rep.Undecided[0].File)
	assert.Equal(t, "parent", rep.Undecided[0].Field)
	assert.Empty(t, rep.Refused)

	// Every reference, read back from a fresh index.
	q, err := pc.Open(fsys)
	require.NoError(t, err)
	assert.Empty(t, q.Problems())
	want := map[string]struct {
		title, parent string
		deps, blocks  []pc.ID
	}{
		"S-002": {title: "Search v2", parent: "M-001"},
		"S-003": {title: "Billing", parent: "M-001"},
		"T-001": {title: "Schema", parent: "S-001", blocks: []pc.ID{"T-002", "T-004"}},
		"T-002": {title: "Index", parent: "S-002", deps: []pc.ID{"T-001"}},
		"T-004": {title: "Invoice", parent: "S-003", deps: []pc.ID{"T-001"}, blocks: []pc.ID{"T-003"}},
		"T-003": {title: "Tax", parent: "S-003", deps: []pc.ID{"T-004"}},
		"T-005": {title: "Ranking", parent: "S-002"}, // undecided: kept on the id's oldest copy
	}
	for id, w := range want {
		e, err := q.Get(id)
		require.NoError(t, err, id)
		assert.Equal(t, w.title, e.Title, id)
		assert.Equal(t, pc.ID(w.parent), e.Parent, id)
		assert.Equal(t, w.deps, e.Linked(pc.DependsOn), id)
		assert.Equal(t, w.blocks, e.Linked(pc.Blocks), id)
	}
	doc, err := q.Get("DOC-001")
	require.NoError(t, err)
	assert.Equal(t, []pc.ID{"S-002"}, doc.Linked(pc.Documents), "the document's side is Alice's: its story kept the id")
	assert.Contains(t, fsys.Files()["Projects/tasks/T-004 Invoice.md"], "id: T-004\n")
	assert.Contains(t, fsys.Files()[".projectcanvas/sequence.json"], `"task": 5`)

	again, err := q.RepairIDs(true, nil)
	require.NoError(t, err)
	assert.Empty(t, again.Renumbered, "nothing left to repair")
	assert.False(t, again.Applied)
}

func withoutCanvas(got, want map[string]string) map[string]string {
	out := map[string]string{}
	for k := range want {
		out[k] = got[k]
	}
	return out
}

// A file changed by hand after the index read it is left alone; the rest
// is repaired and the refusal reported.
func TestRepairIDsRefusesAFileChangedSinceRead(t *testing.T) {
	p, fsys := openMem(t, mergedVault(t))
	bob := "Projects/tasks/T-002 Invoice.md"
	require.NoError(t, fsys.Put(bob, []byte(fsys.Files()[bob]+"\nA line typed meanwhile.\n")))

	rep, err := p.RepairIDs(true, nil)
	require.NoError(t, err)
	require.Len(t, rep.Refused, 1)
	assert.Equal(t, bob, rep.Refused[0].File)
	assert.Contains(t, fsys.Files()[bob], "id: T-002\n", "the edited file is untouched")
	assert.Contains(t, fsys.Files()[bob], "A line typed meanwhile.")
	var renumbered []pc.ID
	for _, r := range rep.Renumbered {
		renumbered = append(renumbered, r.ID)
	}
	assert.Equal(t, []pc.ID{"S-002", "T-003"}, renumbered, "the other duplicates are repaired")
	for _, u := range rep.Undecided {
		if u.File == "Projects/tasks/T-003 Tax.md" && u.Field == "depends_on" {
			assert.Contains(t, u.Reason, "left alone")
		}
	}
}

// racingFS makes a hand edit of one file the moment the repair starts
// writing: the write fails with a conflict, and the repair is planned again
// without that file.
type racingFS struct {
	*memfs.FS
	once   sync.Once
	victim string
}

func (r *racingFS) Rename(from, to string, want pc.Hash) error {
	r.once.Do(func() {
		data, _ := r.FS.ReadFile(r.victim)
		_ = r.FS.Put(r.victim, append(data, "\nsaved in the editor\n"...))
	})
	return r.FS.Rename(from, to, want)
}

func TestRepairIDsRefusesAFileEditedWhileWriting(t *testing.T) {
	fsys := &racingFS{FS: memfs.New(mergedVault(t)), victim: "Projects/tasks/T-001 Schema.md"}
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	rep, err := p.RepairIDs(true, nil)
	require.NoError(t, err)
	assert.True(t, rep.Applied)
	assert.Equal(t, []pc.Refusal{{File: fsys.victim, Reason: "changed on disk since it was read; run the repair again"}}, rep.Refused)
	assert.Len(t, rep.Renumbered, 3)
	body := fsys.Files()[fsys.victim]
	assert.Contains(t, body, "saved in the editor", "the hand edit is kept")
	assert.NotContains(t, body, "T-004", "and the file left alone")
	found := false
	for _, u := range rep.Undecided {
		found = found || u.File == fsys.victim
	}
	assert.True(t, found, "its reference is left for a person")
}
