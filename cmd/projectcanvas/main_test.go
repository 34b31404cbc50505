package main

import (
	"context"
	"os"
	"testing"
)

// TestMain lets the test binary stand in for the projectcanvas binary: with
// PROJECTCANVAS_TEST_MAIN=1 it runs the CLI on its arguments, so tests and
// benchmarks can spawn `projectcanvas mcp` as a real child process.
func TestMain(m *testing.M) {
	if os.Getenv("PROJECTCANVAS_TEST_MAIN") == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
	}
	os.Exit(m.Run())
}
