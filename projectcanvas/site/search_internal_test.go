package site

import (
	"encoding/json"
	"strings"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFirstRunes(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{{"héllo", 2, "hé"}, {"héllo", 5, "héllo"}, {"héllo", 9, "héllo"}, {"abc", 0, ""}, {"", 3, ""}, {"日本語", 1, "日"}} {
		assert.Equal(t, c.want, firstRunes(c.in, c.n), "%q %d", c.in, c.n)
	}
}

// A long body's text is cut at maxIndexedText runes, not bytes.
func TestSearchIndexCutsLongTexts(t *testing.T) {
	long := strings.Repeat("é", maxIndexedText+10)
	js := searchIndex([][]byte{searchEntry{ID: "T-001", Text: long}.json(), searchEntry{ID: "T-002", Text: "short"}.json()})
	var got []searchEntry
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimPrefix(string(js), "window.PC_SEARCH = "), ";\n")), &got))
	assert.Equal(t, strings.Repeat("é", maxIndexedText), got[0].Text)
	assert.Equal(t, "short", got[1].Text)
}

// FuzzSearchEntryJSON: an entry is written as json.Marshal writes it, its
// text cut at maxIndexedText runes.
func FuzzSearchEntryJSON(f *testing.F) {
	f.Add("T-001", "<script>", "a & b", "\u2028\xff", strings.Repeat("é", maxIndexedText+1))
	f.Fuzz(func(t *testing.T, id, title, typ, status, text string) {
		e := searchEntry{ID: id, Page: pageOf(pc.ID(id + "000")), Title: title, Type: typ, Status: status, Text: text}
		cut := e
		cut.Text = firstRunes(text, maxIndexedText)
		want, err := json.Marshal(cut)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(e.json()))
	})
}

// FuzzWords: words is strings.Join(strings.Fields(s), " ").
func FuzzWords(f *testing.F) {
	for _, s := range []string{"", " a  b\t\nc ", "\u00a0x\u2028y\xffz\x85", "   "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		assert.Equal(t, strings.Join(strings.Fields(s), " "), words(s), "%q", s)
	})
}
