package projectcanvas_test

import (
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

var fixedNow = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

func openMem(t testing.TB, files map[string]string) (*pc.Project, *memfs.FS) {
	t.Helper()
	fsys := memfs.New(files)
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return fixedNow }))
	require.NoError(t, err)
	return p, fsys
}

// seeded returns a project with M-001 > S-001 > T-001, T-002 and a feature.
func seeded(t testing.TB) (*pc.Project, *memfs.FS) {
	t.Helper()
	p, fsys := openMem(t, nil)
	mustCreate(t, p, pc.Milestone, map[string]any{"title": "Beta"})
	mustCreate(t, p, pc.Story, map[string]any{"title": "Login", "parent": "M-001"})
	mustCreate(t, p, pc.Task, map[string]any{"title": "Form", "parent": "S-001"})
	mustCreate(t, p, pc.Task, map[string]any{"title": "API", "parent": "S-001"})
	mustCreate(t, p, pc.Feature, map[string]any{"title": "Sign-in", "tier": "OSS", "phase": "MVP"})
	return p, fsys
}

func mustCreate(t testing.TB, p *pc.Project, typ pc.Type, data map[string]any) *pc.Entity {
	t.Helper()
	e, err := p.Create(typ, data)
	require.NoError(t, err)
	return e
}

func file(t testing.TB, fsys *memfs.FS, p *pc.Project, id string) string {
	t.Helper()
	e, err := p.Get(id)
	require.NoError(t, err)
	data, err := fsys.ReadFile(e.Path)
	require.NoError(t, err)
	return string(data)
}

func TestCreateWritesCanonicalFile(t *testing.T) {
	p, fsys := seeded(t)
	e := mustCreate(t, p, pc.Task, map[string]any{
		"title": "Wire the login form", "parent": "S-001", "priority": "High", "workstream": "Eng",
		"depends_on": []any{"T-001"}, "implements": []any{"F-001"}, "content": "Hook the form to the API.",
	})
	assert.Equal(t, pc.ID("T-003"), e.ID)
	assert.Equal(t, "Projects/tasks/T-003 Wire the login form.md", e.Path)
	assert.Equal(t, `---
id: T-003
type: task
title: Wire the login form
status: Not Started
workstream: engineering
priority: P1
parent: S-001
depends_on: [T-001]
implements: [F-001]
created_at: 2026-11-21T09:00:00Z
updated_at: 2026-11-21T09:00:00Z
---
# Wire the login form

Hook the form to the API.
`, file(t, fsys, p, "T-003"))
	// Both sides of each relation are stored.
	dep, _ := p.Get("T-001")
	assert.Equal(t, []pc.ID{"T-003"}, dep.Linked(pc.Blocks))
	feat, _ := p.Get("F-001")
	assert.Equal(t, []pc.ID{"T-003"}, feat.Linked(pc.ImplementedBy))
	assert.Contains(t, file(t, fsys, p, "F-001"), "implemented_by: [T-003]")
	assert.Equal(t, []pc.ID{"T-001", "T-002", "T-003"}, p.Children("S-001"))
}

func TestIDsAreSequentialAndNeverReused(t *testing.T) {
	p, _ := seeded(t)
	archived := true
	_, err := p.Update("T-002", pc.Change{Archived: &archived})
	require.NoError(t, err)
	e := mustCreate(t, p, pc.Task, map[string]any{"title": "Next", "parent": "S-001"})
	assert.Equal(t, pc.ID("T-003"), e.ID)

	// Deleting the newest file does not free its id: the sequence remembers.
	p2, fsys := seeded(t)
	e = mustCreate(t, p2, pc.Task, map[string]any{"title": "Doomed", "parent": "S-001"})
	require.NoError(t, fsys.Remove(e.Path, pc.HashOf([]byte(file(t, fsys, p2, "T-003")))))
	_, err = p2.Reload()
	require.NoError(t, err)
	e = mustCreate(t, p2, pc.Task, map[string]any{"title": "After", "parent": "S-001"})
	assert.Equal(t, pc.ID("T-004"), e.ID)
}

func TestIDsGrowPast999(t *testing.T) {
	p, _ := openMem(t, map[string]string{
		"Projects/milestones/M-999 Far.md": "---\nid: M-999\ntype: milestone\ntitle: Far\n---\n",
	})
	e := mustCreate(t, p, pc.Milestone, map[string]any{"title": "Farther"})
	assert.Equal(t, pc.ID("M-1000"), e.ID)
}

