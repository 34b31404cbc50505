package merge_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/merge"
)

// manyKeys is an entity note with n custom keys, the k-th set to v.
func manyKeys(n int, k int, v string) []byte {
	var b strings.Builder
	b.WriteString("---\nid: T-001\ntype: task\n")
	for i := range n {
		val := "x"
		if i == k {
			val = v
		}
		fmt.Fprintf(&b, "key%d: %s\n", i, val)
	}
	b.WriteString("---\nbody\n")
	return []byte(b.String())
}

// A front matter over the core's own limit is no entity note the tracker
// reads: it is merged by lines (git merge-file, linear), not key by key.
func TestFrontMatterOverTheCoreLimitMergesByLines(t *testing.T) {
	n := pc.MaxFrontMatterBytes/10 + 1000 // "key12345: x\n" is about 12 bytes
	base, ours, theirs := manyKeys(n, -1, ""), manyKeys(n, 5, "ours"), manyKeys(n, n-5, "theirs")
	res, err := merge.Merge("Projects/tasks/T-001 X.md", base, ours, theirs, gitText)
	require.NoError(t, err)
	assert.Contains(t, res.Fallback, "over the tracker's limit of 262144")
	assert.True(t, res.Clean())
	assert.Contains(t, string(res.Data), "key5: ours\n")
	assert.Contains(t, string(res.Data), fmt.Sprintf("key%d: theirs\n", n-5))
}

// A canvas over MaxCanvasBytes is merged by lines.
func TestCanvasOverTheLimitMergesByLines(t *testing.T) {
	big := strings.Repeat("x", merge.MaxCanvasBytes)
	side := func(text string) []byte {
		return []byte(`{"nodes":[{"id":"a","type":"text","text":"` + text + `","x":0,"y":0,"width":1,"height":1}],"edges":[]}` + "\n")
	}
	res, err := merge.Merge("Big.canvas", side(big), side(big+"o"), side("t"+big), gitText)
	require.NoError(t, err)
	assert.Contains(t, res.Fallback, "a canvas over 16777216 bytes is merged by lines")
}

// The key-by-key merge takes time linear in keys: the largest front matter
// the core reads (about 20,000 keys) merges in well under a second.
func BenchmarkMergeManyKeys(b *testing.B) {
	for _, n := range []int{2_000, 20_000} {
		base, ours, theirs := manyKeys(n, -1, ""), manyKeys(n, 5, "ours"), manyKeys(n, n-5, "theirs")
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				res, err := merge.Merge("Projects/tasks/T-001 X.md", base, ours, theirs, gitText)
				if err != nil || res.Fallback != "" {
					b.Fatal(err, res.Fallback)
				}
			}
		})
	}
}
