package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// crashClock is the fixed time of the crash test's children, so that a
// run's result is the same byte for byte every time.
var crashClock = func() time.Time { return time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC) }

// crashOp is a CLI run that writes many files, to be killed midway.
type crashOp struct {
	name  string
	tool  string
	input string
}

// crashOps builds the operations over the vault files: an atomic batch of
// creates chained by depends_on, an atomic batch of archives, and cleanup.
func crashOps(files map[string]string, n int) []crashOp {
	var creates []map[string]any
	for i := range n {
		payload := map[string]any{"title": fmt.Sprintf("Crash step %d", i), "parent": "S-001"}
		if i > 0 {
			payload["depends_on"] = []string{fmt.Sprintf("{{c%d}}", i-1)}
		}
		creates = append(creates, map[string]any{"op": "create", "type": "task", "client_id": fmt.Sprintf("c%d", i), "data": payload})
	}
	var archives []map[string]any
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if id, ok := strings.CutPrefix(filepath.Base(name), "T-"); ok && len(archives) < n/3 && strings.HasPrefix(name, "Projects/tasks/") {
			archives = append(archives, map[string]any{"op": "archive", "id": "T-" + strings.SplitN(id, " ", 2)[0]})
		}
	}
	batch := func(ops []map[string]any) string {
		data, _ := json.Marshal(map[string]any{"ops": ops, "options": map[string]any{"atomic": true}})
		return string(data)
	}
	return []crashOp{
		{"batch of creates", "batch_update", batch(creates)},
		{"batch of archives", "batch_update", batch(archives)},
		{"cleanup", "cleanup_completed", `{"include_orphaned":true}`},
	}
}

// crashVault is a small vault: a milestone, a story, a feature, a note
// that is not an entity, and n tasks, every third one completed, each
// depending on the one before and implementing the feature.
func crashVault(t testing.TB, n int) map[string]string {
	t.Helper()
	mem := memfs.New(map[string]string{"Notes/Ideas.md": "# Ideas\n\nNot an entity; must survive.\n"})
	p, err := pc.Open(mem, pc.WithClock(crashClock))
	require.NoError(t, err)
	_, err = p.Write(func(tx *pc.Tx) error {
		m, _ := tx.Create(pc.Milestone, map[string]any{"title": "Crash"})
		s, _ := tx.Create(pc.Story, map[string]any{"title": "Kills", "parent": string(m.ID)})
		f, _ := tx.Create(pc.Feature, map[string]any{"title": "Safety", "tier": "OSS", "phase": "MVP"})
		prev := []any{}
		for i := range n {
			data := map[string]any{"title": fmt.Sprintf("Filler %d", i), "parent": string(s.ID), "depends_on": prev, "implements": []any{string(f.ID)}}
			if i%3 == 0 {
				data["status"] = "Completed"
			}
			e, err := tx.Create(pc.Task, data)
			if err != nil {
				return err
			}
			prev = []any{string(e.ID)}
		}
		return nil
	})
	require.NoError(t, err)
	return mem.Files()
}

// snapshot reads every file under dir but the lock file.
func snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if rel == ".projectcanvas/lock" {
			return nil
		}
		data, err := os.ReadFile(p)
		out[rel] = string(data)
		return err
	})
	require.NoError(t, err)
	return out
}

// restoreVault makes dir hold exactly files.
func restoreVault(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	require.NoError(t, os.RemoveAll(dir))
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
	}
}

// startCLI starts the CLI as a child process running one tool.
func startCLI(t testing.TB, dir, tool, input string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	args, _ := json.Marshal([]string{"--vault", dir, "tool", tool, "-"})
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "PC_CRASH_ARGS="+string(args))
	cmd.Stdin = strings.NewReader(input)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	return cmd, &out
}

var tempName = regexp.MustCompile(`(^|/)\.(projectcanvas-[0-9a-f]+|pc-[0-9]+)\.tmp$`)

// writePhase is when, after the start of a command, its journal existed.
type writePhase struct{ from, to time.Duration }

// watchJournal reports when the journal first and last existed in dir,
// polling until it is gone or stop is closed.
func watchJournal(dir string, start time.Time, stop <-chan struct{}) <-chan writePhase {
	out := make(chan writePhase, 1)
	go func() {
		var w writePhase
		for {
			_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(pc.JournalPath)))
			switch {
			case err == nil && w.from == 0:
				w.from = time.Since(start)
			case err != nil && w.from != 0:
				w.to = time.Since(start)
				out <- w
				return
			}
			select {
			case <-stop:
				out <- w
				return
			case <-time.After(200 * time.Microsecond):
			}
		}
	}()
	return out
}

// killWindow is when to kill a command: while its journal exists, give or
// take a little, as learnt from the runs so far (runs speed up as caches
// warm, and slow down when the machine is busy).
type killWindow struct{ from, to time.Duration }

