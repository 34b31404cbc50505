package projectcanvas_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/graph"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// The schema's relation fields say what the relation table says, on both
// sides of every pair.
func TestSchemaRelationsFollowTheTable(t *testing.T) {
	for _, typ := range pc.Types {
		for _, f := range pc.SchemaOf(typ).Fields {
			if f.Kind != pc.KindRefs {
				continue
			}
			var r pc.Relation
			found := false
			for _, rel := range pc.Relations {
				if rel.Field() == f.Name {
					r, found = rel, true
				}
			}
			require.True(t, found, "%s.%s is a list of ids but no relation", typ, f.Name)
			assert.Equal(t, r.Inverse().Field(), f.Inverse, "%s.%s", typ, f.Name)
			assert.Equal(t, r.Targets(), f.Targets, "%s.%s", typ, f.Name)
			if h := r.Holders(); h != nil {
				assert.Contains(t, h, typ, "%s holds %s but the table does not allow it", typ, f.Name)
			}
		}
	}
	for _, r := range pc.Relations {
		assert.Equal(t, r, r.Inverse().Inverse())
		assert.Equal(t, r.Holders(), r.Inverse().Targets(), r.Field())
	}
}

// Relation is an index into graph.Pairs: its fields follow the table's
// order, forward then inverse, and its rules are the table's.
func TestRelationsFollowGraphPairs(t *testing.T) {
	require.Len(t, pc.Relations, len(graph.Fields()))
	for i, r := range pc.Relations {
		assert.Equal(t, graph.Fields()[i], r.Field())
		inv, ok := graph.Inverse(r.Field())
		assert.True(t, ok)
		assert.Equal(t, inv, r.Inverse().Field())
	}
	assert.Equal(t, pc.Milestone, pc.Story.ParentType())
	assert.Equal(t, pc.Story, pc.Task.ParentType())
	assert.Equal(t, pc.Type(""), pc.Feature.ParentType())
}

func TestCreateArchivedGoesUnderArchive(t *testing.T) {
	p, fsys := seeded(t)
	e := mustCreate(t, p, pc.Milestone, map[string]any{"title": "Shelved", "archived": true})
	assert.Equal(t, "Projects/archive/milestones/M-002 Shelved.md", e.Path)
	assert.Contains(t, fsys.Files(), e.Path)
	_, err := p.Reload()
	require.NoError(t, err)
	got, err := p.Get("M-002")
	require.NoError(t, err)
	assert.True(t, got.Archived)
}

func TestArchivingAParentNeedsCascade(t *testing.T) {
	p, fsys := seeded(t)
	before := fsys.Files()
	yes := true
	_, err := p.Update("M-001", pc.Change{Archived: &yes})
	assert.Equal(t, pc.CodeOrphan, pc.ErrorCode(err))
	assert.Equal(t, before, fsys.Files())
	u, err := p.Update("S-001", pc.Change{Archived: &yes, Cascade: true})
	require.NoError(t, err)
	assert.Equal(t, []pc.ID{"T-001", "T-002"}, u.Cascaded)
	for _, id := range []string{"S-001", "T-001", "T-002"} {
		e, _ := p.Get(id)
		assert.True(t, e.Archived, id)
	}
}

func TestUpdateInTheSameTransactionReportsItsFields(t *testing.T) {
	p, _ := seeded(t)
	_, err := p.Write(func(tx *pc.Tx) error {
		e, err := tx.Create(pc.Task, map[string]any{"title": "New", "parent": "S-001"})
		require.NoError(t, err)
		u, err := tx.Update(string(e.ID), pc.Change{Status: "wip"})
		require.NoError(t, err)
		assert.Equal(t, []string{"status"}, u.Fields)
		return nil
	})
	require.NoError(t, err)
}

// Starting a task starts its story and milestone; the update lists them,
// as it lists what a cascade down changed: every entity whose status the
// call changed is in the result.
func TestStartingATaskListsTheAncestorsItStarted(t *testing.T) {
	p, _ := openMem(t, map[string]string{
		"M-001 m.md": "---\nid: M-001\ntype: milestone\ntitle: m\nstatus: Not Started\n---\n",
		"S-001 s.md": "---\nid: S-001\ntype: story\ntitle: s\nstatus: Not Started\nparent: M-001\n---\n",
		"S-002 s.md": "---\nid: S-002\ntype: story\ntitle: s2\nstatus: Not Started\nparent: M-001\n---\n",
		"T-001 t.md": "---\nid: T-001\ntype: task\ntitle: t\nstatus: Not Started\nparent: S-001\n---\n",
		"T-002 t.md": "---\nid: T-002\ntype: task\ntitle: t2\nstatus: Not Started\nparent: S-002\n---\n",
	})
	u, err := p.Update("T-001", pc.Change{Status: "wip"})
	require.NoError(t, err)
	assert.Equal(t, []pc.ID{"S-001", "M-001"}, u.Cascaded)
	u, err = p.Update("T-002", pc.Change{Status: "wip"})
	require.NoError(t, err)
	assert.Equal(t, []pc.ID{"S-002"}, u.Cascaded, "the milestone had started already")
}
