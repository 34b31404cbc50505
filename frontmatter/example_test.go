package frontmatter_test

import (
	"fmt"

	"github.com/projectcanvas/projectcanvas/frontmatter"
)

// An edit rewrites only the lines of the keys it touches: the comment, the
// unknown key and the body come back byte for byte.
func Example() {
	src := []byte(`---
id: T-042
status: Todo # set by the board
depends_on: [T-001]
x-kanban-lane: 3
---
# Write the codec
`)
	doc, err := frontmatter.Parse(src)
	if err != nil {
		panic(err)
	}
	status, _ := doc.String("status")
	fmt.Println("was:", status)

	doc.SetString("status", "In Progress")
	doc.SetStrings("depends_on", []string{"T-001", "T-002"})
	doc.SetString("updated_at", "2026-01-15")
	fmt.Print(string(doc.Bytes()))
	// Output:
	// was: Todo
	// ---
	// id: T-042
	// status: In Progress # set by the board
	// depends_on: [T-001, T-002]
	// x-kanban-lane: 3
	// updated_at: "2026-01-15"
	// ---
	// # Write the codec
}

// A new file starts from an empty document.
func ExampleParse_newFile() {
	doc, _ := frontmatter.Parse(nil)
	doc.SetString("id", "T-043")
	doc.SetString("status", "Todo")
	doc.SetStrings("tags", []string{"core"})
	doc.SetBody([]byte("# New task\n"))
	fmt.Print(string(doc.Bytes()))
	// Output:
	// ---
	// id: T-043
	// status: Todo
	// tags: [core]
	// ---
	// # New task
}

// Broken front matter is reported with the file line to look at.
func ExampleSyntaxError() {
	_, err := frontmatter.Parse([]byte("---\nid: T-044\nstatus: [Todo\n---\n"))
	fmt.Println(err)
	// Output:
	// front matter line 3: did not find expected ',' or ']'
}
