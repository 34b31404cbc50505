package main

import (
	"context"
	"fmt"
	"os/signal"
	"syscall"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/watch"
)

// openLive opens the vault for a long-running host (serve, mcp): the
// project plus a watcher that keeps its index in step with edits made by
// anyone else. stop ends the watcher.
func (c *cli) openLive(ctx context.Context) (env *tools.Env, root string, stop func(), err error) {
	fsys, err := osfs.New(c.vaultDir)
	if err != nil {
		return nil, "", nil, err
	}
	p, err := pc.Open(fsys)
	if err != nil {
		return nil, "", nil, err
	}
	printRecovered(c.stderr, p.Recovered())
	w, err := watch.New(p, fsys.Root(), watch.WithOnSync(func(s watch.Sync) {
		if s.Err != nil {
			fmt.Fprintln(c.stderr, "projectcanvas: watching the vault:", s.Err)
		}
	}))
	if err != nil {
		return nil, "", nil, fmt.Errorf("watching %s: %w", fsys.Root(), err)
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); w.Run(ctx) }()
	return &tools.Env{Project: p}, fsys.Root(), func() { cancel(); <-done }, nil
}

// untilSignal returns a context cancelled by SIGINT or SIGTERM.
func untilSignal(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
}
