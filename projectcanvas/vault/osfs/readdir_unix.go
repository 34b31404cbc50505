//go:build unix

package osfs

import (
	"io/fs"
	"os"
	"syscall"
)

// readDir lists the folder p of the root. A folder opened through an
// os.Root reads every entry's type with an lstat (Go cannot load it
// lazily there), one system call per file; the entry types the kernel
// already returned with the names (d_type) say the same, so the folder,
// once opened safely through the root, is listed through a copy of its
// descriptor outside it.
func (f *FS) readDir(p string) ([]fs.DirEntry, error) {
	dir, err := f.root.Open(p)
	if err != nil {
		return nil, err
	}
	defer dir.Close()
	fd, err := syscall.Dup(int(dir.Fd()))
	if err != nil {
		return dir.ReadDir(-1)
	}
	plain := os.NewFile(uintptr(fd), p)
	defer plain.Close()
	return plain.ReadDir(-1)
}
