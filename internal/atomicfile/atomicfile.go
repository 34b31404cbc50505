// Package atomicfile replaces a file in one step, for the files the project
// writes outside a vault's file system (the CLI's git files, a site, a
// device's vector cache): the data goes to a temporary file in the same
// folder, synced to disk, then renamed over the name, so that a crash
// leaves the old file or the new one, never half of one. The rename
// replaces the name itself, never what a link there points to.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces the file at name with data, with mode perm, and calls
// before, when set, just before the rename (a last check of the name: its
// error stops the write and the temporary file is removed).
func Write(name string, data []byte, perm fs.FileMode, before func() error) error {
	dir := filepath.Dir(name)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	err = errors.Join(err, tmp.Close())
	if err == nil && before != nil {
		err = before()
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