func TestBadInputChangesNothing(t *testing.T) {
	tests := []struct {
		name  string
		setup func(p *pc.Project) error // a legitimate write before the refused one
		op    func(p *pc.Project) error
		code  pc.Code
	}{
		{"missing title", nil, create(pc.Milestone, map[string]any{}), pc.CodeMissingField},
		{"blank title", nil, create(pc.Milestone, map[string]any{"title": "  "}), pc.CodeMissingField},
		{"title not a string", nil, create(pc.Milestone, map[string]any{"title": []any{"x"}}), pc.CodeInvalidArgument},
		{"story without parent", nil, create(pc.Story, map[string]any{"title": "x"}), pc.CodeOrphan},
		{"task without parent", nil, create(pc.Task, map[string]any{"title": "x"}), pc.CodeOrphan},
		{"task under milestone", nil, create(pc.Task, map[string]any{"title": "x", "parent": "M-001"}), pc.CodeInvalidArgument},
		{"story under story", nil, create(pc.Story, map[string]any{"title": "x", "parent": "S-001"}), pc.CodeInvalidArgument},
		{"unknown parent", nil, create(pc.Task, map[string]any{"title": "x", "parent": "S-099"}), pc.CodeNotFound},
		{"malformed parent", nil, create(pc.Task, map[string]any{"title": "x", "parent": "story one"}), pc.CodeInvalidArgument},
		{"unknown dependency", nil, create(pc.Task, map[string]any{"title": "x", "parent": "S-001", "depends_on": []any{"T-077"}}), pc.CodeNotFound},
		{"list where a string belongs", nil, create(pc.Milestone, map[string]any{"title": "x", "workstream": []any{"a"}}), pc.CodeInvalidArgument},
		{"object where a list belongs", nil, create(pc.Milestone, map[string]any{"title": "x", "depends_on": map[string]any{}}), pc.CodeInvalidArgument},
		{"unknown field", nil, create(pc.Milestone, map[string]any{"title": "x", "colour": "red"}), pc.CodeInvalidArgument},
		{"bad enum", nil, create(pc.Feature, map[string]any{"title": "x", "tier": "Gold"}), pc.CodeInvalidArgument},
		{"bad priority", nil, create(pc.Milestone, map[string]any{"title": "x", "priority": "P10"}), pc.CodeInvalidArgument},
		{"bad date", nil, create(pc.Milestone, map[string]any{"title": "x", "target_date": "next week"}), pc.CodeInvalidArgument},
		{"bad status", nil, create(pc.Task, map[string]any{"title": "x", "parent": "S-001", "status": "Decided"}), pc.CodeInvalidArgument},
		{"feature implements feature", nil, create(pc.Feature, map[string]any{"title": "x", "implements": []any{"F-001"}}), pc.CodeInvalidArgument},
		{"task documents", nil, create(pc.Task, map[string]any{"title": "x", "parent": "S-001", "documents": []any{"T-001"}}), pc.CodeInvalidArgument},
		{"read-only id", nil, create(pc.Milestone, map[string]any{"title": "x", "id": "M-050"}), pc.CodeInvalidArgument},
		{"unknown type", nil, create(pc.Type("epic"), map[string]any{"title": "x"}), pc.CodeInvalidArgument},
		{"Not Started -> Completed", nil, update("T-001", pc.Change{Status: "Completed"}), pc.CodeInvalidTransition},
		{"depends on itself", nil, update("T-001", pc.Change{AddDependencies: []string{"T-001"}}), pc.CodeCycle},
		{"cycle", nil, update("T-001", pc.Change{AddDependencies: []string{"T-002"}}), pc.CodeCycle},
		{"update unknown id", nil, update("T-404", pc.Change{Status: "wip"}), pc.CodeNotFound},
		{"update malformed id", nil, update("nope", pc.Change{Status: "wip"}), pc.CodeInvalidArgument},
		{"clear required parent", nil, update("T-001", pc.Change{Data: map[string]any{"parent": nil}}), pc.CodeOrphan},
		{"complete with open children", update("S-001", pc.Change{Status: "In Progress"}),
			update("S-001", pc.Change{Status: "Completed"}), pc.CodeInvalidTransition},
		{"unknown relation in add_to", nil, update("T-001", pc.Change{AddTo: map[string][]string{"likes": {"T-002"}}}), pc.CodeInvalidArgument},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, fsys := seeded(t)
			// T-002 depends on T-001, so T-001 -> T-002 would close a cycle.
			_, err := p.Update("T-002", pc.Change{AddDependencies: []string{"T-001"}})
			require.NoError(t, err)
			if tt.setup != nil {
				require.NoError(t, tt.setup(p))
			}
			before := fsys.Files()
			err = tt.op(p)
			require.Error(t, err)
			assert.Equal(t, tt.code, pc.ErrorCode(err), "error: %v", err)
			assert.Equal(t, before, fsys.Files(), "a refused operation changed files")
			var e *pc.Error
			require.ErrorAs(t, err, &e)
			assert.NotEmpty(t, e.Message)
		})
	}
}

