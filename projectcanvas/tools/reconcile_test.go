package tools_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// untidyVault is a vault edited by hand: links on one side only, a
// dependency on a deleted task, a parent written as a list, a document that
// claims to implement a feature, a dependency cycle.
var untidyVault = map[string]string{
	"Projects/milestones/M-001 Beta.md": "---\nid: M-001\ntype: milestone\ntitle: Beta\n---\n# Beta\n",
	"Projects/stories/S-001 Login.md":   "---\nid: S-001\ntype: story\ntitle: Login\nparent: M-001\n---\n# Login\n",
	"Projects/tasks/T-001 Form.md": "---\nid: T-001\ntype: task\ntitle: Form\nparent: [S-001]\n" +
		"implements: [F-001]\ndepends_on: [T-099]\n---\n# Form\n\nNotes stay.\n",
	"Projects/tasks/T-002 API.md":    "---\nid: T-002\ntype: task\ntitle: API\nparent: S-001\nblocks: [T-003]\n---\n# API\n",
	"Projects/tasks/T-003 Docs.md":   "---\nid: T-003\ntype: task\ntitle: Docs\nparent: S-001\n---\n# Docs\n",
	"Projects/tasks/T-004 Loop.md":   "---\nid: T-004\ntype: task\ntitle: Loop\nparent: S-001\ndepends_on: [T-005]\nblocks: [T-005]\n---\n",
	"Projects/tasks/T-005 Back.md":   "---\nid: T-005\ntype: task\ntitle: Back\nparent: S-001\ndepends_on: [T-004]\nblocks: [T-004]\n---\n",
	"Projects/features/F-001 SSO.md": "---\nid: F-001\ntype: feature\ntitle: SSO\n---\n# SSO\n",
	"Projects/documents/DOC-001 Spec.md": "---\nid: DOC-001\ntype: document\ntitle: Spec\n# the team's own key\nreviewer: Ana\n" +
		"documents: [M-001]\n---\n# Spec\n\nBody.\n",
	"Projects/documents/DOC-002 Odd.md": "---\nid: DOC-002\ntype: document\ntitle: Odd\nimplements: [F-001]\n---\n",
}

func untidyHarness(t *testing.T) *harness {
	fsys := memfs.New(untidyVault)
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) }))
	require.NoError(t, err)
	return &harness{t: t, reg: tools.New(), env: &tools.Env{Project: p}, fs: fsys}
}

type issue struct{ Kind, File, Field string }

func issues(out map[string]any) []issue {
	var got []issue
	for _, raw := range out["issues"].([]any) {
		m := raw.(map[string]any)
		field, _ := m["field"].(string)
		got = append(got, issue{m["kind"].(string), m["file"].(string), field})
	}
	return got
}

func TestValidateProject(t *testing.T) {
	h := untidyHarness(t)
	out := h.ok("validate_project", `{}`)
	assert.Equal(t, false, out["valid"])
	assert.ElementsMatch(t, []issue{
		{"one_sided_relation", "Projects/tasks/T-001 Form.md", "implements"},
		{"dangling_id", "Projects/tasks/T-001 Form.md", "depends_on"},
		{"parent_repairable", "Projects/tasks/T-001 Form.md", "parent"},
		{"one_sided_relation", "Projects/tasks/T-002 API.md", "blocks"},
		{"one_sided_relation", "Projects/documents/DOC-001 Spec.md", "documents"},
		{"type_mismatch", "Projects/documents/DOC-002 Odd.md", "implements"},
		{"cycle", "Projects/tasks/T-004 Loop.md", "depends_on"},
	}, issues(out))
	for _, raw := range out["issues"].([]any) {
		assert.NotEmpty(t, raw.(map[string]any)["message"])
	}
	assert.Equal(t, float64(10), out["entities_checked"])
}

func TestValidateReportsSchemaProblems(t *testing.T) {
	files := maps.Clone(untidyVault)
	files["Projects/tasks/T-006 Bad.md"] = "---\nid: T-006\ntype: task\ntitle: Bad\nparent: S-001\nstatus: Exploded\n---\n"
	files["Projects/tasks/broken.md"] = "---\nid: T-007\ntype: task\ntitle: [unclosed\n---\n"
	fsys := memfs.New(files)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	h := &harness{t: t, reg: tools.New(), env: &tools.Env{Project: p}, fs: fsys}
	got := issues(h.ok("validate_project", `{}`))
	assert.Contains(t, got, issue{"schema_invalid_value", "Projects/tasks/T-006 Bad.md", ""})
	assert.Contains(t, got, issue{"schema_invalid_yaml", "Projects/tasks/broken.md", ""})
}

