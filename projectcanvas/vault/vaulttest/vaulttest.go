// Package vaulttest is the conformance suite every projectcanvas.FS must
// pass. Back ends call Run from their own tests.
package vaulttest

import (
	"errors"
	"io/fs"
	"sync"
	"testing"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Run checks fsys, which must start empty, against the FS contract.
func Run(t *testing.T, newFS func(t *testing.T) pc.FS) {
	t.Run("ReadMissing", func(t *testing.T) {
		_, err := newFS(t).ReadFile("nope.md")
		if !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("ReadFile of a missing file: %v, want fs.ErrNotExist", err)
		}
	})
	t.Run("ConditionalWrites", func(t *testing.T) { conditionalWrites(t, newFS(t)) })
	t.Run("RemoveAndRename", func(t *testing.T) { removeAndRename(t, newFS(t)) })
	t.Run("Walk", func(t *testing.T) { walk(t, newFS(t)) })
	t.Run("Lock", func(t *testing.T) { lock(t, newFS(t)) })
	t.Run("TempFilesAreNotUserFiles", func(t *testing.T) { tempFilesAreNotUserFiles(t, newFS(t)) })
}

func mustWrite(t *testing.T, fsys pc.FS, name, data string, want pc.Hash) {
	t.Helper()
	if err := fsys.WriteFile(name, []byte(data), want); err != nil {
		t.Fatalf("WriteFile(%s): %v", name, err)
	}
}

func expectCode(t *testing.T, err error, code pc.Code, what string) {
	t.Helper()
	if pc.ErrorCode(err) != code {
		t.Fatalf("%s: error %v, want %s", what, err, code)
	}
}

func read(t *testing.T, fsys pc.FS, name string) string {
	t.Helper()
	data, err := fsys.ReadFile(name)
	if err != nil {
		t.Fatalf("ReadFile(%s): %v", name, err)
	}
	return string(data)
}

func conditionalWrites(t *testing.T, fsys pc.FS) {
	mustWrite(t, fsys, "a/b/new.md", "one", "")
	if got := read(t, fsys, "a/b/new.md"); got != "one" {
		t.Fatalf("read back %q", got)
	}
	expectCode(t, fsys.WriteFile("a/b/new.md", []byte("x"), ""), pc.CodeConflict, "creating an existing file")
	expectCode(t, fsys.WriteFile("a/b/new.md", []byte("x"), pc.HashOf([]byte("stale"))), pc.CodeConflict, "writing over changed content")
	if got := read(t, fsys, "a/b/new.md"); got != "one" {
		t.Fatalf("a refused write changed the file to %q", got)
	}
	mustWrite(t, fsys, "a/b/new.md", "two", pc.HashOf([]byte("one")))
	if got := read(t, fsys, "a/b/new.md"); got != "two" {
		t.Fatalf("read back %q", got)
	}
}

func removeAndRename(t *testing.T, fsys pc.FS) {
	mustWrite(t, fsys, "x.md", "x", "")
	mustWrite(t, fsys, "y.md", "y", "")
	expectCode(t, fsys.Remove("x.md", pc.HashOf([]byte("other"))), pc.CodeConflict, "removing changed content")
	expectCode(t, fsys.Rename("x.md", "y.md", pc.HashOf([]byte("x"))), pc.CodeConflict, "renaming over a file")
	expectCode(t, fsys.Rename("x.md", "deep/z.md", pc.HashOf([]byte("other"))), pc.CodeConflict, "renaming changed content")
	if _, err := fsys.ReadFile("deep/z.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a refused rename created its destination: %v", err)
	}
	if err := fsys.Rename("x.md", "deep/z.md", pc.HashOf([]byte("x"))); err != nil {
		t.Fatal(err)
	}
	if _, err := fsys.ReadFile("x.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a renamed file is still at its old name: %v", err)
	}
	if got := read(t, fsys, "deep/z.md"); got != "x" {
		t.Fatalf("renamed content %q", got)
	}
	if err := fsys.Remove("deep/z.md", pc.HashOf([]byte("x"))); err != nil {
		t.Fatal(err)
	}
	if _, err := fsys.ReadFile("deep/z.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("removed file still reads: %v", err)
	}
}

func walk(t *testing.T, fsys pc.FS) {
	for _, name := range []string{"b.md", "a/c.md", "a/b.md", ".obsidian/x.md", "n/.trash/y.md", "node_modules/z.md"} {
		mustWrite(t, fsys, name, name, "")
	}
	var got []string
	if err := fsys.Walk(func(name string) error { got = append(got, name); return nil }); err != nil {
		t.Fatal(err)
	}
	want := []string{"a/b.md", "a/c.md", "b.md"}
	if len(got) != len(want) {
		t.Fatalf("Walk = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Walk = %v, want %v (lexical, hidden folders skipped)", got, want)
		}
	}
}

func lock(t *testing.T, fsys pc.FS) {
	unlock, err := fsys.Lock()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	acquired := false
	done := make(chan struct{})
	go func() {
		u, err := fsys.Lock()
		if err == nil {
			mu.Lock()
			acquired = true
			mu.Unlock()
			u()
		}
		close(done)
	}()
	time.Sleep(20 * time.Millisecond)
	mu.Lock()
	early := acquired
	mu.Unlock()
	if early {
		t.Fatal("a second Lock succeeded while the first was held")
	}
	unlock()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Lock was not released")
	}
}

// tempFilesAreNotUserFiles checks that TempFiles lists no file that was
// written, whatever its name, and nothing a write left behind.
func tempFilesAreNotUserFiles(t *testing.T, fsys pc.FS) {
	names := []string{"a.md", ".pc-notes.tmp", "x/.projectcanvas-notes.tmp", "x/y.tmp", ".projectcanvas/sequence.json"}
	for _, name := range names {
		mustWrite(t, fsys, name, name, "")
	}
	mustWrite(t, fsys, "a.md", "changed", pc.HashOf([]byte("a.md")))
	if err := fsys.Rename("a.md", "b/a.md", pc.HashOf([]byte("changed"))); err != nil {
		t.Fatal(err)
	}
	found, err := fsys.TempFiles()
	if err != nil {
		t.Fatal(err)
	}
	if len(found) > 0 {
		t.Fatalf("TempFiles = %v, want none", found)
	}
}
