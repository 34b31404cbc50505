package assist_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func TestBulkLinkFeature(t *testing.T) {
	fsys := memfs.New(nil)
	p := mustOpen(t, fsys)
	for _, c := range []struct {
		t    pc.Type
		data map[string]any
	}{
		{pc.Milestone, map[string]any{"title": "Beta"}},
		{pc.Story, map[string]any{"title": "Login", "parent": "M-001"}},
		{pc.Feature, map[string]any{"title": "SSO"}},
		{pc.Decision, map[string]any{"title": "OAuth"}},
	} {
		_, err := p.Create(c.t, c.data)
		require.NoError(t, err)
	}
	f, err := assist.BulkLinkFeature(p, "F-001", []string{"M-001", "S-001"})
	require.NoError(t, err)
	assert.Equal(t, []pc.ID{"M-001", "S-001"}, f.Links[pc.ImplementedBy])
	s, _ := p.Get("S-001")
	assert.Equal(t, []pc.ID{"F-001"}, s.Links[pc.Implements], "both sides")

	before := fsys.Files()
	_, err = assist.BulkLinkFeature(p, "F-001", []string{"M-001", "DEC-001"})
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "a decision does not implement")
	_, err = assist.BulkLinkFeature(p, "M-001", []string{"S-001"})
	assert.Error(t, err)
	assert.Equal(t, before, fsys.Files(), "refused: nothing written")
}
