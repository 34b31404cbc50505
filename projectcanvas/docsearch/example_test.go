package docsearch_test

import (
	"context"
	"fmt"

	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func Example() {
	vault := memfs.New(map[string]string{
		"Runbook.md": "# Runbook\n\n## Release\nTag and deploy.\n\n### Rollback\nRedeploy the previous tag.\n",
		"Storage.md": "# Storage\nPages are Markdown files.\n",
	})
	eng, err := docsearch.Open(context.Background(), vault, docsearch.WithCache(""))
	if err != nil {
		panic(err)
	}
	hits, _ := eng.Search(context.Background(), docsearch.Query{Text: "roll back the release", TopK: 1})
	for _, h := range hits {
		fmt.Printf("%s | %s | [%d,%d) %q\n", h.Doc, h.HeadingPath, h.StartChar, h.EndChar, h.Excerpt)
	}
	st := eng.Status()
	fmt.Println(st.State, st.Docs, "docs,", st.Nodes, "sections")
	// Output:
	// Runbook.md | Runbook > Release > Rollback | [39,78) "### Rollback\nRedeploy the previous tag."
	// ready 2 docs, 3 sections
}

func ExampleSplit() {
	src := []byte("---\ntags: [x]\n---\nIntro.\n\n# Guide\n## Install\nRun it.\n")
	for _, c := range docsearch.Split("guide.md", src, 0) {
		fmt.Printf("%q [%d,%d)\n", c.HeadingPath, c.StartChar, c.EndChar)
	}
	// Output:
	// "" [18,24)
	// "Guide > Install" [34,52)
}
