package site_test

import (
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/site"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// BenchmarkSiteVsIndex10k: projectcanvas site against projectcanvas index
// on one vault of 10,000 entities and 10,000 notes on the real file
// system, side by side: each round opens the vault as index does, then
// opens it and makes the site as the command does (Generate), and the
// rounds' ratios give site/index (their median). new-folder makes each
// site into a new folder, again over the site of the round before, where
// nothing changed. The target (site at most 3x index) is read from make
// bench-site, the commands as whole processes, as a person runs them: in
// one process index gains more from a heap already grown than site does,
// and the ratio here reads a tenth higher.
//
// A site's new folder is most of its time in the kernel: 10,000 new files,
// in folders of a hundred (one folder of 10,000 cost the kernel more). On
// an ext4 without a journal, a file's new inode skips those deleted in the
// last minutes (60 to 360 s), each skip a lookup (recently_deleted in
// perf): for minutes after a burst of deletions on the same disk (another
// job's temporary folders, another -count of this benchmark) making the
// same files takes seconds. So no folder is deleted between the rounds;
// read new-folder on a quiet disk, with -count 1.
func BenchmarkSiteVsIndex10k(b *testing.B) {
	dir := b.TempDir()
	files := vaultgen.Files(10_000)
	maps.Copy(files, vaultgen.Notes(10_000, 10_000))
	if err := vaultgen.WriteFiles(dir, files); err != nil {
		b.Fatal(err)
	}
	sites := b.TempDir() // removed once every round is done
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
	// rounds times pairs of index and site, three an iteration, the one
	// first or the other in turn, after a first pair left out (the heap
	// and the page cache grown once).
	rounds := func(b *testing.B, out func(round int) string) {
		var ratios []float64
		var indexTime, siteTime time.Duration
		pair := func(round int) (index, made time.Duration) {
			timed := func(f func()) time.Duration {
				start := time.Now()
				f()
				return time.Since(start)
			}
			indexRun := func() { index = timed(func() { open(b) }) }
			siteRun := func() {
				made = timed(func() {
					if _, err := site.Generate(open(b, pc.WithBodies()), site.Options{}, out(round)); err != nil {
						b.Fatal(err)
					}
				})
			}
			if round%2 == 0 {
				indexRun()
				siteRun()
			} else {
				siteRun()
				indexRun()
			}
			return index, made
		}
		pair(-1)
		round := 0
		for b.Loop() {
			for range 3 {
				i, s := pair(round)
				round++
				indexTime, siteTime = indexTime+i, siteTime+s
				ratios = append(ratios, float64(s)/float64(i))
			}
		}
		slices.Sort(ratios)
		b.ReportMetric(float64(indexTime.Milliseconds())/float64(len(ratios)), "index-ms/round")
		b.ReportMetric(float64(siteTime.Milliseconds())/float64(len(ratios)), "site-ms/round")
		b.ReportMetric(ratios[len(ratios)/2], "site/index")
	}
	b.Run("new-folder", func(b *testing.B) {
		rounds(b, func(round int) string { return filepath.Join(sites, "new"+strconv.Itoa(round)) })
	})
	b.Run("again", func(b *testing.B) {
		rounds(b, func(int) string { return filepath.Join(sites, "again") })
	})
}
