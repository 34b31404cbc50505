package extsync_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion/notiontest"
)

// fourTasks is smallVault with two more tasks, none depending on another.
func fourTasks() map[string]string {
	files := smallVault()
	files["Projects/tasks/T-003 Docs.md"] = "---\nid: T-003\ntype: task\ntitle: Docs\nstatus: Not Started\nparent: S-001\n---\n# Docs\n"
	files["Projects/tasks/T-004 Tests.md"] = "---\nid: T-004\ntype: task\ntitle: Tests\nstatus: Not Started\nparent: S-001\n---\n# Tests\n"
	return files
}

// Someone edits the ID column in Notion: the sync state, not the column,
// says which entity a page is. Relations pulled from Notion land on the
// right entities, and the column is restored.
func TestEditedIDColumnNeverMovesARelation(t *testing.T) {
	h := newHarness(t, fourTasks())
	h.sync()
	p2, p3, p4 := h.page("T-002"), h.page("T-003"), h.page("T-004")
	h.srv.Edit(p2, "ID", notiontest.Text("T-001"))
	h.srv.Edit(p3, "ID", notiontest.Text("T-002"))
	h.srv.Edit(p4, "Depends On", notion.PropertyValue{Relation: []notion.PageRef{{ID: p3}, {ID: p2}}})
	sum, err := h.run()
	require.NoError(t, err)
	assert.Empty(t, sum.Conflicts)
	h.reopen()
	assert.ElementsMatch(t, []pc.ID{"T-003", "T-002"}, h.entity("T-004").Linked(pc.DependsOn))
	assert.Contains(t, h.entity("T-003").Linked(pc.Blocks), pc.ID("T-004"))
	assert.NotContains(t, h.entity("T-001").Linked(pc.Blocks), pc.ID("T-004"))
	for page, id := range map[string]string{p2: "T-002", p3: "T-003"} {
		assert.Equal(t, id, plain(h.srv.Property(page, "ID")), "the ID column is the vault's, restored")
	}
}

// A page someone made by hand that claims an id the state gives to another
// page is reported and skipped, never merged into that entity.
func TestPageClaimingAnotherPagesIDIsSkipped(t *testing.T) {
	h := newHarness(t, fourTasks())
	h.sync()
	p1 := h.page("T-001")
	forged := h.srv.CreateByHand(h.ds, map[string]notion.PropertyValue{
		"Name": notiontest.Text("Forged"), "ID": notiontest.Text("T-001"), "Status": notiontest.Select("Done")})
	sum, err := h.run()
	require.NoError(t, err)
	h.reopen()
	assert.Equal(t, "Form", h.entity("T-001").Title)
	assert.Equal(t, pc.Status("In Progress"), h.entity("T-001").Status)
	var named bool
	for _, f := range sum.Failed {
		if f.ID == "T-001" && assert.Contains(t, f.Message, forged) {
			named = true
			assert.Contains(t, f.Message, p1)
		}
	}
	assert.True(t, named, "the forged page is reported by id: %+v", sum.Failed)
}

// A state file that maps two entities to one page is refused on read.
func TestStateMappingTwoEntitiesToOnePageIsRefused(t *testing.T) {
	h := newHarness(t, fourTasks())
	h.sync()
	p1 := h.page("T-001")
	h.editState(func(st map[string]any) {
		st["entities"].(map[string]any)["T-002"].(map[string]any)["page"] = p1
	})
	_, err := h.run()
	require.Error(t, err)
	assert.Equal(t, pc.CodeConflict, pc.ErrorCode(err))
	assert.Contains(t, err.Error(), "T-001 and T-002")
}

// A line break typed into a title in Notion is folded to a space on pull
// (titles are one line), said in the run's result, and does not hold the
// entity's sync back on later runs.
func TestNotionTitleWithNewlineIsFolded(t *testing.T) {
	h := newHarness(t, smallVault())
	h.sync()
	h.srv.Edit(h.page("T-001"), "Name", notiontest.Text("Form\nand validation\r\n"))
	sum := h.sync()
	assert.Equal(t, []pc.ID{"T-001"}, sum.TitlesFolded)
	h.reopen()
	assert.Equal(t, "Form and validation", h.entity("T-001").Title)
	sum = h.sync()
	assert.Empty(t, sum.TitlesFolded)
	assert.Zero(t, sum.UpdatedLocal)
}
