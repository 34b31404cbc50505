package merge_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/merge"
)

// seeds adds the golden cases of testdata/ with the extension ext.
func seeds(f *testing.F, ext string) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "*", "base"+ext))
	for _, b := range dirs {
		dir := filepath.Dir(b)
		read := func(side string) string { data, _ := os.ReadFile(filepath.Join(dir, side+ext)); return string(data) }
		f.Add(read("base"), read("ours"), read("theirs"))
	}
}

// Hostile front matter: the merge never panics; when it merged by meaning
// the output parses and its front matter holds no conflict markers;
// otherwise it fell back to the text merge, saying why.
func FuzzMergeFrontMatter(f *testing.F) {
	seeds(f, ".md")
	f.Add("", "---\nid: T-001\ntype: task\n---\n", "---\nid: T-001\ntype: task\ntitle: [x\n---\n")
	f.Add("---\na: &x [1]\n---\n", "---\nid: T-001\ntype: task\nb: *x\n---\n", "---\nid: T-001\ntype: task\n---\nbody\n")
	f.Fuzz(func(t *testing.T, base, ours, theirs string) {
		res, err := merge.Merge("T.md", []byte(base), []byte(ours), []byte(theirs), pureText)
		if err != nil {
			t.Fatal(err) // pureText never fails
		}
		if res.Kind != merge.KindEntity || res.Fallback != "" {
			return
		}
		doc, err := frontmatter.Parse(res.Data)
		if err != nil {
			t.Fatalf("the merged note does not parse: %v\n%s", err, res.Data)
		}
		if fm := res.Data[:len(res.Data)-len(doc.Body())]; bytes.Contains(fm, []byte("<<<<<<<")) && !bytes.Contains([]byte(ours+theirs), []byte("<<<<<<<")) {
			t.Fatalf("conflict markers in the front matter:\n%s", res.Data)
		}
	})
}

// Hostile canvases: never a panic; a meaning merge's output is valid JSON
// Canvas and holds only nodes one of the sides holds.
func FuzzMergeCanvas(f *testing.F) {
	seeds(f, ".canvas")
	f.Add(`{"nodes":[]}`, `{"nodes":[{"id":"a","type":"text","x":0,"y":0,"width":1,"height":1}]}`, `{"nodes":[{"id":"a","type":"text","x":5,"y":0,"width":1,"height":1,"text":"x"}],"edges":[{"id":"e","fromNode":"a","toNode":"b"}]}`)
	f.Fuzz(func(t *testing.T, base, ours, theirs string) {
		res, err := merge.Merge("P.canvas", []byte(base), []byte(ours), []byte(theirs), pureText)
		if err != nil {
			t.Fatal(err)
		}
		if res.Fallback != "" || bytes.Equal(res.Data, []byte(ours)) || bytes.Equal(res.Data, []byte(theirs)) {
			return
		}
		c, err := canvas.Parse(res.Data)
		if err != nil {
			t.Fatalf("the merged canvas does not parse: %v\n%s", err, res.Data)
		}
		oc, _ := canvas.Parse([]byte(ours))
		tc, _ := canvas.Parse([]byte(theirs))
		for _, n := range c.Nodes {
			// A node both added for different things: theirs renamed "id-2".
			renamed := strings.TrimRight(n.ID, "0123456789")
			if oc.Node(n.ID) == nil && tc.Node(n.ID) == nil && !(strings.HasSuffix(renamed, "-") && tc.Node(strings.TrimSuffix(renamed, "-")) != nil) {
				t.Fatalf("node %s comes from neither side", n.ID)
			}
		}
	})
}

// The state files (id counters, workspaces): never a panic; a meaning
// merge's output is JSON.
func FuzzMergeState(f *testing.F) {
	seeds(f, ".json")
	f.Fuzz(func(t *testing.T, base, ours, theirs string) {
		for _, name := range []string{".projectcanvas/sequence.json", ".projectcanvas/workspaces.json"} {
			res, err := merge.Merge(name, []byte(base), []byte(ours), []byte(theirs), pureText)
			if err != nil || res == nil {
				t.Fatal(err)
			}
			if res.Fallback == "" && (res.Kind == merge.KindWorkspaces || res.Kind == merge.KindSequence) &&
				!json.Valid(res.Data) && string(res.Data) != ours && string(res.Data) != theirs {
				t.Fatalf("%s: not JSON:\n%s", name, res.Data)
			}
		}
	})
}