func create(typ pc.Type, data map[string]any) func(*pc.Project) error {
	return func(p *pc.Project) error { _, err := p.Create(typ, data); return err }
}

func update(id string, c pc.Change) func(*pc.Project) error {
	return func(p *pc.Project) error { _, err := p.Update(id, c); return err }
}

func TestCycleErrorNamesTheCycle(t *testing.T) {
	p, _ := seeded(t)
	mustCreate(t, p, pc.Task, map[string]any{"title": "C", "parent": "S-001", "depends_on": []any{"T-002"}})
	_, err := p.Update("T-002", pc.Change{AddDependencies: []string{"T-001"}})
	require.NoError(t, err)
	_, err = p.Update("T-001", pc.Change{AddDependencies: []string{"T-003"}})
	var e *pc.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, pc.CodeCycle, e.Code)
	assert.Contains(t, e.Message, "T-001 -> T-003 -> T-002 -> T-001")
}

func TestLifecycle(t *testing.T) {
	p, _ := seeded(t)
	// Starting a task starts its story and milestone.
	_, err := p.Update("T-001", pc.Change{Status: "wip"})
	require.NoError(t, err)
	for _, id := range []string{"T-001", "S-001", "M-001"} {
		e, _ := p.Get(id)
		assert.Equal(t, pc.InProgress, e.Status, id)
	}
	// Completing the story needs cascade while T-002 is open.
	_, err = p.Update("S-001", pc.Change{Status: "done"})
	assert.Equal(t, pc.CodeInvalidTransition, pc.ErrorCode(err))
	u, err := p.Update("S-001", pc.Change{Status: "done", Cascade: true})
	require.NoError(t, err)
	assert.Equal(t, []string{"status"}, u.Fields)
	for _, id := range []string{"T-001", "T-002", "S-001"} {
		e, _ := p.Get(id)
		assert.Equal(t, pc.Completed, e.Status, id)
	}
}

