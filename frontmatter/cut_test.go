package frontmatter

import (
	"bytes"
	"slices"
	"testing"
)

// TestCutFile checks that CutFile then Parse reads a file as Parse does,
// that Body is BodyOf's, and that a refused file has no body.
func TestCutFile(t *testing.T) {
	inputs := [][]byte{simpleEntityFile, []byte("no front matter\n"), []byte("---\na: [1\n---\nbad YAML\n"), []byte("---\nunclosed: x\n")}
	for _, in := range testdataInputs(t) {
		inputs = append(inputs, readFile(t, in))
	}
	for _, src := range inputs {
		c, err := CutFile(slices.Clone(src))
		body, berr := BodyOf(src)
		if (err == nil) != (berr == nil) || !bytes.Equal(c.Body(), body) {
			t.Fatalf("%q: CutFile gave body %q, %v; BodyOf %q, %v", src, c.Body(), err, body, berr)
		}
		want, werr := Parse(src)
		if err != nil {
			if werr == nil || c.Body() != nil {
				t.Fatalf("%q: CutFile refused it (%v), Parse did not, or a body came back", src, err)
			}
			continue
		}
		got, gerr := c.Parse()
		if (gerr == nil) != (werr == nil) {
			t.Fatalf("%q: Cut.Parse error %v, Parse %v", src, gerr, werr)
		}
		if gerr != nil {
			continue
		}
		if !bytes.Equal(got.Bytes(), src) || !slices.Equal(got.Keys(), want.Keys()) || !bytes.Equal(got.Body(), want.Body()) {
			t.Fatalf("%q: Cut.Parse reads it otherwise than Parse", src)
		}
	}
}