func TestReconcileRelationships(t *testing.T) {
	h := untidyHarness(t)
	before := h.fs.Files()

	dry := h.ok("reconcile_relationships", `{"dry_run":true}`)
	assert.Equal(t, before, h.fs.Files(), "a dry run writes nothing")
	assert.Equal(t, false, dry["applied"])
	summary := dry["summary"].(map[string]any)
	assert.Equal(t, float64(5), summary["changes"])
	assert.Equal(t, float64(4), summary["files_changed"])
	assert.Equal(t, map[string]any{"add_inverse": 3.0, "drop_dangling": 1.0, "repair_parent": 1.0}, summary["by_kind"])

	out := h.ok("reconcile_relationships", `{}`)
	assert.Equal(t, true, out["applied"])
	assert.Equal(t, dry["files"], out["files"], "the dry run showed what was written")
	files := h.fs.Files()
	assert.Equal(t, "---\nid: T-001\ntype: task\ntitle: Form\nparent: S-001\nimplements: [F-001]\nupdated_at: 2026-11-21T09:00:00Z\n---\n# Form\n\nNotes stay.\n",
		files["Projects/tasks/T-001 Form.md"])
	assert.Contains(t, files["Projects/features/F-001 SSO.md"], "implemented_by: [T-001]")
	assert.Contains(t, files["Projects/tasks/T-003 Docs.md"], "depends_on: [T-002]")
	doc := files["Projects/milestones/M-001 Beta.md"]
	assert.Contains(t, doc, "documented_by: [DOC-001]")
	assert.Contains(t, files["Projects/documents/DOC-001 Spec.md"], "# the team's own key\nreviewer: Ana\n", "untouched file keeps its own keys")
	assert.NotContains(t, files["Projects/features/F-001 SSO.md"], "DOC-002", "a forbidden link is not mirrored")

	again := h.ok("reconcile_relationships", `{}`)
	assert.Equal(t, float64(0), again["summary"].(map[string]any)["changes"], "a second run finds nothing")
	assert.Equal(t, files, h.fs.Files())
	assert.ElementsMatch(t, []issue{
		{"type_mismatch", "Projects/documents/DOC-002 Odd.md", "implements"},
		{"cycle", "Projects/tasks/T-004 Loop.md", "depends_on"},
	}, issues(h.ok("validate_project", `{}`)))
}

func TestReconcileAllOrNothing(t *testing.T) {
	h := untidyHarness(t)
	before := h.fs.Files()
	h.fs.FailWrite = func(op, name string) error {
		if strings.Contains(name, "F-001") {
			return errors.New("disk full")
		}
		return nil
	}
	_, err := h.call("reconcile_relationships", `{}`)
	require.Error(t, err)
	assert.Equal(t, before, h.fs.Files(), "a failed write leaves every file as it was")
}

func TestReconcileRereadsFilesEditedMeanwhile(t *testing.T) {
	h := untidyHarness(t)
	// The user adds a key to the feature in the editor after the index read it.
	edited := "---\nid: F-001\ntype: feature\ntitle: SSO\ntier: Premium\n---\n# SSO\n"
	require.NoError(t, h.fs.WriteFile("Projects/features/F-001 SSO.md", []byte(edited), pc.HashOf([]byte(untidyVault["Projects/features/F-001 SSO.md"]))))
	h.ok("reconcile_relationships", `{}`)
	got := h.fs.Files()["Projects/features/F-001 SSO.md"]
	assert.Contains(t, got, "tier: Premium")
	assert.Contains(t, got, "implemented_by: [T-001]")
}

func TestReconcileArguments(t *testing.T) {
	h := untidyHarness(t)
	for _, args := range []string{`{"dry_run":"yes"}`, `{"dryrun":true}`, `[]`} {
		_, err := h.call("reconcile_relationships", args)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), args)
	}
	_, err := h.call("validate_project", `{"x":1}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	res, err := h.reg.Dispatch(context.Background(), h.env, "validate_project", nil)
	require.NoError(t, err)
	assert.True(t, json.Valid(res))
}

// A merge_conflict key (written by the git merge driver) is reported, one
// issue per line, under its own kind; the entity still loads.
func TestValidateReportsMergeConflict(t *testing.T) {
	fsys := memfs.New(map[string]string{
		"Projects/milestones/M-001 Beta.md": "---\nid: M-001\ntype: milestone\ntitle: Beta\nstatus: In Progress\n" +
			"merge_conflict: ['status: ours \"In Progress\", theirs \"Done\" (base \"Todo\"); kept ours']\n---\n",
	})
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	h := &harness{t: t, reg: tools.New(), env: &tools.Env{Project: p}, fs: fsys}
	out := h.ok("validate_project", `{}`)
	assert.Equal(t, []issue{{"merge_conflict", "Projects/milestones/M-001 Beta.md", ""}}, issues(out))
	assert.Contains(t, out["issues"].([]any)[0].(map[string]any)["message"], `status: ours "In Progress"`)
	assert.Equal(t, float64(1), out["entities_checked"])
}