func (k *killWindow) learn(w writePhase) {
	if w.from > 0 {
		k.from = (k.from + w.from) / 2
	}
	if w.to > 0 {
		k.to = (k.to + w.to) / 2
	}
}

func (k *killWindow) pick(rng *rand.Rand) time.Duration {
	from := k.from * 9 / 10
	span := max(k.to-k.from, 0)*11/10 + k.from/10
	return from + time.Duration(rng.Int64N(int64(span)+1))
}

// crashStats counts what the kills of one operation hit.
type crashStats struct {
	kills, midWrite, before, after, temps int
}

// TestCrashKillsLeaveBeforeOrAfter runs writing CLI commands as child
// processes and kills them with SIGKILL at random moments. After each kill
// the next open must find the vault as it was before the command or as
// the command leaves it, byte for byte, with no temporary file, no id on
// two files, and a create that works. PC_CRASH_KILLS sets the number of
// kills per operation (make crash raises it).
func TestCrashKillsLeaveBeforeOrAfter(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	kills := 34
	if s := os.Getenv("PC_CRASH_KILLS"); s != "" {
		var err error
		kills, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	base := crashVault(t, 60)
	var report []string
	var reportMu sync.Mutex
	t.Cleanup(func() {
		if path := os.Getenv("PC_CRASH_REPORT"); path != "" {
			slices.Sort(report)
			require.NoError(t, os.WriteFile(path, []byte(strings.Join(report, "\n")+"\n"), 0o644))
		}
	})
	for _, op := range crashOps(base, 150) {
		t.Run(op.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "vault")
			rng := rand.New(rand.NewPCG(seed, uint64(len(op.name))))
			// The state after, and how long the command takes.
			restoreVault(t, dir, base)
			start := time.Now()
			cmd, out := startCLI(t, dir, op.tool, op.input)
			stop := make(chan struct{})
			writing := watchJournal(dir, start, stop)
			require.NoError(t, cmd.Wait(), out.String())
			took := time.Since(start)
			close(stop)
			w := <-writing
			require.NotZero(t, w.to, "no journal seen")
			window := killWindow(w)
			after := snapshot(t, dir)
			require.NotEqual(t, base, after, "the operation changed nothing: %s", out)
			var st crashStats
			for range kills {
				restoreVault(t, dir, base)
				start := time.Now()
				cmd, _ := startCLI(t, dir, op.tool, op.input)
				stop := make(chan struct{})
				writing := watchJournal(dir, start, stop)
				time.Sleep(window.pick(rng))
				_ = cmd.Process.Signal(syscall.SIGKILL)
				_ = cmd.Wait()
				close(stop)
				window.learn(<-writing)
				st.kills++
				left := snapshot(t, dir)
				if _, ok := left[pc.JournalPath]; ok {
					st.midWrite++
				}
				for name := range left {
					if tempName.MatchString(name) {
						st.temps++
					}
				}
				checkRecovered(t, dir, base, after, &st)
			}
			t.Logf("%s: %d kills in %v runs (writing from about %v to %v), %d during the writes (journal present), %d temporary files left by kills; after recovery %d as before, %d as after",
				op.name, st.kills, took.Round(time.Millisecond), window.from.Round(time.Millisecond), window.to.Round(time.Millisecond), st.midWrite, st.temps, st.before, st.after)
			reportMu.Lock()
			report = append(report, fmt.Sprintf("%s|%d|%d|%d|%d|%d", op.name, st.kills, st.midWrite, st.temps, st.before, st.after))
			reportMu.Unlock()
		})
	}
}

// checkRecovered opens the vault after a kill and checks it.
func checkRecovered(t *testing.T, dir string, before, after map[string]string, st *crashStats) {
	t.Helper()
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	defer fsys.Close()
	p, err := pc.Open(fsys, pc.WithClock(crashClock))
	require.NoError(t, err)
	got := snapshot(t, dir)
	switch {
	case maps.Equal(got, before):
		st.before++
	case maps.Equal(got, after):
		st.after++
	default:
		t.Fatalf("after a kill and recovery %v the vault is neither as before nor as after the command:\n%s", p.Recovered(), describeDiff(before, after, got))
	}
	for name := range got {
		require.False(t, tempName.MatchString(name), "temporary file %s left after open", name)
	}
	for _, pr := range p.Problems() {
		require.NotEqual(t, "duplicate_id", pr.Kind, "%s", pr.Message)
	}
	_, err = p.Create(pc.Decision, map[string]any{"title": "After the kill"})
	require.NoError(t, err, "a create after recovery")
}

func describeDiff(before, after, got map[string]string) string {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(got)) {
		if before[name] != got[name] && after[name] != got[name] {
			fmt.Fprintf(&b, "  %s differs from both\n", name)
		}
	}
	for name := range after {
		if _, ok := got[name]; !ok {
			if _, was := before[name]; !was {
				fmt.Fprintf(&b, "  %s (created) missing\n", name)
			}
		}
	}
	return b.String()
}

func pcHash(s string) pc.Hash { return pc.HashOf([]byte(s)) }
