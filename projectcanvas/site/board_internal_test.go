package site

import (
	"encoding/json"
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

// FuzzBoardDataJSON: the board's data is written as json.Marshal writes
// it, with or without the fields an entity may lack.
func FuzzBoardDataJSON(f *testing.F) {
	f.Add("T-001", "<script>&", "\u2028\xff", "frontend", "P1", "S-001", uint8(7))
	f.Fuzz(func(t *testing.T, id, title, status, workstream, priority, parent string, has uint8) {
		e := boardEntity{ID: pc.ID(id), Page: pageOf(pc.ID(id + "000")), Type: pc.Type(title + id), Title: title, Status: pc.Status(status)}
		if has&1 != 0 {
			e.Workstream = &workstream
		}
		if has&2 != 0 {
			e.Priority = &priority
		}
		if has&4 != 0 {
			p := pc.ID(parent)
			e.Parent = &p
		}
		for _, d := range []boardData{
			{Types: pc.Types, Statuses: map[pc.Type][]pc.Status{pc.Task: pc.Statuses(pc.Task)}, Entities: []boardEntity{e, {ID: "T-002"}}},
			{Types: pc.Types, Statuses: map[pc.Type][]pc.Status{}, Entities: []boardEntity{}},
			{},
		} {
			want, err := json.Marshal(d)
			require.NoError(t, err)
			assert.Equal(t, "x = "+string(want), string(d.json([]byte("x = "))))
		}
	})
}
