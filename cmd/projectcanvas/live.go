package main

import (
	"context"
	"fmt"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpclient"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/watch"
)

// openLive opens the vault for a long-running host (serve, mcp): the
// project, its document search index, and a watcher that keeps both in
// step with edits made by anyone else. The search index is built in the
// background, so the host answers at once (msrl_status says indexing
// meanwhile; searches wait for it). stop ends the watcher and saves the
// search index's cache. fsys is the vault's folder (its Root, its Races).
func (c *cli) openLive(ctx context.Context) (env *tools.Env, fsys *osfs.FS, stop func(), err error) {
	fsys, err = osfs.New(c.vaultDir)
	if err != nil {
		return nil, nil, nil, err
	}
	p, err := pc.Open(fsys)
	if err != nil {
		return nil, nil, nil, err
	}
	printRecovered(c.stderr, p.Recovered())
	// One read per processor; a write under way keeps one for itself
	// (pc.ReadGate).
	env = &tools.Env{Project: p, Transport: httpclient.New(), Reads: pc.NewReadGate(runtime.GOMAXPROCS(0)), Embeddings: c.embeddings}
	if opt, err := env.Embeddings.Option(env.Transport); err != nil {
		// search_docs will report the broken setting; everything else works.
		fmt.Fprintln(c.stderr, "projectcanvas: document search is off:", err)
	} else {
		env.Docs = docsearch.New(fsys, opt)
	}
	ctx, cancel := context.WithCancel(ctx)
	w, err := watch.New(p, fsys.Root(), watch.WithOnSync(func(s watch.Sync) {
		if s.Err != nil {
			fmt.Fprintln(c.stderr, "projectcanvas: watching the vault:", s.Err)
		}
		if err := followDocs(ctx, env.Docs, s); err != nil {
			fmt.Fprintln(c.stderr, "projectcanvas: updating the document index:", err)
		}
	}))
	if err != nil {
		cancel()
		return nil, nil, nil, fmt.Errorf("watching %s: %w", fsys.Root(), err)
	}
	done := make(chan struct{})
	go func() { defer close(done); w.Run(ctx) }()
	built := make(chan struct{})
	go func() {
		defer close(built)
		if env.Docs == nil {
			return
		}
		env.Docs.SetWatching(true)
		// The watcher is already on: no edit falls between the build's
		// reading of the vault and the events.
		if err := env.Docs.Rebuild(ctx); err != nil {
			fmt.Fprintln(c.stderr, "projectcanvas: indexing the documents:", err)
		}
		_ = env.Docs.Save() // a cache that cannot be written only costs time at the next start
		// The build and the cache's encoding peak at twice the index or
		// more; give that back to the system now rather than over minutes.
		debug.FreeOSMemory()
	}()
	return env, fsys, func() {
		cancel()
		<-done
		<-built
		if env.Docs != nil {
			env.Docs.SetWatching(false)
			if err := env.Docs.Save(); err != nil {
				fmt.Fprintln(c.stderr, "projectcanvas: saving the document index:", err)
			}
		}
	}, nil
}

// followDocs brings the document search index up to date with one flush
// of the watcher: the files it names, or the whole vault after a burst.
func followDocs(ctx context.Context, docs *docsearch.Engine, s watch.Sync) error {
	switch {
	case docs == nil:
		return nil
	case s.Reloaded:
		docs.SawEvents()
		return docs.Rebuild(ctx)
	}
	for _, name := range s.Names {
		// Modify covers all: a file that is gone leaves the index, and a
		// rename arrives as its two names.
		if err := docs.Apply(ctx, docsearch.Event{Op: docsearch.OpModify, Path: name}); err != nil {
			return err
		}
	}
	return nil
}

// untilSignal returns a context cancelled by SIGINT or SIGTERM.
func untilSignal(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
}
