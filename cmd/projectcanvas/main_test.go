package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// TestMain lets the test binary stand in for the projectcanvas binary, so
// tests can run the CLI as a real child process:
//   - PROJECTCANVAS_TEST_MAIN=1: run the CLI on the process's arguments
//     (tests and benchmarks spawn `projectcanvas mcp` this way);
//   - PC_CRASH_ARGS (a JSON list of arguments): run them on the crash
//     test's fixed clock, reading stdin; the crash test kills the child.
func TestMain(m *testing.M) {
	if os.Getenv("PROJECTCANVAS_TEST_MAIN") == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
	}
	if raw := os.Getenv("PC_CRASH_ARGS"); raw != "" {
		var args []string
		if err := json.Unmarshal([]byte(raw), &args); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(exitUsage)
		}
		clock = crashClock
		os.Exit(run(context.Background(), args, os.Stdin, os.Stdout, os.Stderr, os.Getenv))
	}
	// The person's settings folder (tokens, config.json) of every test
	// is a fresh one, never the real one of whoever runs the tests.
	home, err := os.MkdirTemp("", "projectcanvas-config-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CONFIG_HOME", home)
	os.Setenv("HOME", home)
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
