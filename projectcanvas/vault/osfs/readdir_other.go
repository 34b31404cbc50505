//go:build !unix

package osfs

import "io/fs"

// readDir lists the folder p of the root.
func (f *FS) readDir(p string) ([]fs.DirEntry, error) {
	dir, err := f.root.Open(p)
	if err != nil {
		return nil, err
	}
	defer dir.Close()
	return dir.ReadDir(-1)
}
