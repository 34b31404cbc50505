// Command site times projectcanvas site against projectcanvas index as a
// person runs them, whole processes (`make bench-site`), on a vault of
// 10,000 entities and 10,000 notes (projectcanvas gen): rounds of one index
// and one site, the one first or the other in turn (with BASE_BIN, a base
// build's index and site too, and the ratio of the two builds' sites,
// round by round). new-folder makes each site into a new folder, again
// over the site of the round before, where nothing changed. It prints each command's median wall and CPU time (the
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
// command makes 10,000 files in a probe folder, and waits while that takes
// over 40 µs a file.
//
// Usage: site BIN DIR [ROUNDS [BASE_BIN]]
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
	if len(os.Args) < 3 || len(os.Args) > 5 {
		fmt.Fprintln(os.Stderr, "usage: site BIN DIR [ROUNDS [BASE_BIN]]")
		os.Exit(2)
	}
	builds := []string{os.Args[1]}
	dir := os.Args[2]
	rounds := 8
	if len(os.Args) >= 4 {
		n, err := strconv.Atoi(os.Args[3])
		if err != nil || n < 1 {
			fail(fmt.Errorf("ROUNDS: %q is no positive number", os.Args[3]))
		}
		rounds = n
	}
	if len(os.Args) == 5 {
		builds = append(builds, os.Args[4])
	}
	vault := filepath.Join(dir, "vault")
	if _, err := os.Stat(vault); err != nil {
		run(builds[0], "gen", "--entities", "10000", "--docs", "10000", vault)
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
	fmt.Printf("%-17s %21s %21s %18s\n", "", "index wall / cpu", "site wall / cpu", "site/index")
	for b, bin := range builds {
		run(bin, "--vault", vault, "site", "-o", filepath.Join(out, "again"+strconv.Itoa(b))) // the site the again rounds remake
	}
	for _, c := range []struct {
		name   string
		folder func(build, round int) string
	}{
		{"new-folder", func(build, round int) string {
			return filepath.Join(out, "new"+strconv.Itoa(build), strconv.Itoa(round))
		}},
		{"again", func(build, _ int) string { return filepath.Join(out, "again"+strconv.Itoa(build)) }},
	} {
		index, site := make([][]timing, len(builds)), make([][]timing, len(builds))
		for round := range rounds {
			// Each build's index and site, the order turned round by round.
			var runs []func()
			for b, bin := range builds {
				runs = append(runs,
					func() { index[b] = append(index[b], run(bin, "--vault", vault, "index")) },
					func() { site[b] = append(site[b], run(bin, "--vault", vault, "site", "-o", c.folder(b, round))) })
			}
			for k := range runs {
				runs[(k+round)%len(runs)]()
			}
		}
		for b := range builds {
			name := c.name
			if b > 0 {
				name += " (base)"
			}
			fmt.Printf("%-17s %9s / %9s %9s / %9s %7.2fx / %5.2fx\n", name,
				mid(index[b], wall), mid(index[b], cpu), mid(site[b], wall), mid(site[b], cpu),
				median(index[b], site[b], wall), median(index[b], site[b], cpu))
		}
		if len(builds) > 1 {
			fmt.Printf("%-17s %43s %7.2fx / %5.2fx\n", c.name+": site", "this build against the base, round by round",
				median(site[1], site[0], wall), median(site[1], site[0], cpu))
		}
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

// median is the median over the rounds of the figure of b's run over a's.
func median(a, b []timing, of func(timing) time.Duration) float64 {
	ratios := make([]float64, len(a))
	for i := range a {
		ratios[i] = float64(of(b[i])) / float64(of(a[i]))
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

// waitForTheDisk makes 10,000 empty files in folders of a hundred under
// probe, as a site lays out its pages, and again every 30 seconds while
// that takes over 40 µs a file (about 15 on a quiet disk): the disk still
// slow from recent deletions. It gives up waiting after seven minutes.
func waitForTheDisk(probe string) {
	_ = exec.Command("sync").Run()
	deadline := time.Now().Add(7 * time.Minute)
	for try := 0; ; try++ {
		start := time.Now()
		for f := range 100 {
			folder := filepath.Join(probe, strconv.Itoa(try), strconv.Itoa(f))
			if err := os.MkdirAll(folder, 0o755); err != nil {
				fail(err)
			}
			for i := range 100 {
				file, err := os.Create(filepath.Join(folder, strconv.Itoa(i)))
				if err != nil {
					fail(err)
				}
				file.Close()
			}
		}
		perFile := time.Since(start) / 10_000
		if perFile <= 40*time.Microsecond || time.Now().After(deadline) {
			return
		}
		fmt.Fprintf(os.Stderr, "bench-site: new files take %v each, the disk still slow from recent deletions; waiting 30 s\n", perFile.Round(time.Microsecond))
		time.Sleep(30 * time.Second)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench-site:", err)
	os.Exit(1)
}
