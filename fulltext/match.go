package fulltext

// FirstMatch returns the byte offsets text[start:end] of the first
// occurrence in text of any term of query, for snippets and highlighting.
// Terms are compared after tokenizing both sides, so "Indexing" in text
// matches the query "indexed" and "T-004" matches "t_004"; a query for
// "004" matches the "004" of "T-004". ok is false when nothing matches.
func FirstMatch(text, query string) (start, end int, ok bool) {
	var t tokenizer
	var q []string
	t.scan(query, func(term []byte, _, _ int, k kind) bool {
		if k != kindPart {
			q = append(q, string(term))
		}
		return true
	})
	if len(q) == 0 {
		return 0, 0, false
	}
	t.scan(text, func(term []byte, s, e int, _ kind) bool {
		for _, w := range q {
			if string(term) == w {
				start, end, ok = s, e, true
				return false
			}
		}
		return true
	})
	return start, end, ok
}
