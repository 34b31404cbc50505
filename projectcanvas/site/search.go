package site

import (
	"encoding/json"
)

// searchEntry is one entity in the search index, with the path of its
// page (pageOf: the script has no rule of its own).
type searchEntry struct {
	ID     string `json:"id"`
	Page   string `json:"page"`
	Title  string `json:"title"`
	Type   string `json:"type"`
	Status string `json:"status"`
	Text   string `json:"text"`
}

// maxIndexedText bounds the body text of one entity in the index, so that
// a vault of long notes still loads its search quickly.
const maxIndexedText = 2000

// searchIndex is assets/search-index.js: the entries as JSON, set on
// window.PC_SEARCH. A script, not a .json file, because a page opened
// from disk (file://) may load scripts beside it but not fetch files.
func searchIndex(entries []searchEntry) []byte {
	for i := range entries {
		entries[i].Text = firstRunes(entries[i].Text, maxIndexedText)
	}
	if entries == nil {
		entries = []searchEntry{}
	}
	data, _ := json.Marshal(entries) // strings only: cannot fail; < > & escaped
	return append(append([]byte("window.PC_SEARCH = "), data...), ";\n"...)
}

func (s *site) searchPage(canvases []canvasLink) error {
	return s.write("search.html", "search", page{Title: "Search", Search: true}, canvases)
}

// firstRunes is s cut after its first n runes, without converting all of
// s to runes.
func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
