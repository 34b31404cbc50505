package site

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// The editor's board (plugin/src/editor/boardModel.ts) orders its columns as the
// site's board does: the same statuses in the same order, so that the two
// never disagree.
func TestBoardOrderMatchesThePlugin(t *testing.T) {
	src, err := os.ReadFile("../../plugin/src/editor/boardModel.ts")
	require.NoError(t, err)
	list := regexp.MustCompile(`(?s)export const STATUS_ORDER = \[(.*?)\];`).FindSubmatch(src)
	require.NotNil(t, list, "boardModel.ts has STATUS_ORDER")
	var plugin []string
	for _, m := range regexp.MustCompile(`"([^"]*)"`).FindAllSubmatch(list[1], -1) {
		plugin = append(plugin, string(m[1]))
	}
	require.NotEmpty(t, plugin)
	for i, s := range plugin {
		assert.Equal(t, i, statusOrder(pc.Status(s)), "%s is column %d of the site's board too", s, i)
	}
	// Every status of every type has its place in the list.
	for _, typ := range pc.Types {
		for _, s := range pc.Statuses(typ) {
			assert.Contains(t, plugin, string(s), "the plugin's board orders %s's status %s", typ, s)
		}
	}
	assert.Equal(t, len(plugin), statusOrder(pc.Status(strings.Repeat("x", 3))), "no other status before the last")
}
