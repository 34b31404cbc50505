// Package watch keeps a Project's index in step with a vault folder that
// other programs edit: a person in an editor, Obsidian, git. It watches the
// folder tree with fsnotify and, once events have been quiet for a moment,
// refreshes the changed files (Project.Refresh) or, after a burst such as a
// git checkout of a thousand files, rebuilds the whole index
// (Project.Reload), which is then cheaper and cannot miss a file.
//
// The native hosts (projectcanvas serve and mcp) run one watcher each; the
// editor plugin feeds its own vault events to the WebAssembly bridge instead.
package watch

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Sync reports what one flush did.
type Sync struct {
	Files    int      // files refreshed one by one
	Names    []string // their vault paths, sorted (other indexes, such as document search, follow them)
	Reloaded bool     // the whole index was rebuilt: any file may have changed
	Err      error
}

// Watcher watches one vault folder for one project.
type Watcher struct {
	project  *pc.Project
	root     string
	fsw      *fsnotify.Watcher
	quiet    time.Duration
	maxDelay time.Duration
	burst    int
	onSync   func(Sync)
	dirs     map[string]bool // folders being watched; only Run's goroutine touches it after New
}

// Option configures a Watcher.
type Option func(*Watcher)

// WithQuiet sets how long events must stop before the index is refreshed
// (default 20ms), and the longest a change waits under a continuous stream
// of events (default 200ms).
func WithQuiet(quiet, maxDelay time.Duration) Option {
	return func(w *Watcher) { w.quiet, w.maxDelay = quiet, maxDelay }
}

// WithBurst sets the number of changed files above which the whole index is
// rebuilt rather than refreshed file by file (default 256).
func WithBurst(n int) Option { return func(w *Watcher) { w.burst = n } }

// WithOnSync sets a function called after every flush (logging, tests).
func WithOnSync(f func(Sync)) Option { return func(w *Watcher) { w.onSync = f } }

// New starts watching root, the folder of project's vault. Call Run to
// process events and Close (or cancel Run's context) to stop.
func New(project *pc.Project, root string, opts ...Option) (*Watcher, error) {
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{project: project, root: filepath.Clean(root), fsw: fsw, quiet: 20 * time.Millisecond, maxDelay: 200 * time.Millisecond, burst: 256, dirs: map[string]bool{}}
	for _, o := range opts {
		o(w)
	}
	if err := w.addTree(w.root); err != nil {
		fsw.Close()
		return nil, err
	}
	return w, nil
}

// Close stops watching.
func (w *Watcher) Close() error { return w.fsw.Close() }

// addTree watches dir and every folder under it that the index reads.
func (w *Watcher) addTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // gone again before we got there
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if p != w.root && w.ignored(p) {
			return filepath.SkipDir
		}
		w.dirs[p] = true
		return w.fsw.Add(p)
	})
}

// rel returns the vault path of an absolute path.
func (w *Watcher) rel(p string) string {
	r, err := filepath.Rel(w.root, p)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(r)
}

func (w *Watcher) ignored(p string) bool {
	r := w.rel(p)
	return r == "" || strings.HasPrefix(r, "../") || pc.Hidden(r)
}

// Run processes events until ctx is done or the watcher is closed.
func (w *Watcher) Run(ctx context.Context) error {
	pending := map[string]bool{}
	reload := false
	var timer <-chan time.Time
	var first time.Time
	flush := func() {
		s := Sync{}
		if reload || len(pending) > w.burst {
			_, s.Err = w.project.Reload()
			s.Reloaded = true
		} else {
			names := slices.Sorted(maps.Keys(pending))
			s.Files, s.Names, s.Err = len(names), names, w.project.RefreshFiles(names)
		}
		clear(pending)
		reload, timer, first = false, nil, time.Time{}
		if w.onSync != nil {
			w.onSync(s)
		}
	}
	for {
		select {
		case <-ctx.Done():
			w.Close()
			return nil
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return nil
			}
			// An overflow or a lost watch: rebuild rather than guess.
			reload = err != nil || reload
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return nil
			}
			if w.ignored(ev.Name) {
				continue
			}
			if w.handle(ev, pending) {
				reload = true
			}
		case <-timer:
			flush()
			continue
		}
		now := time.Now()
		if first.IsZero() {
			first = now
		}
		wait := min(w.quiet, w.maxDelay-now.Sub(first))
		timer = time.After(max(wait, 0))
	}
}

// handle records one event; it reports whether the event needs a full
// rebuild (a folder appeared, vanished or moved: its files were not seen one
// by one).
func (w *Watcher) handle(ev fsnotify.Event, pending map[string]bool) bool {
	if ev.Has(fsnotify.Create) {
		if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
			_ = w.addTree(ev.Name)
			return true
		}
	}
	name := w.rel(ev.Name)
	if strings.HasSuffix(strings.ToLower(name), ".md") {
		pending[name] = true
		return false
	}
	// A watched folder removed or moved away: its files were not reported.
	if (ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename)) && w.dirs[ev.Name] {
		for d := range w.dirs {
			if d == ev.Name || strings.HasPrefix(d, ev.Name+string(filepath.Separator)) {
				delete(w.dirs, d)
			}
		}
		return true
	}
	return false
}