func TestUpdateKeepsUserContent(t *testing.T) {
	const original = "---\n# tracked in Jira too\nid: T-001\ntype: task\ntitle: Form\nstatus: todo # hand-written\njira: LUM-231\nparent: S-001\nblocks:\n  - T-002\n---\n# Form\n\nNotes the user wrote.\n"
	p, fsys := openMem(t, map[string]string{
		"Projects/milestones/M-001 Beta.md": "---\nid: M-001\ntype: milestone\ntitle: Beta\n---\n",
		"Projects/stories/S-001 Login.md":   "---\nid: S-001\ntype: story\ntitle: Login\nparent: M-001\n---\n",
		"Elsewhere/T-001 Form.md":           original,
		"Projects/tasks/T-002 API.md":       "---\nid: T-002\ntype: task\ntitle: API\nparent: S-001\ndepends_on: [T-001]\n---\n",
	})
	u, err := p.Update("T-001", pc.Change{Data: map[string]any{"priority": "low"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"priority"}, u.Fields)
	got := file(t, fsys, p, "T-001")
	assert.Equal(t, "---\n# tracked in Jira too\nid: T-001\ntype: task\ntitle: Form\nstatus: todo # hand-written\njira: LUM-231\nparent: S-001\nblocks:\n  - T-002\npriority: P3\nupdated_at: 2026-11-21T09:00:00Z\n---\n# Form\n\nNotes the user wrote.\n", got)
	e, _ := p.Get("T-001")
	assert.Equal(t, "Elsewhere/T-001 Form.md", e.Path, "files are never renamed or moved by an update")
	assert.Equal(t, "LUM-231", e.Fields["jira"])
}

func TestArchiveAndRestoreMoveTheFile(t *testing.T) {
	p, fsys := seeded(t)
	yes, no := true, false
	_, err := p.Update("T-002", pc.Change{Archived: &yes})
	require.NoError(t, err)
	e, _ := p.Get("T-002")
	assert.Equal(t, "Projects/archive/tasks/T-002 API.md", e.Path)
	assert.True(t, e.Archived)
	files := fsys.Files()
	assert.NotContains(t, files, "Projects/tasks/T-002 API.md")
	assert.Contains(t, files["Projects/archive/tasks/T-002 API.md"], "archived: true")

	_, err = p.Update("T-002", pc.Change{Archived: &no})
	require.NoError(t, err)
	e, _ = p.Get("T-002")
	assert.Equal(t, "Projects/tasks/T-002 API.md", e.Path)
	assert.NotContains(t, fsys.Files()["Projects/tasks/T-002 API.md"], "archived")
}

func TestEditOnDiskIsNotOverwritten(t *testing.T) {
	p, fsys := seeded(t)
	e, _ := p.Get("T-001")
	// The user edits the file in the editor; the index has not seen it.
	edited := strings.Replace(file(t, fsys, p, "T-001"), "# Form\n", "# Form\n\nA note typed in the editor.\n", 1)
	edited = strings.Replace(edited, "title: Form", "title: Form v2", 1)
	require.NoError(t, fsys.WriteFile(e.Path, []byte(edited), pc.HashOf([]byte(file(t, fsys, p, "T-001")))))

	_, err := p.Update("T-001", pc.Change{Data: map[string]any{"priority": "P2"}})
	require.NoError(t, err)
	got := string(must(fsys.ReadFile(e.Path)))
	assert.Contains(t, got, "A note typed in the editor.")
	assert.Contains(t, got, "title: Form v2")
	assert.Contains(t, got, "priority: P2")

	// A write whose expected content is stale is refused.
	err = fsys.WriteFile(e.Path, []byte("x"), pc.HashOf([]byte(edited)))
	assert.Equal(t, pc.CodeConflict, pc.ErrorCode(err))
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestLoadProblemsAreReportedNotFatal(t *testing.T) {
	broken := "---\nid: T-009\ntype: task\ntitle: [unclosed\n---\nbody\n"
	p, fsys := openMem(t, map[string]string{
		"Projects/tasks/T-009 Broken.md":   broken,
		"Projects/tasks/T-001 A.md":        "---\nid: T-001\ntype: task\ntitle: A\n---\n",
		"Projects/tasks/T-001 Copy.md":     "---\nid: T-001\ntype: task\ntitle: Copy\n---\n",
		"Projects/tasks/X Unknown.md":      "---\nid: T-002\ntype: epic\n---\n",
		"Notes/plain.md":                   "---\ntags: [x]\n---\njust a note\n",
		"Notes/typed.md":                   "---\ntype: meeting\n---\nnot ours\n",
		".obsidian/ignored.md":             "---\nid: T-005\ntype: task\ntitle: hidden\n---\n",
		"Projects/decisions/DEC-001 Ok.md": "---\nid: DEC-001\ntype: decision\ntitle: Ok\nstatus: accepted\n---\n",
		"Projects/tasks/T-003 Mismatch.md": "---\nid: T-003\ntype: story\ntitle: M\n---\n",
		"Projects/tasks/T-004 No title.md": "---\nid: T-004\ntype: task\n---\n# Heading Title\n",
	})
	assert.Equal(t, 3, p.Len())
	kinds := map[string]string{}
	for _, pr := range p.Problems() {
		kinds[pr.Path] = pr.Kind
	}
	assert.Equal(t, map[string]string{
		"Projects/tasks/T-009 Broken.md":   "invalid_yaml",
		"Projects/tasks/T-001 Copy.md":     "duplicate_id",
		"Projects/tasks/X Unknown.md":      "unknown_type",
		"Projects/tasks/T-003 Mismatch.md": "invalid_id",
	}, kinds)
	dec, _ := p.Get("DEC-001")
	assert.Equal(t, pc.Decided, dec.Status, "aliases are read as canonical")
	t4, _ := p.Get("T-004")
	assert.Equal(t, "Heading Title", t4.Title, "a missing title comes from the first heading")
	assert.Equal(t, broken, fsys.Files()["Projects/tasks/T-009 Broken.md"], "a broken file is left untouched")
}

func TestRefreshFollowsEditsMadeElsewhere(t *testing.T) {
	p, fsys := seeded(t)
	e, _ := p.Get("T-001")
	old := file(t, fsys, p, "T-001")
	edited := strings.Replace(old, "title: Form", "title: Form renamed", 1)
	require.NoError(t, fsys.WriteFile(e.Path, []byte(edited), pc.HashOf([]byte(old))))
	require.NoError(t, p.Refresh(e.Path))
	e, _ = p.Get("T-001")
	assert.Equal(t, "Form renamed", e.Title)
	hits := p.SearchText("renamed", 5, nil)
	require.Len(t, hits, 1, "the full-text index follows too")
	assert.Equal(t, pc.ID("T-001"), hits[0].Entity.ID)

	// A new file written by another program joins the index.
	require.NoError(t, fsys.WriteFile("Inbox/T-050 Dropped in.md", []byte("---\nid: T-050\ntype: task\ntitle: Dropped in\nparent: S-001\n---\n"), ""))
	require.NoError(t, p.Refresh("Inbox/T-050 Dropped in.md"))
	assert.Contains(t, p.Children("S-001"), pc.ID("T-050"))

	// A deleted file leaves it.
	require.NoError(t, fsys.Remove(e.Path, pc.HashOf([]byte(edited))))
	require.NoError(t, p.Refresh(e.Path))
	_, err := p.Get("T-001")
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))
	assert.NotContains(t, p.Children("S-001"), pc.ID("T-001"))
	assert.Empty(t, p.SearchText("renamed", 5, nil))
}

