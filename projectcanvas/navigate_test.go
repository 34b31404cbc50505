package projectcanvas_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// OneSided opens testdata/onesided: every relation written on one side only,
// and two dangling ids.
func openOneSided(t *testing.T) *pc.Project {
	t.Helper()
	files := map[string]string{}
	names, err := filepath.Glob("testdata/onesided/*.md")
	require.NoError(t, err)
	for _, name := range names {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		files[filepath.Base(name)] = string(data)
	}
	p, err := pc.Open(memfs.New(files))
	require.NoError(t, err)
	require.Equal(t, 8, p.Len(), "%v", p.Problems())
	return p
}

// NavigationCase is one row of testdata/onesided/navigation.json: the
// answer every host must give on that vault (tools and cmd/projectcanvas
// read the same file).
type navigationCase struct {
	From      string       `json:"from"`
	Direction pc.Direction `json:"direction"`
	Want      []pc.ID      `json:"want"`
}

func oneSidedNavigation(t *testing.T) []navigationCase {
	data, err := os.ReadFile("testdata/onesided/navigation.json")
	require.NoError(t, err)
	var cases []navigationCase
	require.NoError(t, json.Unmarshal(data, &cases))
	return cases
}

func TestNavigationReadsBothSides(t *testing.T) {
	p := openOneSided(t)
	g := p.Graph()
	for _, tc := range oneSidedNavigation(t) {
		e, err := p.Get(tc.From)
		require.NoError(t, err)
		if len(tc.Want) == 0 {
			tc.Want = nil
		}
		assert.Equal(t, tc.Want, g.Neighbours(e, tc.Direction), "%s from %s", tc.Direction, tc.From)
	}
	assert.Nil(t, g.Neighbours(g.Entity("T-001"), "sideways"))
}

// A write makes a new Graph; the old one stays as it was for its readers.
func TestGraphFollowsWrites(t *testing.T) {
	p := openOneSided(t)
	before := p.Graph()
	added := mustCreate(t, p, pc.Task, map[string]any{"title": "Logout", "parent": "S-001"})
	s1, _ := p.Get("S-001")
	assert.Equal(t, []pc.ID{"T-001", "T-002", "T-003"}, before.Neighbours(s1, pc.ToChildren))
	assert.Equal(t, []pc.ID{"T-001", "T-002", "T-003", added.ID}, p.Graph().Neighbours(s1, pc.ToChildren))
}

// Links between types their pair does not allow (a task "implementing" a
// story, written by hand) are no neighbours.
func TestNavigationDropsWrongTypes(t *testing.T) {
	g := pc.NewGraph([]*pc.Entity{
		{ID: "T-001", Type: pc.Task, Links: links(pc.Implements, "S-001").Links},
		{ID: "S-001", Type: pc.Story},
	})
	assert.Empty(t, g.Neighbours(g.Entity("T-001"), pc.ToFeatures))
	assert.Empty(t, g.Neighbours(g.Entity("S-001"), pc.ToImplementedBy))
}

func links(r pc.Relation, ids ...pc.ID) (out pc.Entity) {
	out.Links[r] = ids
	return out
}
