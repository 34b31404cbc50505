package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

var loadRequests = flag.Int("load.requests", 60, "requests per client in TestLoad (the issue's full load: 500)")

const loadClients = 16

// TestLoad runs 16 clients sending mixed requests (create, update, get,
// list, search) to a real server while a person edits files by hand. It
// checks that nothing unexpected fails, no id is handed out twice, no edit
// is lost (neither the clients' nor the person's) and every file is valid.
// go test ./cmd/projectcanvas -run TestLoad -load.requests 500 is the full
// version.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test")
	}
	vault := t.TempDir()
	ts := startTestServer(t, vault)
	ctx := context.Background()
	status, _, err := ts.do(ctx, "POST", "/entities", map[string]any{"type": "milestone", "data": map[string]any{"title": "Load"}})
	require.NoError(t, err)
	require.Equal(t, 201, status)
	status, _, err = ts.do(ctx, "POST", "/entities", map[string]any{"type": "story", "data": map[string]any{"title": "Load story", "parent": "M-001"}})
	require.NoError(t, err)
	require.Equal(t, 201, status)

	// The hand editor rewrites its own notes while the load runs.
	stopEditing := make(chan struct{})
	handDone := make(chan int)
	go func() { handDone <- handEdit(t, vault, stopEditing) }()

	type clientResult struct {
		created []string
		titles  map[string]string // id -> last title this client set
		gets    []time.Duration
		errs    []string
	}
	results := make([]clientResult, loadClients)
	var wg sync.WaitGroup
	for c := range loadClients {
		wg.Go(func() {
			r := &results[c]
			r.titles = map[string]string{}
			rng := rand.New(rand.NewPCG(uint64(c), 7))
			for i := range *loadRequests {
				var status int
				var out map[string]any
				var err error
				switch op := rng.IntN(10); {
				case op < 2 || len(r.created) == 0:
					status, out, err = ts.do(ctx, "POST", "/entities", map[string]any{"type": "task", "data": map[string]any{"title": fmt.Sprintf("c%d task %d", c, i), "parent": "S-001"}})
					if err == nil && status == 201 {
						r.created = append(r.created, out["id"].(string))
						r.titles[out["id"].(string)] = fmt.Sprintf("c%d task %d", c, i)
					}
				case op < 4:
					id := r.created[rng.IntN(len(r.created))]
					title := fmt.Sprintf("c%d edit %d", c, i)
					status, out, err = ts.do(ctx, "PUT", "/entities/"+id, map[string]any{"data": map[string]any{"title": title}})
					if err == nil && status == 200 {
						r.titles[id] = title
					}
				case op < 7:
					id := r.created[rng.IntN(len(r.created))]
					began := time.Now()
					status, out, err = ts.do(ctx, "GET", "/entities/"+id, nil)
					r.gets = append(r.gets, time.Since(began))
				case op < 9:
					status, out, err = ts.do(ctx, "GET", "/entities?type=task&max_items=50", nil)
				default:
					status, out, err = ts.do(ctx, "POST", "/tools/search_entities", map[string]any{"query": fmt.Sprintf("c%d", c)})
				}
				if err != nil || status >= 300 {
					r.errs = append(r.errs, fmt.Sprintf("status %d: %v %v", status, err, out))
				}
			}
		})
	}
	wg.Wait()
	close(stopEditing)
	handTitle := <-handDone

	var all []string
	var gets []time.Duration
	for _, r := range results {
		assert.Empty(t, r.errs)
		all = append(all, r.created...)
		gets = append(gets, r.gets...)
		for id, title := range r.titles {
			status, out, err := ts.do(ctx, "GET", "/entities/"+id+"?fields=title", nil)
			require.NoError(t, err)
			require.Equal(t, 200, status)
			assert.Equal(t, title, out["title"], "lost edit on %s", id)
		}
	}
	sorted := slices.Clone(all)
	slices.Sort(sorted)
	assert.Equal(t, len(sorted), len(slices.Compact(sorted)), "an id was handed out twice")

	// The person's last edit is what the server answers.
	require.Eventually(t, func() bool {
		_, out, err := ts.do(ctx, "GET", "/entities/F-900?fields=title", nil)
		return err == nil && out["title"] == fmt.Sprintf("Hand edit %d", handTitle)
	}, 5*time.Second, 5*time.Millisecond)

	// Every file is valid: a fresh load of the folder finds no problem and
	// the same entities.
	ts.stop(t)
	fsys, err := osfs.New(vault)
	require.NoError(t, err)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	assert.Empty(t, p.Problems())
	assert.Equal(t, len(all)+3, p.Len(), "milestone, story, hand-made feature and every created task")

	slices.Sort(gets)
	if len(gets) > 0 {
		t.Logf("%d clients x %d requests; get_entity over HTTP: p50 %v, p99 %v (n=%d)", loadClients, *loadRequests,
			gets[len(gets)/2], gets[len(gets)*99/100], len(gets))
	}
}

// handEdit plays a person rewriting a note in an editor until stop closes;
// it returns the number of the last edit it saved.
func handEdit(t *testing.T, vault string, stop <-chan struct{}) int {
	path := filepath.Join(vault, "Notes", "F-900 Hand made.md")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Error(err)
		return 0
	}
	for i := 0; ; i++ {
		body := fmt.Sprintf("---\nid: F-900\ntype: feature\ntitle: Hand edit %d\nstatus: Planned\nmy_key: kept\n---\nNotes, edit %d.\n", i, i)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Error(err)
			return i
		}
		select {
		case <-stop:
			return i
		case <-time.After(3 * time.Millisecond):
		}
	}
}

// Clients that hang up in the middle of their calls leave every file valid,
// and the server keeps serving.
func TestClientDisconnectMidCall(t *testing.T) {
	vault := t.TempDir()
	ts := startTestServer(t, vault)
	ctx := context.Background()
	status, _, err := ts.do(ctx, "POST", "/entities", map[string]any{"type": "milestone", "data": map[string]any{"title": "M"}})
	require.NoError(t, err)
	require.Equal(t, 201, status)
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			cctx, cancel := context.WithTimeout(ctx, time.Duration(i%8)*500*time.Microsecond)
			defer cancel()
			ts.do(cctx, "POST", "/entities", map[string]any{"type": "story", "data": map[string]any{"title": fmt.Sprintf("S %d", i), "parent": "M-001"}})
		})
	}
	wg.Wait()
	status, _, err = ts.do(ctx, "GET", "/entities?max_items=200", nil)
	require.NoError(t, err)
	require.Equal(t, 200, status, "the server keeps serving")
	ts.stop(t) // waits for the handlers whose clients hung up
	fsys, err := osfs.New(vault)
	require.NoError(t, err)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	assert.Empty(t, p.Problems())
	ids := func(p *pc.Project) (out []pc.ID) {
		for _, e := range p.All() {
			out = append(out, e.ID)
		}
		return out
	}
	assert.Equal(t, ids(p), ids(ts.env.Project), "the server's index and the folder agree")
	for _, e := range p.All() {
		if e.Type == pc.Story {
			assert.Equal(t, pc.ID("M-001"), e.Parent)
		}
	}
}
