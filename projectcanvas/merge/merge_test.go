package merge_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/merge"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// gitText is the text merge of the tests: git merge-file, as the driver
// runs it.
var gitText = merge.GitText(merge.Labels{})

// Each folder of testdata/ holds base, ours and theirs of one file (and
// its path in path.txt when the extension does not tell it); the merge is
// compared with merged.<ext> and its report with result.txt (-update
// rewrites them).
func TestMergeGolden(t *testing.T) {
	dirs, err := os.ReadDir("testdata")
	require.NoError(t, err)
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "fuzz" {
			continue
		}
		t.Run(d.Name(), func(t *testing.T) {
			dir := filepath.Join("testdata", d.Name())
			bases, _ := filepath.Glob(filepath.Join(dir, "base.*"))
			require.Len(t, bases, 1)
			ext := filepath.Ext(bases[0])
			read := func(side string) []byte {
				data, err := os.ReadFile(filepath.Join(dir, side+ext))
				require.NoError(t, err)
				return data
			}
			name := map[string]string{".md": "Projects/tasks/T-001 Form.md", ".canvas": "Projects.canvas", ".json": ".projectcanvas/sequence.json"}[ext]
			if p, err := os.ReadFile(filepath.Join(dir, "path.txt")); err == nil {
				name = strings.TrimSpace(string(p)) // the file's path in the vault, when the extension does not tell
			}
			res, err := merge.Merge(name, read("base"), read("ours"), read("theirs"), gitText)
			require.NoError(t, err)
			report := report(res)
			golden(t, filepath.Join(dir, "merged"+ext), res.Data)
			golden(t, filepath.Join(dir, "result.txt"), []byte(report))
			checkValid(t, res, ext)
		})
	}
}

func report(res *merge.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: %s\nclean: %t\n", res.Kind, res.Clean())
	if res.Fallback != "" {
		fmt.Fprintf(&b, "fallback: %s\n", res.Fallback)
	}
	for _, c := range res.Conflicts {
		fmt.Fprintf(&b, "conflict: %s\n", c)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run: go test ./projectcanvas/merge -update")
	assert.Equal(t, string(want), string(got), "%s (run -update after a deliberate change)", path)
}

// checkValid: a meaning merge's output always parses, conflict or not, and
// front matter never holds conflict markers.
func checkValid(t *testing.T, res *merge.Result, ext string) {
	t.Helper()
	if res.Fallback != "" {
		return
	}
	switch res.Kind {
	case merge.KindEntity:
		doc, err := frontmatter.Parse(res.Data)
		require.NoError(t, err)
		_, hasConflicts := doc.Strings(merge.ConflictKey)
		assert.Equal(t, !res.Clean(), hasConflicts, "conflicts are listed in the front matter")
		fm := res.Data[:len(res.Data)-len(doc.Body())]
		assert.NotContains(t, string(fm), "<<<<<<<")
	case merge.KindCanvas:
		_, err := canvas.Parse(res.Data)
		require.NoError(t, err)
	}
}
