// Package osfs is a projectcanvas.FS over a folder of the real file system.
//
// Writes are atomic: the new content goes to a temporary file in the same
// folder, which is then renamed over the old one. Every write first checks
// that the file still has the content the caller read, so an edit made in
// the editor meanwhile is never overwritten. Lock is an advisory lock on
// .projectcanvas/lock, shared by every process that opens the same vault.
package osfs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// FS is the file system below one root folder.
type FS struct {
	root string
	// mu serializes check-then-write sequences of this process; Lock adds
	// the cross-process part.
	mu     sync.Mutex
	lockMu sync.Mutex
}

// New returns the FS rooted at dir, which must be an existing folder.
func New(dir string) (*FS, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, pc.Errorf(pc.CodeNotFound, "vault folder %s: %v", dir, err)
	}
	if !st.IsDir() {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "vault %s is not a folder", dir)
	}
	return &FS{root: abs}, nil
}

// Root is the absolute path of the vault folder.
func (f *FS) Root() string { return f.root }

// path maps a vault path to an OS path, refusing paths that leave the vault.
func (f *FS) path(name string) (string, error) {
	clean := filepath.Clean(filepath.FromSlash(strings.TrimPrefix(name, "/")))
	if clean == "." || clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) || filepath.IsAbs(clean) {
		return "", pc.Errorf(pc.CodeInvalidArgument, "path %q is outside the vault", name)
	}
	return filepath.Join(f.root, clean), nil
}

// ReadFile implements projectcanvas.FS.
func (f *FS) ReadFile(name string) ([]byte, error) {
	p, err := f.path(name)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

func (f *FS) check(p, name string, want pc.Hash) error {
	data, err := os.ReadFile(p)
	switch {
	case errors.Is(err, fs.ErrNotExist) && want == "":
		return nil
	case err != nil:
		return err
	case want != "" && pc.HashOf(data) == want:
		return nil
	}
	return pc.ConflictError(name)
}

// WriteFile implements projectcanvas.FS.
func (f *FS) WriteFile(name string, data []byte, want pc.Hash) error {
	p, err := f.path(name)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.check(p, name, want); err != nil {
		return err
	}
	return writeAtomic(p, data)
}

func writeAtomic(p string, data []byte) error {
	dir := filepath.Dir(p)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".pc-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if st, err := os.Stat(p); err == nil {
		_ = os.Chmod(tmp.Name(), st.Mode().Perm()) // keep the file's mode
	} else {
		_ = os.Chmod(tmp.Name(), 0o644)
	}
	return os.Rename(tmp.Name(), p)
}

// Remove implements projectcanvas.FS.
func (f *FS) Remove(name string, want pc.Hash) error {
	p, err := f.path(name)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, err := os.Stat(p); err != nil {
		return err
	}
	if err := f.check(p, name, want); err != nil {
		return err
	}
	return os.Remove(p)
}

// Rename implements projectcanvas.FS.
func (f *FS) Rename(from, to string) error {
	src, err := f.path(from)
	if err != nil {
		return err
	}
	dst, err := f.path(to)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, err := os.Stat(dst); err == nil && src != dst {
		return pc.ConflictError(to)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.Rename(src, dst)
}

// Walk implements projectcanvas.FS.
func (f *FS) Walk(fn func(name string) error) error {
	return filepath.WalkDir(f.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == f.root {
				return err
			}
			return nil // an unreadable folder is skipped, not fatal
		}
		rel, _ := filepath.Rel(f.root, p)
		if rel == "." {
			return nil
		}
		name := filepath.ToSlash(rel)
		if d.IsDir() {
			if pc.Hidden(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || pc.Hidden(d.Name()) {
			return nil
		}
		return fn(name)
	})
}

// Lock implements projectcanvas.FS: a process-wide mutex plus an advisory
// file lock on .projectcanvas/lock for other processes.
func (f *FS) Lock() (func(), error) {
	f.lockMu.Lock()
	dir := filepath.Join(f.root, ".projectcanvas")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		f.lockMu.Unlock()
		return nil, err
	}
	release, err := lockFile(filepath.Join(dir, "lock"))
	if err != nil {
		f.lockMu.Unlock()
		return nil, err
	}
	return func() { release(); f.lockMu.Unlock() }, nil
}
