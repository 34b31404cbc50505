// Package vaulttest is the conformance suite every projectcanvas.FS must
// pass. Back ends call Run from their own tests.
package vaulttest

import (
	"errors"
	"io/fs"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// NewFS returns a back end holding files (vault path to content), put there
// as a person or another program would, past the FS's write rules: the
// suite seeds hidden folders that the project may not write.
type NewFS func(t *testing.T, files map[string]string) pc.FS

// Run checks the back end newFS makes against the FS contract.
func Run(t *testing.T, newFS NewFS) {
	empty := func(t *testing.T) pc.FS { return newFS(t, nil) }
	t.Run("ReadMissing", func(t *testing.T) {
		_, err := empty(t).ReadFile("nope.md")
		if !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("ReadFile of a missing file: %v, want fs.ErrNotExist", err)
		}
	})
	t.Run("ConditionalWrites", func(t *testing.T) { conditionalWrites(t, empty(t)) })
	t.Run("RemoveAndRename", func(t *testing.T) { removeAndRename(t, empty(t)) })
	t.Run("Walk", func(t *testing.T) { walk(t, newFS) })
	t.Run("Lock", func(t *testing.T) { lock(t, empty(t)) })
	t.Run("TempFilesAreNotUserFiles", func(t *testing.T) { tempFilesAreNotUserFiles(t, newFS) })
	t.Run("HostilePaths", func(t *testing.T) { hostilePaths(t, newFS) })
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

func walk(t *testing.T, newFS NewFS) {
	files := map[string]string{}
	for _, name := range []string{"b.md", "a/c.md", "a/b.md", ".obsidian/x.md", "n/.trash/y.md", "node_modules/z.md", ".hidden.md"} {
		files[name] = name
	}
	fsys := newFS(t, files)
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

// tempFilesAreNotUserFiles checks that TempFiles lists no file a person
// made, whatever its name, and nothing a write left behind.
func tempFilesAreNotUserFiles(t *testing.T, newFS NewFS) {
	files := map[string]string{}
	for _, name := range []string{".pc-notes.tmp", "x/.projectcanvas-notes.tmp", "x/y.tmp"} {
		files[name] = name
	}
	fsys := newFS(t, files)
	mustWrite(t, fsys, "a.md", "a.md", "")
	mustWrite(t, fsys, ".projectcanvas/sequence.json", "{}", "")
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

// Names that are not vault paths (pc.CheckPath): every operation refuses
// them. The backslash name is "../escape.md" where \ separates folders.
var notVaultPaths = []string{"..", "../x", "a/../../x.md", "/abs", "/etc/passwd", "C:/x.md", "c:x.md", "a\x00b", `..\escape.md`, `a\b.md`, "", ".", "a//b.md", "./a.md"}

// Vault paths the project may not write (pc.CheckWritable): the back end
// reads them by name (the core reads its own settings; tools decide what a
// caller may read) and refuses to write, remove or rename them.
var notWritable = []string{".obsidian/plugins/evil/main.js", ".git/hooks/x", ".git/config", "notes/.hidden.md", "node_modules/x/index.js", "evil\u202Egnp.exe.md"}

// hostilePaths tries every operation with names that leave the vault or
// land in a hidden folder: each is refused with invalid_argument and
// nothing changes.
func hostilePaths(t *testing.T, newFS NewFS) {
	seed := map[string]string{"keep.md": "keep"}
	for _, name := range notWritable {
		seed[name] = "seeded " + name
	}
	fsys := newFS(t, seed)
	refused := func(err error, format string, args ...any) {
		t.Helper()
		if pc.ErrorCode(err) != pc.CodeInvalidArgument {
			t.Errorf(format+": %v, want invalid_argument", append(args, err)...)
		}
	}
	keep := pc.HashOf([]byte("keep"))
	for _, name := range notVaultPaths {
		_, err := fsys.ReadFile(name)
		refused(err, "ReadFile(%q)", name)
		refused(fsys.WriteFile(name, []byte("x"), ""), "WriteFile(%q)", name)
		refused(fsys.WriteFile(name, []byte("x"), keep), "WriteFile(%q) over a file", name)
		refused(fsys.Remove(name, keep), "Remove(%q)", name)
		refused(fsys.Rename("keep.md", name, keep), "Rename(keep.md, %q)", name)
		refused(fsys.Rename(name, "moved.md", keep), "Rename(%q, moved.md)", name)
	}
	for _, name := range notWritable {
		content := seed[name]
		if got := read(t, fsys, name); got != content {
			t.Errorf("ReadFile(%q) = %q, want the seeded content", name, got)
		}
		hash := pc.HashOf([]byte(content))
		refused(fsys.WriteFile(name, []byte("x"), hash), "WriteFile(%q)", name)
		refused(fsys.Remove(name, hash), "Remove(%q)", name)
		refused(fsys.Rename(name, "moved.md", hash), "Rename(%q, moved.md)", name)
		refused(fsys.Rename("keep.md", name+".new", keep), "Rename(keep.md, %q)", name+".new")
		refused(fsys.WriteFile(name+".new", []byte("x"), ""), "WriteFile(%q)", name+".new")
		if got := read(t, fsys, name); got != content {
			t.Errorf("a refused operation changed %q to %q", name, got)
		}
		if _, err := fsys.ReadFile(name + ".new"); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("a refused operation made %q: %v", name+".new", err)
		}
	}
	if got := read(t, fsys, "keep.md"); got != "keep" {
		t.Errorf("keep.md = %q after refused operations", got)
	}
	if _, err := fsys.ReadFile("moved.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused rename made moved.md: %v", err)
	}
	var listed, want []string
	if err := fsys.Walk(func(name string) error { listed = append(listed, name); return nil }); err != nil {
		t.Fatal(err)
	}
	for name := range seed {
		if !pc.Hidden(name) {
			want = append(want, name)
		}
	}
	sort.Strings(want)
	if !slices.Equal(listed, want) {
		t.Errorf("Walk = %q after refused operations, want %q", listed, want)
	}
}
