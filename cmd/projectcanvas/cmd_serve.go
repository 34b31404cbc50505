package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpapi"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpapi/route"
	"github.com/projectcanvas/projectcanvas/projectcanvas/mcpserver"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// defaultAddr is the spec's port, on loopback only.
const defaultAddr = "127.0.0.1:12312"

// shutdownGrace is how long requests in flight (writes above all) may take
// to finish after SIGINT or SIGTERM.
const shutdownGrace = 10 * time.Second

func init() {
	register(&command{name: "serve", args: "[--addr A] [--token T]", summary: "serve the HTTP API, and MCP at /mcp, until Ctrl-C", run: runServe})
}

func runServe(ctx context.Context, c *cli, args []string) int {
	fs := newFlags("serve")
	addr := fs.String("addr", defaultAddr, "address to listen on")
	tokenFlag := fs.String("token", "", "bearer token (default $PROJECTCANVAS_TOKEN, else the one projectcanvas token prints)")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return fail(c.stderr, usageError{"usage: projectcanvas serve [--addr HOST:PORT] [--token TOKEN]"})
	}
	ctx, cancel := untilSignal(ctx)
	defer cancel()
	s, err := startServer(ctx, c, *addr, *tokenFlag)
	if err != nil {
		return fail(c.stderr, err)
	}
	s.printBanner(c.stdout)
	if err := s.wait(ctx); err != nil {
		return fail(c.stderr, err)
	}
	fmt.Fprintln(c.stderr, "projectcanvas: stopped")
	return exitOK
}

// server is a running `projectcanvas serve`.
type server struct {
	http             *http.Server
	ln               net.Listener
	url, token, from string
	vaultRoot        string
	fsys             *osfs.FS
	env              *tools.Env
	entities         int
	stopWatch        func()
	served           chan error
}

// startServer opens the vault, starts watching it and listens on addr.
func startServer(ctx context.Context, c *cli, addr, tokenFlag string) (*server, error) {
	if host, _, err := net.SplitHostPort(addr); err != nil || !route.LoopbackHost(host) {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "--addr %q is not a loopback address: serve answers this machine only "+
			"(its Host check and bearer token are made for one machine, and a request from another is refused anyway); "+
			"use 127.0.0.1:PORT, [::1]:PORT or localhost:PORT", pc.Echo(addr)).With("field", "addr")
	}
	env, fsys, stop, err := c.openLive(ctx)
	if err != nil {
		return nil, err
	}
	root := fsys.Root()
	token, from, err := resolveToken(tokenFlag, c.getenv, root)
	if err != nil {
		stop()
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		err = pc.Errorf(pc.CodeConflict, "%s is in use (another serve, or the Obsidian plugin's HTTP server?): stop it, or pass another with --addr 127.0.0.1:PORT", addr)
	}
	if err != nil {
		stop()
		return nil, err
	}
	s := &server{ln: ln, url: "http://" + ln.Addr().String(), token: token, from: from, vaultRoot: root, fsys: fsys, env: env,
		entities: env.Project.Len(), stopWatch: stop, served: make(chan error, 1)}
	s.http = &http.Server{
		Handler:           newHandler(c.registry, env, token, tokenCommand(root)+" prints it"),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	go func() { s.served <- s.http.Serve(ln) }()
	return s, nil
}

// newHandler is the whole native HTTP surface: the API, with MCP streamable
// HTTP mounted at /mcp behind the same guards.
func newHandler(registry *tools.Registry, env *tools.Env, token, tokenHint string) http.Handler {
	mcpHandler := mcpserver.Handler(mcpserver.New(registry, env, mcpserver.WithVersion(version)))
	return httpapi.New(registry, env, httpapi.WithToken(token), httpapi.WithTokenHint(tokenHint), httpapi.WithHandler("/mcp", streaming(mcpHandler)))
}

// streaming lifts the server's write timeout for h: an MCP event stream
// stays open for as long as the client listens.
func streaming(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
		h.ServeHTTP(w, r)
	})
}

// wait serves until ctx is cancelled, then shuts down gracefully: the
// listener closes at once and requests in flight get shutdownGrace to finish.
func (s *server) wait(ctx context.Context) error {
	defer s.stopWatch()
	select {
	case err := <-s.served:
		return err
	case <-ctx.Done():
	}
	grace, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownGrace)
	defer cancel()
	err := s.http.Shutdown(grace)
	if errors.Is(err, context.DeadlineExceeded) {
		err = s.http.Close() // open event streams; every write has had its chance
	}
	if served := <-s.served; !errors.Is(served, http.ErrServerClosed) && err == nil {
		err = served
	}
	return err
}

// tokenCommand is the shell command that prints the vault's token: this
// binary, by the path it runs from (make run's is not on the PATH).
func tokenCommand(vault string) string {
	exe, err := os.Executable()
	if err != nil {
		exe = "projectcanvas"
	}
	return shellQuote(exe) + " --vault " + shellQuote(vault) + " token"
}

// tokenLine is the shell line that sets $TOKEN to the server's token, the
// way the README tells the reader to.
func (s *server) tokenLine() string {
	switch s.from {
	case "--token":
		return "TOKEN=" + shellQuote(s.token)
	case "$PROJECTCANVAS_TOKEN":
		return "TOKEN=$PROJECTCANVAS_TOKEN"
	}
	return "TOKEN=$(" + tokenCommand(s.vaultRoot) + ")"
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// printBanner tells a newcomer everything needed to connect.
func (s *server) printBanner(w io.Writer) {
	exe, err := os.Executable()
	if err != nil {
		exe = "projectcanvas"
	}
	stdio, _ := json.MarshalIndent(map[string]any{"mcpServers": map[string]any{"projectcanvas": map[string]any{
		"command": exe, "args": []string{"--vault", s.vaultRoot, "mcp"},
	}}}, "  ", "  ")
	fmt.Fprintf(w, `Project Canvas %s: %d entities in %s

  HTTP API  %s        GET /health, /entities, /entities/{id}, /tools, /commands;
                                         POST /entities, /tools/{name}, /commands/{id}; PUT /entities/{id}
  MCP       %s/mcp    (streamable HTTP, same token)
  token     %s   (from %s)

  %s
  curl -H "Authorization: Bearer $TOKEN" '%s/entities?max_items=5'

MCP over stdio for Claude Desktop (claude_desktop_config.json) or Cursor (.cursor/mcp.json):
  %s

Watching the vault for changes. Ctrl-C stops.
`, version, s.entities, s.vaultRoot, s.url, s.url, s.token, filepath.Clean(s.from), s.tokenLine(), s.url, stdio)
}
