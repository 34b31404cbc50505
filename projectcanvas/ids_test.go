package projectcanvas_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// TestNextIDCountsEveryClaimedID: a new task's id is one past every id a
// file holds, whether or not the file could be loaded, and past the
// sequence file, but ids beyond MaxIDNumber and junk in the sequence file do
// not count. Every id handed out parses and can be fetched.
func TestNextIDCountsEveryClaimedID(t *testing.T) {
	task := func(id, extra string) string {
		return "---\nid: " + id + "\ntype: task\ntitle: X\nparent: S-001\n" + extra + "---\n# X\n"
	}
	tests := []struct {
		name  string
		files map[string]string
		want  pc.ID
	}{
		{"loaded", map[string]string{"a.md": task("T-004", "")}, "T-005"},
		{"broken YAML", map[string]string{"a.md": task("T-005", "bad: [\n")}, "T-006"},
		{"unclosed front matter", map[string]string{"a.md": "---\nid: T-007\ntype: task\n# X\n"}, "T-008"},
		{"quoted key and value, comment", map[string]string{"a.md": "---\n\"id\": 'T-009' # mine\nx: [\n---\n"}, "T-010"},
		{"lower-case id in a broken file", map[string]string{"a.md": "---\nid: t-011\nx: {\n---\n"}, "T-012"},
		{"unknown type", map[string]string{"a.md": "---\nid: T-013\ntype: tsak\n---\n"}, "T-014"},
		{"id of another type", map[string]string{"a.md": "---\nid: T-015\ntype: story\n---\n"}, "T-016"},
		{"id without type", map[string]string{"a.md": "---\nid: T-017\n---\n"}, "T-018"},
		{"cyclic alias", map[string]string{"a.md": task("T-019", "x: &x [*x]\n")}, "T-020"},
		{"UTF-16", map[string]string{"a.md": utf16LE(task("T-021", ""))}, "T-022"},
		{"too large", map[string]string{"a.md": task("T-023", "") + strings.Repeat("x", pc.MaxFileBytes)}, "T-024"},
		{"archived", map[string]string{"Projects/archive/tasks/T-025 X.md": task("T-025", "archived: true\n")}, "T-026"},
		{"duplicate", map[string]string{"a.md": task("T-027", ""), "b.md": task("T-027", "")}, "T-028"},
		{"sequence file", map[string]string{".projectcanvas/sequence.json": `{"task": 40}`}, "T-041"},
		{"sequence file below the files", map[string]string{".projectcanvas/sequence.json": `{"task": 2}`, "a.md": task("T-042", "")}, "T-043"},
		{"sequence file out of range", map[string]string{".projectcanvas/sequence.json": `{"task": 999999999}`}, "T-002"},
		{"sequence file junk", map[string]string{".projectcanvas/sequence.json": `{"task": -5, "epic": 3}`}, "T-002"},
		{"sequence file broken", map[string]string{".projectcanvas/sequence.json": `{"task": `}, "T-002"},
		{"id out of range", map[string]string{"a.md": task("T-999999999", "")}, "T-002"},
		{"id out of range in a broken file", map[string]string{"a.md": task("T-999999999", "x: [\n")}, "T-002"},
		{"highest id", map[string]string{"a.md": task("T-999998", "")}, "T-999999"},
		{"an id in the body does not count", map[string]string{"a.md": "# Note\nid: T-050\n"}, "T-002"},
		{"a nested id does not count", map[string]string{"a.md": "---\nx:\n  id: T-051\ny: [\n---\n"}, "T-002"},
		{"an id after the front matter does not count", map[string]string{"a.md": "---\nx: [\n---\nid: T-052\n"}, "T-002"},
		{"a hidden folder does not count", map[string]string{".trash/a.md": task("T-053", "")}, "T-002"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"Projects/milestones/M-001 M.md": "---\nid: M-001\ntype: milestone\ntitle: M\n---\n",
				"Projects/stories/S-001 S.md":    "---\nid: S-001\ntype: story\ntitle: S\nparent: M-001\n---\n",
				"Projects/tasks/T-001 A.md":      task("T-001", ""),
			}
			for k, v := range tt.files {
				files[k] = v
			}
			p, _ := openMem(t, files)
			e, err := p.Create(pc.Task, map[string]any{"title": "New", "parent": "S-001"})
			require.NoError(t, err)
			assert.Equal(t, tt.want, e.ID)
			_, _, _, err = pc.ParseID(string(e.ID))
			require.NoError(t, err, "every id handed out parses")
			_, err = p.Get(string(e.ID))
			require.NoError(t, err, "and can be fetched")
		})
	}
}

func utf16LE(s string) string {
	out := []byte{0xFF, 0xFE}
	for _, r := range s { // ASCII only
		out = append(out, byte(r), 0)
	}
	return string(out)
}

