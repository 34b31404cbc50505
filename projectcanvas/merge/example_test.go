package merge_test

import (
	"fmt"

	"github.com/projectcanvas/projectcanvas/projectcanvas/merge"
)

// Two people add a different dependency to the same task: git would leave
// conflict markers in the front matter; the merge keeps both.
func ExampleMerge() {
	base := []byte("---\nid: T-001\ntype: task\ntitle: Form\ndepends_on: [T-002]\n---\nThe form.\n")
	ours := []byte("---\nid: T-001\ntype: task\ntitle: Form\ndepends_on: [T-002, T-003]\n---\nThe form.\n")
	theirs := []byte("---\nid: T-001\ntype: task\ntitle: Form\ndepends_on: [T-002, T-004]\n---\nThe form.\n")

	res, err := merge.Merge("Projects/tasks/T-001 Form.md", base, ours, theirs, merge.GitText(merge.Labels{}))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Kind, "clean:", res.Clean())
	fmt.Print(string(res.Data))
	// Output:
	// entity note clean: true
	// ---
	// id: T-001
	// type: task
	// title: Form
	// depends_on: [T-002, T-003, T-004]
	// ---
	// The form.
}
