package site

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

// json is the entry as the search index holds it, its text cut at
// maxIndexedText runes: made by each page's worker, so that the index's
// encoding is spread over them. Written field by field as json.Marshal
// writes the struct (< > & escaped: the file is a script), without its
// reflection.
func (e searchEntry) json() []byte {
	b := make([]byte, 0, 80+len(e.ID)+len(e.Page)+len(e.Title)+len(e.Type)+len(e.Status)+min(len(e.Text), 4*maxIndexedText))
	for _, f := range [...]struct{ key, value string }{
		{`{"id":`, e.ID}, {`,"page":`, e.Page}, {`,"title":`, e.Title}, {`,"type":`, e.Type}, {`,"status":`, e.Status},
		{`,"text":`, firstRunes(e.Text, maxIndexedText)},
	} {
		b = appendField(b, f.key, f.value)
	}
	return append(b, '}')
}

// searchIndex is assets/search-index.js: the entries (searchEntry.json)
// as a JSON list, set on window.PC_SEARCH. A script, not a .json file,
// because a page opened from disk (file://) may load scripts beside it but
// not fetch files.
func searchIndex(entries [][]byte) []byte {
	size := len("window.PC_SEARCH = [];\n") + len(entries)
	for _, e := range entries {
		size += len(e)
	}
	out := make([]byte, 0, size)
	out = append(out, "window.PC_SEARCH = ["...)
	for i, e := range entries {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, e...)
	}
	return append(out, "];\n"...)
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
