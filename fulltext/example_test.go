package fulltext_test

import (
	"fmt"

	"github.com/projectcanvas/projectcanvas/fulltext"
)

func Example() {
	idx := fulltext.New()
	idx.Add("T-001", fulltext.Title("Index the vault"), fulltext.Body("Build a full-text index of task titles and bodies."))
	idx.Add("T-002", fulltext.Title("Search tasks"), fulltext.Body("Rank tasks by BM25. Needs T-001."))
	idx.Add("T-003", fulltext.Title("Write the docs"), fulltext.Body("Explain how indexing works."))

	// "indexing" and "index" are the same term; the title counts more.
	for _, h := range idx.Search("indexing", 10, nil) {
		fmt.Println(h.ID)
	}

	// Ids are terms of their own.
	for _, h := range idx.Search("t-001", 10, nil) {
		fmt.Println("mentions T-001:", h.ID)
	}

	// A filter, e.g. open tasks only.
	open := map[string]bool{"T-002": true, "T-003": true}
	for _, h := range idx.Search("task", 10, func(id string) bool { return open[id] }) {
		fmt.Println("open:", h.ID)
	}

	body := "Explain how indexing works."
	if start, end, ok := fulltext.FirstMatch(body, "index"); ok {
		fmt.Printf("%s[%s]%s\n", body[:start], body[start:end], body[end:])
	}

	fmt.Println(fulltext.Tokenize("Searching T-004's tasks in Zürich"))
	// Output:
	// T-001
	// T-003
	// mentions T-001: T-002
	// open: T-002
	// Explain how [indexing] works.
	// [search t-004 t 004 task in zürich]
}

// EachTerm yields the terms Tokenize would return, without making a string
// of each; returning false stops it. The query's words are tokenized the
// same way, so that their stems meet.
func ExampleEachTerm() {
	query := map[string]bool{}
	for _, t := range fulltext.Tokenize("deploy release") {
		query[t] = true
	}
	found := 0
	fulltext.EachTerm("Deploying the releases", func(term []byte) bool {
		if query[string(term)] {
			found++
		}
		return found < len(query)
	})
	fmt.Println(found, "of", len(query))
	// Output: 2 of 2
}
