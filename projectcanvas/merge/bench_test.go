package merge_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/projectcanvas/projectcanvas/projectcanvas/merge"
)

// benchFiles writes the inputs of `make bench-merge` (bench/merge) to a
// temporary folder.
func benchFiles(b *testing.B) string {
	dir := b.TempDir()
	cmd := exec.Command("go", "run", "../../bench/merge", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Skipf("go run bench/merge: %v %s", err, out)
	}
	return dir
}

func benchMerge(b *testing.B, dir, prefix, name string) {
	read := func(side string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, prefix+"."+side))
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	base, ours, theirs := read("base"), read("ours"), read("theirs")
	b.SetBytes(int64(len(ours)))
	for b.Loop() {
		if _, err := merge.Merge(name, base, ours, theirs, gitText); err != nil {
			b.Fatal(err)
		}
	}
}

// The merge in the process; `make bench-merge` times the whole driver
// process (targets: an entity note under 5 ms, a canvas of 2,000 nodes
// under 50 ms).
func BenchmarkMerge(b *testing.B) {
	dir := benchFiles(b)
	b.Run("note", func(b *testing.B) { benchMerge(b, dir, "note", "Projects/tasks/T-001 Form.md") })
	b.Run("note-body-git", func(b *testing.B) { benchMerge(b, dir, "body", "Projects/tasks/T-001 Form.md") })
	b.Run("canvas-2000", func(b *testing.B) { benchMerge(b, dir, "canvas", "Projects.canvas") })
}
