// Command site times projectcanvas site against projectcanvas index as a
// person runs them, whole processes (`make bench-site`), on a vault of
// 10,000 entities and 10,000 notes (projectcanvas gen): rounds of one index
// and one site, the one first or the other in turn. new-folder makes each
// site into a new folder, again over the site of the round before, where
// nothing changed. It prints each command's median wall and CPU time (the
// children's user and system time) and the median of the rounds' ratios
// site/index, by wall and by CPU (target: at most 3).
//
// Each run starts with nothing left to write back (sync). The sites stay
// in DIR/run-TIME until the next invocation, which removes them first: a
// disk filling with the sites of every invocation made new files dearer,
// run after run. On an ext4 without a journal, a new file's inode skips
// those deleted in the last minutes, so for up to six minutes after a
// burst of deletions (those, or a test run's temporary folders) 10,000 new
// files take seconds instead of a fraction of one; before measuring, the
// command makes 2,000 files in a probe folder, and waits while that takes
// over 100 µs a file.
//
// Usage: site BIN DIR [ROUNDS]
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"time"
)

// timing is one run of a command.
type timing struct{ wall, cpu time.Duration }

func main() {
	if len(os.Args) < 3 || len(os.Args) > 4 {
		fmt.Fprintln(os.Stderr, "usage: site BIN DIR [ROUNDS]")
		os.Exit(2)
	}
	bin, dir := os.Args[1], os.Args[2]
	rounds := 8
	if len(os.Args) == 4 {
		n, err := strconv.Atoi(os.Args[3])
		if err != nil || n < 1 {
			fail(fmt.Errorf("ROUNDS: %q is no positive number", os.Args[3]))
		}
		rounds = n
	}
	vault := filepath.Join(dir, "vault")
	if _, err := os.Stat(vault); err != nil {
		run(bin, "gen", "--entities", "10000", "--docs", "10000", vault)
	}
	old, err := filepath.Glob(filepath.Join(dir, "run-*"))
	if err != nil {
		fail(err)
	}
	for _, folder := range old {
		if err := os.RemoveAll(folder); err != nil {
			fail(err)
		}
	}
	out := filepath.Join(dir, "run-"+time.Now().UTC().Format("20060102T150405"))
	waitForTheDisk(filepath.Join(out, "probe"))
	fmt.Printf("projectcanvas site against index, whole processes, %d rounds each, %s\n", rounds, vault)
	fmt.Printf("%-11s %21s %21s %18s\n", "", "index wall / cpu", "site wall / cpu", "site/index")
	again := filepath.Join(out, "again")
	run(bin, "--vault", vault, "site", "-o", again) // the site the again rounds remake
	for _, c := range []struct {
		name   string
		folder func(round int) string
	}{
		{"new-folder", func(round int) string { return filepath.Join(out, "new", strconv.Itoa(round)) }},
		{"again", func(int) string { return again }},
	} {
		var index, site []timing
		for round := range rounds {
			i := func() { index = append(index, run(bin, "--vault", vault, "index")) }
			s := func() { site = append(site, run(bin, "--vault", vault, "site", "-o", c.folder(round))) }
			if round%2 == 0 {
				i()
				s()
			} else {
				s()
				i()
			}
		}
		wallRatio := median(index, site, func(t timing) time.Duration { return t.wall })
		cpuRatio := median(index, site, func(t timing) time.Duration { return t.cpu })
		fmt.Printf("%-11s %9s / %9s %9s / %9s %7.2fx / %5.2fx\n", c.name,
			mid(index, wall), mid(index, cpu), mid(site, wall), mid(site, cpu), wallRatio, cpuRatio)
	}
}

func wall(t timing) time.Duration { return t.wall }
func cpu(t timing) time.Duration  { return t.cpu }

// run runs the binary with args, failing on any error, and times it.
// First, untimed, sync writes out what the runs before left to write, so
// that no run pays for the writeback of another's files (a site's 40 MB).
func run(bin string, args ...string) timing {
	_ = exec.Command("sync").Run() // where there is no sync, nothing to do
	cmd := exec.Command(bin, args...)
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fail(fmt.Errorf("%s %v: %w", bin, args, err))
	}
	elapsed := time.Since(start)
	return timing{elapsed, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
}

// median is the median over the rounds of site's figure over index's.
func median(index, site []timing, of func(timing) time.Duration) float64 {
	ratios := make([]float64, len(index))
	for i := range index {
		ratios[i] = float64(of(site[i])) / float64(of(index[i]))
	}
	slices.Sort(ratios)
	return ratios[len(ratios)/2]
}

// mid is the median of the runs' figure, rounded to the millisecond.
func mid(runs []timing, of func(timing) time.Duration) time.Duration {
	d := make([]time.Duration, len(runs))
	for i, t := range runs {
		d[i] = of(t)
	}
	slices.Sort(d)
	return d[len(d)/2].Round(time.Millisecond)
}

// waitForTheDisk makes 2,000 empty files in a new folder under probe,
// again every 20 seconds while that takes over 100 µs a file (the disk
// still slow from recent deletions), for at most seven minutes.
func waitForTheDisk(probe string) {
	deadline := time.Now().Add(7 * time.Minute)
	for try := 0; ; try++ {
		folder := filepath.Join(probe, strconv.Itoa(try))
		if err := os.MkdirAll(folder, 0o755); err != nil {
			fail(err)
		}
		start := time.Now()
		for i := range 2000 {
			f, err := os.Create(filepath.Join(folder, strconv.Itoa(i)))
			if err != nil {
				fail(err)
			}
			f.Close()
		}
		perFile := time.Since(start) / 2000
		if perFile <= 100*time.Microsecond || time.Now().After(deadline) {
			return
		}
		fmt.Fprintf(os.Stderr, "bench-site: new files take %v each, the disk still slow from recent deletions; waiting 20 s\n", perFile)
		time.Sleep(20 * time.Second)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench-site:", err)
	os.Exit(1)
}