// No title can carry a bidirectional control character into a file name
// ("M-009 evil\u202Egnp.exe.md" would show as "M-009 evilexe.png.md"),
// through create or update.
func TestBidiControlsRefusedInTitles(t *testing.T) {
	for _, r := range []rune{0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069} {
		p, fsys := seeded(t)
		before := fsys.Files()
		title := "evil" + string(r) + "gnp.exe"
		_, err := p.Create(pc.Milestone, map[string]any{"title": title})
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%U: %v", r, err)
		assert.ErrorContains(t, err, "title")
		_, err = p.Update("T-001", pc.Change{Data: map[string]any{"title": title}})
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%U: %v", r, err)
		_, err = p.Create(pc.Milestone, map[string]any{"title": "ok", "workstream": "eng" + string(r)})
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%U in workstream: %v", r, err)
		assert.Equal(t, before, fsys.Files(), "%U: nothing written", r)
	}
	assert.Equal(t, "M-009 evil gnp.exe.md", pc.FileName("M-009", "evil\u202Egnp.exe"), "file names drop them too")
	// Right-to-left text itself is welcome.
	p, _ := seeded(t)
	_, err := p.Create(pc.Milestone, map[string]any{"title": "إطلاق النسخة التجريبية"})
	assert.NoError(t, err)
}

// Ids are never handed out again while anything still names them: another
// entity's relation or parent, or a file name, even with no sequence file.
func TestIDsStayClaimedByReferencesAndFileNames(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  pc.ID
	}{
		{"a dependency on a deleted task", map[string]string{
			"T-005 b.md": "---\nid: T-005\ntype: task\ntitle: b\nstatus: Not Started\nparent: S-001\ndepends_on: [T-031]\n---\n",
		}, "T-032"},
		{"a feature still covered by a deleted task", map[string]string{
			"F-001 f.md": "---\nid: F-001\ntype: feature\ntitle: f\nstatus: Planned\nimplemented_by: [T-045]\n---\n",
		}, "T-046"},
		{"a file whose fences were deleted", map[string]string{"T-040 Login form.md": "id: T-040\ntype: task\n"}, "T-041"},
		{"a file with broken front matter", map[string]string{"Projects/t-050 x.md": "---\nid: [\n---\n"}, "T-051"},
		{"a note named like an id of another type", map[string]string{"M-090 Plan.md": "plain note"}, "T-002"},
		{"sequence file absent, nothing else", map[string]string{}, "T-002"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"M-001 m.md": "---\nid: M-001\ntype: milestone\ntitle: m\nstatus: Not Started\n---\n",
				"S-001 s.md": "---\nid: S-001\ntype: story\ntitle: s\nstatus: Not Started\nparent: M-001\n---\n",
				"T-001 t.md": "---\nid: T-001\ntype: task\ntitle: t\nstatus: Not Started\nparent: S-001\n---\n",
			}
			maps.Copy(files, tt.files)
			p, _ := openMem(t, files)
			e := mustCreate(t, p, pc.Task, map[string]any{"title": "new", "parent": "S-001"})
			assert.Equal(t, tt.want, e.ID)
		})
	}
}

// Deleting a task's file while another depends on it, then creating a task:
// the new one does not inherit the old one's dependents.
func TestDeletedIDNotReusedAcrossReload(t *testing.T) {
	p, fsys := seeded(t)
	old := mustCreate(t, p, pc.Task, map[string]any{"title": "the newest task", "parent": "S-001"})
	_, err := p.Update("T-001", pc.Change{AddDependencies: []string{string(old.ID)}})
	require.NoError(t, err)
	require.NoError(t, fsys.Delete(old.Path))
	_ = fsys.Delete(".projectcanvas/sequence.json")
	_, err = p.Reload()
	require.NoError(t, err)
	e := mustCreate(t, p, pc.Task, map[string]any{"title": "fresh", "parent": "S-001"})
	assert.Greater(t, pc.CompareIDs(e.ID, old.ID), 0, "%s handed out again", e.ID)
}
