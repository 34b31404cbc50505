// Command merge writes the inputs of the merge driver's whole-process
// benchmark (`make bench-merge`) to a folder: an entity note whose front
// matter both sides changed (note.*), the same with the body changed on
// both sides too, which runs git merge-file (body.*), and a canvas of 2,000
// nodes and 1,999 edges on which each side moved 100 different cards, added
// 10 and deleted 10 (canvas.*). Each as base, ours and theirs.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: merge DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fail(err)
	}
	note := func(deps, status, body string) string {
		return "---\nid: T-001\ntype: task\ntitle: Wire the login form\nstatus: " + status + "\npriority: P2\nparent: S-001\n" +
			"workstream: engineering\ncreated_at: 2026-11-01T09:00:00Z\nupdated_at: 2026-11-20T09:00:00Z\n" +
			"depends_on: [" + deps + "]\nblocks: [T-010, T-011]\ntags: [ui, login]\n# the team's own\nreviewer: Ana\n---\n" + body
	}
	var lines []string
	for i := range 40 {
		lines = append(lines, fmt.Sprintf("Line %d of the task's notes: what to do and why.", i))
	}
	body := strings.Join(lines, "\n") + "\n"
	write(dir, "note.base", note("T-002", "In Progress", body))
	write(dir, "note.ours", note("T-002, T-003", "In Progress", body))
	write(dir, "note.theirs", note("T-002, T-004", "Done", body))
	write(dir, "body.base", note("T-002", "In Progress", body))
	write(dir, "body.ours", note("T-002, T-003", "In Progress", strings.Replace(body, "Line 3 ", "Line three ", 1)))
	write(dir, "body.theirs", note("T-002, T-004", "Done", strings.Replace(body, "Line 30 ", "Line thirty ", 1)))

	base := &canvas.Canvas{}
	for i := range 2000 {
		n := &canvas.Node{ID: fmt.Sprintf("entity-T-%03d", i+1), Type: canvas.TypeFile, File: fmt.Sprintf("Projects/tasks/T-%03d Task %d.md", i+1, i+1),
			X: float64(i%50) * 450, Y: float64(i/50) * 200, Width: 400, Height: 120}
		if i%10 == 0 {
			n.ID, n.Type, n.File, n.Text = fmt.Sprintf("note-%d", i), canvas.TypeText, "", fmt.Sprintf("A note of the team's, number %d.", i)
		}
		must(base.AddNode(n))
		if i > 0 {
			must(base.AddEdge(&canvas.Edge{ID: fmt.Sprintf("e-%d", i), FromNode: base.Nodes[i-1].ID, ToNode: n.ID}))
		}
	}
	data := base.Bytes()
	write(dir, "canvas.base", string(data))
	side := func(from int, name string) string {
		c, err := canvas.Parse(data)
		must(err)
		for i := from; i < from+100; i++ {
			c.Nodes[i*3].X += 30
		}
		for i := range 10 {
			c.RemoveNode(c.Nodes[from+500+i*7].ID)
			must(c.AddNode(&canvas.Node{ID: fmt.Sprintf("%s-%d", name, i), Type: canvas.TypeText, Text: name, X: -500, Y: float64(i) * 150, Width: 200, Height: 100}))
		}
		return string(c.Bytes())
	}
	write(dir, "canvas.ours", side(0, "ours"))
	write(dir, "canvas.theirs", side(300, "theirs"))
}

func write(dir, name, data string) { must(os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644)) }

func must(err error) {
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "merge:", err)
	os.Exit(1)
}