// TestOutOfRangeIDIsReportedNotPoisonous reproduces issue 7 item 8: a
// hand-written T-999999999 made the next create return T-1000000000, which
// ParseID rejects, and every later create did the same.
func TestOutOfRangeIDIsReportedNotPoisonous(t *testing.T) {
	p, _ := openMem(t, map[string]string{
		"Projects/milestones/M-001 M.md":  "---\nid: M-001\ntype: milestone\ntitle: M\n---\n",
		"Projects/stories/S-001 S.md":     "---\nid: S-001\ntype: story\ntitle: S\nparent: M-001\n---\n",
		"Projects/tasks/T-999999999 X.md": "---\nid: T-999999999\ntype: task\ntitle: Far\nparent: S-001\n---\n",
	})
	far, err := p.Get("T-999999999")
	require.NoError(t, err, "the entity itself is still served")
	assert.Equal(t, "Far", far.Title)
	require.Len(t, p.Problems(), 1)
	assert.Equal(t, "id_out_of_range", p.Problems()[0].Kind)
	for _, want := range []pc.ID{"T-001", "T-002"} {
		e, err := p.Create(pc.Task, map[string]any{"title": "Near", "parent": "S-001"})
		require.NoError(t, err)
		assert.Equal(t, want, e.ID)
		_, err = p.Get(string(e.ID))
		require.NoError(t, err)
	}
}

// TestIDRangeExhausted: past MaxIDNumber a create is refused, and nothing
// is written.
func TestIDRangeExhausted(t *testing.T) {
	p, fsys := openMem(t, map[string]string{
		"Projects/milestones/M-001 M.md": "---\nid: M-001\ntype: milestone\ntitle: M\n---\n",
		"Projects/stories/S-001 S.md":    "---\nid: S-001\ntype: story\ntitle: S\nparent: M-001\n---\n",
		"Projects/tasks/T-999999 X.md":   "---\nid: T-999999\ntype: task\ntitle: Last\nparent: S-001\n---\n",
	})
	before := fsys.Files()
	_, err := p.Create(pc.Task, map[string]any{"title": "One too many", "parent": "S-001"})
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	assert.Equal(t, before, fsys.Files())
}

// TestBrokenFileIDIsNotReused reproduces issue 7 item 9 on the example
// vault, which has no sequence file: break T-031's front matter, create a
// task; it used to get T-031, and repairing the file then dropped one of the
// two as a duplicate.
func TestBrokenFileIDIsNotReused(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples", "vault"))))
	_, err := os.Stat(filepath.Join(dir, ".projectcanvas", "sequence.json"))
	require.True(t, os.IsNotExist(err), "the example vault has no sequence file")
	name := filepath.Join(dir, "Projects", "tasks", "T-031 Presence cursors and avatars.md")
	good, err := os.ReadFile(name)
	require.NoError(t, err)
	broken := strings.Replace(string(good), "depends_on: [T-030]", "depends_on: [T-030", 1)
	require.NotEqual(t, string(good), broken)
	require.NoError(t, os.WriteFile(name, []byte(broken), 0o644))

	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	_, err = p.Get("T-031")
	require.Equal(t, pc.CodeNotFound, pc.ErrorCode(err), "the broken file is not loaded")
	e, err := p.Create(pc.Task, map[string]any{"title": "After the break", "parent": "S-009"})
	require.NoError(t, err)
	assert.Equal(t, pc.ID("T-032"), e.ID)

	require.NoError(t, os.WriteFile(name, good, 0o644))
	stats, err := p.Reload()
	require.NoError(t, err)
	for _, pr := range stats.Problems {
		assert.NotEqual(t, "duplicate_id", pr.Kind, pr.Message)
	}
	for _, id := range []string{"T-031", "T-032"} {
		_, err := p.Get(id)
		assert.NoError(t, err, id)
	}
}

// TestClaimSurvivesRebuild: a file broken after Open (an editor save) keeps
// its id claimed through Refresh and a full rebuild of the index.
func TestClaimSurvivesRebuild(t *testing.T) {
	p, fsys := seeded(t) // T-001, T-002
	e, err := p.Get("T-002")
	require.NoError(t, err)
	old := file(t, fsys, p, "T-002")
	require.NoError(t, fsys.WriteFile(e.Path, []byte(strings.Replace(old, "title:", "title: [", 1)), pc.HashOf([]byte(old))))
	require.NoError(t, p.Refresh(e.Path))
	_, err = p.Get("T-002")
	require.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))
	// The sequence file says 2 here; drop it to test the index alone.
	seq, err := fsys.ReadFile(".projectcanvas/sequence.json")
	require.NoError(t, err)
	require.NoError(t, fsys.Remove(".projectcanvas/sequence.json", pc.HashOf(seq)))
	_, err = p.Reload()
	require.NoError(t, err)
	created := mustCreate(t, p, pc.Task, map[string]any{"title": "C", "parent": "S-001"})
	assert.Equal(t, pc.ID("T-003"), created.ID)
}
