package site

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas/render"
)

// The board (plugin/src/editor/boardModel.ts, in the editor and on the
// site) orders its columns as render's palette lists the statuses (to do,
// in progress, blocked, deferred, done, superseded), and knows every
// status of every type.
func TestBoardOrderIsThePalettes(t *testing.T) {
	src, err := os.ReadFile("../../plugin/src/editor/boardModel.ts")
	require.NoError(t, err)
	list := regexp.MustCompile(`(?s)export const STATUS_ORDER = \[(.*?)\];`).FindSubmatch(src)
	require.NotNil(t, list, "boardModel.ts has STATUS_ORDER")
	var plugin []string
	for _, m := range regexp.MustCompile(`"([^"]*)"`).FindAllSubmatch(list[1], -1) {
		plugin = append(plugin, string(m[1]))
	}
	var palette []string
	for _, tone := range render.Tones {
		palette = append(palette, tone.Statuses...)
	}
	assert.Equal(t, palette, plugin)
	for _, typ := range pc.Types {
		for _, s := range pc.Statuses(typ) {
			assert.Contains(t, plugin, string(s), "the board orders %s's status %s", typ, s)
		}
	}
}
