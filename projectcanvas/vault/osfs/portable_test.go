package osfs_test

// The code of other platforms (lock_excl.go, readdir.go, the fallbacks of
// replace and resolve without renameat2 and openat2) run here too: what
// docs/RELIABILITY.md says each platform guarantees is tested on Linux.

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

func TestConformanceWithoutLinuxCalls(t *testing.T) {
	osfs.WithoutLinuxCalls(t)
	TestConformance(t)
	TestSymlinksOutsideAreRefused(t)
	TestLinksIntoHiddenFoldersAndOutAreRefused(t)
	TestWritesAreAtomicAndKeepMode(t)
}

// Without RENAME_NOREPLACE, creating a file that appeared since it was
// read as missing still fails: the check before the rename sees it.
func TestCreateOverNewFileWithoutLinuxCalls(t *testing.T) {
	osfs.WithoutLinuxCalls(t)
	dir := t.TempDir()
	fsys, err := osfs.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	mustFile(t, filepath.Join(dir, "a.md"), "a person's")
	if err := fsys.WriteFile("a.md", []byte("tool's"), ""); pc.ErrorCode(err) != pc.CodeConflict {
		t.Fatalf("WriteFile over a file written meanwhile = %v, want conflict", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a.md")); string(got) != "a person's" {
		t.Fatalf("the file holds %q", got)
	}
}

func TestExclusiveLockWaitsForItsHolder(t *testing.T) {
	dir := t.TempDir()
	fsys, err := osfs.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	release, err := osfs.LockExclusive(fsys, "lock")
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan func())
	go func() {
		second, err := osfs.LockExclusive(fsys, "lock")
		if err != nil {
			t.Error(err)
		}
		got <- second
	}()
	select {
	case second := <-got:
		second()
		t.Fatal("a second holder took the lock while the first held it")
	case <-time.After(100 * time.Millisecond):
	}
	release()
	select {
	case second := <-got:
		second()
	case <-time.After(5 * time.Second):
		t.Fatal("the lock was not taken after its release")
	}
	if _, err := os.Stat(filepath.Join(dir, "lock.excl")); !os.IsNotExist(err) {
		t.Fatalf("the lock file stays after its release: %v", err)
	}
}

// A process killed while holding the lock leaves its file: after a minute
// it is taken to be stale and broken; before, it is waited for.
func TestExclusiveLockBreaksOnlyAStaleLock(t *testing.T) {
	dir := t.TempDir()
	fsys, err := osfs.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	left := filepath.Join(dir, "lock.excl")
	mustFile(t, left, "")
	old := time.Now().Add(-osfs.StaleLock - time.Second)
	if err := os.Chtimes(left, old, old); err != nil {
		t.Fatal(err)
	}
	release, err := osfs.LockExclusive(fsys, "lock")
	if err != nil {
		t.Fatal(err)
	}
	release()

	mustFile(t, left, "") // a fresh one: its holder is alive
	got := make(chan func(), 1)
	go func() {
		r, _ := osfs.LockExclusive(fsys, "lock")
		got <- r
	}()
	select {
	case r := <-got:
		r()
		t.Fatal("a fresh lock was broken")
	case <-time.After(100 * time.Millisecond):
	}
	os.Remove(left)
	(<-got)()
}

func TestPortableListingIsTheSame(t *testing.T) {
	dir := t.TempDir()
	mustFile(t, filepath.Join(dir, "a.md"), "a")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustLink(t, "a.md", filepath.Join(dir, "link.md"))
	fsys, err := osfs.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	entries, err := osfs.ReadDirPortable(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name()+" "+e.Type().String())
	}
	var want []string
	plain, _ := os.ReadDir(dir)
	for _, e := range plain {
		want = append(want, e.Name()+" "+e.Type().String())
	}
	slices.Sort(got) // a folder's own order; os.ReadDir sorts
	if !slices.Equal(got, want) {
		t.Fatalf("listing %v, want %v", got, want)
	}
}
