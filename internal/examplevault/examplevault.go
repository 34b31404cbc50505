// Package examplevault gives tests the bundled example vault
// (examples/vault) without touching it: read into memory, or copied to a
// folder of the test's own.
package examplevault

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir is the example vault's folder in the source tree. Read it; never
// write it (see Copy).
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "examples", "vault")
}

// Files reads every file of the example vault into memory, by vault path.
func Files(tb testing.TB) map[string]string {
	tb.Helper()
	root := Dir()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return files
}

// Copy copies the example vault to a new temporary folder of tb's and
// returns it.
func Copy(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	if err := os.CopyFS(dir, os.DirFS(Dir())); err != nil {
		tb.Fatal(err)
	}
	return dir
}
