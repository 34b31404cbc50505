// Package vecfile keeps the vectors of a person's embeddings model
// (docsearch.CachedEmbedder) in a file of their device, for the native
// hosts: the WebAssembly build has no files, and this package keeps the
// os package out of it.
package vecfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/projectcanvas/projectcanvas/internal/atomicfile"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
)

// File is a docsearch.VectorStore in the file at Path.
type File struct{ Path string }

// In returns the stores of the folder dir, one file per name, for
// docsearch.Config.Stores.
func In(dir string) func(name string) docsearch.VectorStore {
	return func(name string) docsearch.VectorStore { return File{filepath.Join(dir, name)} }
}

// UserDir is the device's folder for vector caches: the "vectors" folder
// of the project's folder in the user's cache folder (os.UserCacheDir).
func UserDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "projectcanvas", "vectors"), nil
}

// Load implements docsearch.VectorStore.
func (f File) Load() ([]byte, error) {
	data, err := os.ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// Append implements docsearch.VectorStore.
func (f File) Append(data []byte) error {
	fh, err := os.OpenFile(f.Path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	_, err = fh.Write(data)
	return errors.Join(err, fh.Close())
}

// Replace implements docsearch.VectorStore (package atomicfile).
func (f File) Replace(data []byte) error {
	if err := os.MkdirAll(filepath.Dir(f.Path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(f.Path, data, 0o600, nil)
}
