package projectcanvas_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// TestMain doubles as the child process of TestTwoProcessesShareIDs: with
// PC_CHILD_VAULT set, it creates PC_CHILD_COUNT tasks there and exits.
func TestMain(m *testing.M) {
	if dir := os.Getenv("PC_CHILD_VAULT"); dir != "" {
		os.Exit(childCreate(dir, os.Getenv("PC_CHILD_COUNT")))
	}
	os.Exit(m.Run())
}

func childCreate(dir, count string) int {
	var n int
	fmt.Sscan(count, &n)
	fsys, err := osfs.New(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	p, err := pc.Open(fsys)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for i := range n {
		if _, err := p.Create(pc.Milestone, map[string]any{"title": fmt.Sprintf("pid %d #%d", os.Getpid(), i)}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

func TestConcurrentCreatesGetUniqueSequentialIDs(t *testing.T) {
	p, _ := seeded(t)
	const workers, each = 8, 125
	var wg sync.WaitGroup
	ids := make(chan pc.ID, workers*each)
	for w := range workers {
		wg.Go(func() {
			for i := range each {
				e, err := p.Create(pc.Task, map[string]any{"title": fmt.Sprintf("w%d-%d", w, i), "parent": "S-001"})
				if err != nil {
					t.Error(err)
					return
				}
				ids <- e.ID
			}
		})
	}
	wg.Wait()
	close(ids)
	seen := map[pc.ID]bool{}
	for id := range ids {
		require.False(t, seen[id], "id %s handed out twice", id)
		seen[id] = true
	}
	// T-001 and T-002 existed; the 1,000 new ones are exactly T-003..T-1002.
	require.Len(t, seen, workers*each)
	for n := 3; n <= 1002; n++ {
		assert.True(t, seen[pc.NewID(pc.Task, n)], "missing %s", pc.NewID(pc.Task, n))
	}
	assert.Len(t, p.Children("S-001"), 1002)
}

func TestTwoProcessesShareIDs(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	dir := t.TempDir()
	const perProcess = 100
	var cmds []*exec.Cmd
	for range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "PC_CHILD_VAULT="+dir, fmt.Sprintf("PC_CHILD_COUNT=%d", perProcess))
		cmd.Stderr = os.Stderr
		require.NoError(t, cmd.Start())
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		require.NoError(t, cmd.Wait())
	}
	files, err := filepath.Glob(filepath.Join(dir, "Projects", "milestones", "*.md"))
	require.NoError(t, err)
	var ids []string
	for _, f := range files {
		ids = append(ids, strings.SplitN(filepath.Base(f), " ", 2)[0])
	}
	sort.Strings(ids)
	require.Len(t, ids, 2*perProcess, "every create wrote its own file")
	for i, id := range ids {
		assert.Equal(t, string(pc.NewID(pc.Milestone, i+1)), id)
	}
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	assert.Equal(t, 2*perProcess, p.Len())
	assert.Empty(t, p.Problems())
}
