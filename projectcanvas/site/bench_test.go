package site_test

import (
	"maps"
	"path/filepath"
	"testing"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/site"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// BenchmarkSiteVsIndex10k: projectcanvas site against projectcanvas index
// on one vault of 10,000 entities and 10,000 notes on the real file
// system, side by side: index opens the vault; site opens it and makes the
// site into a new folder (Generate, as the command does); site-again makes
// it over the last one, where nothing changed. Target: site within 3x of
// index.
//
// site's time is mostly its 10,000 new files, in folders of a hundred
// (one folder of 10,000 cost the kernel more). On ext4, a file's new inode
// skips those deleted in the last minutes (60 to 360 s on an ext4 without
// a journal), each skip a lookup in the kernel (recently_deleted in perf):
// for minutes after a run deleted thousands of files on the same disk
// (another -count, another job's temporary folders), making the same
// files takes seconds instead of a fraction of one. Read site on a quiet
// disk, with -count 1.
func BenchmarkSiteVsIndex10k(b *testing.B) {
	dir := b.TempDir()
	files := vaultgen.Files(10_000)
	maps.Copy(files, vaultgen.Notes(10_000, 10_000))
	if err := vaultgen.WriteFiles(dir, files); err != nil {
		b.Fatal(err)
	}
	open := func(b *testing.B, opts ...pc.Option) *pc.Project {
		fsys, err := osfs.New(dir)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { fsys.Close() })
		p, err := pc.Open(fsys, opts...)
		if err != nil || p.Len() != 10_000 {
			b.Fatalf("open: %v", err)
		}
		return p
	}
	build := func(b *testing.B, out string) {
		if _, err := site.Generate(open(b, pc.WithBodies()), site.Options{}, out); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("index", func(b *testing.B) {
		for b.Loop() {
			open(b)
		}
	})
	b.Run("site", func(b *testing.B) {
		for b.Loop() {
			build(b, b.TempDir())
		}
	})
	b.Run("site-again", func(b *testing.B) {
		out := filepath.Join(b.TempDir(), "site")
		build(b, out)
		for b.Loop() {
			build(b, out)
		}
	})
}
