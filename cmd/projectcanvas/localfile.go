package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/projectcanvas/projectcanvas/internal/atomicfile"
)

// The files the CLI reads and writes back outside the vault's file system
// (projectcanvas.FS): .gitattributes, .gitignore, git's hooks and config,
// the side a merge driver replaces. A teammate's commit can put a symbolic
// link at any of these names (git carries links), and following one would
// copy a file from anywhere on the person's machine (~/.ssh/id_ed25519)
// into a file they are asked to commit, or write through it. So these
// files are read and written only as regular files: whatever else stands
// at the name (a link, a folder, a device) is refused with a message that
// names it, and nothing is written.

// notRegularError is the refusal of a name at which something other than a
// regular file stands.
func notRegularError(p string, mode fs.FileMode) error {
	what := "not a regular file"
	switch {
	case mode&fs.ModeSymlink != 0:
		what = "a symbolic link"
	case mode.IsDir():
		what = "a folder"
	}
	return fmt.Errorf("%s is %s; it is neither read nor written (a link committed to the repository could point anywhere on this machine): remove it, or replace it with a regular file, and run the command again", p, what)
}

// readRegular returns the content of the regular file at p, or nil and no
// error when nothing is there. The file opened must be the one Lstat saw,
// so a link put in its place meanwhile is refused too.
func readRegular(p string) ([]byte, error) {
	data, err := readRegularAtMost(p, -1)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// readRegularAtMost is readRegular of a file that must exist and hold at
// most limit bytes (no limit when negative).
func readRegularAtMost(p string, limit int64) ([]byte, error) {
	seen, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if !seen.Mode().IsRegular() {
		return nil, notRegularError(p, seen.Mode())
	}
	if limit >= 0 && seen.Size() > limit {
		return nil, fmt.Errorf("%s is %d bytes, over the limit of %d", p, seen.Size(), limit)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !os.SameFile(seen, opened) {
		return nil, fmt.Errorf("%s changed while it was opened; run the command again", p)
	}
	if limit < 0 {
		return io.ReadAll(f)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(data)) > limit {
		err = fmt.Errorf("%s grew over the limit of %d bytes while it was read", p, limit)
	}
	return data, err
}

// checkRegular returns an error unless p is a regular file or nothing.
func checkRegular(p string) (fs.FileInfo, error) {
	st, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegularError(p, st.Mode())
	}
	return st, nil
}

// writeRegular replaces the file at p with data through a temporary file
// in the same folder and a rename, so that an interrupted write leaves the
// old file, never half of the new one. p must be a regular file or
// nothing; its mode is kept (perm for a new file). The rename replaces the
// name, never what a link there would point to.
func writeRegular(p string, data []byte, perm fs.FileMode) error {
	st, err := checkRegular(p)
	if err != nil {
		return err
	}
	if st != nil {
		perm = st.Mode().Perm()
	}
	// Checked again as late as possible: a link put there while the
	// temporary file was written is refused, not replaced.
	return atomicfile.Write(p, data, perm, func() error {
		_, err := checkRegular(p)
		return err
	})
}
