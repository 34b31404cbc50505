//go:build !unix

package osfs

import "io/fs"

// readDir lists the folder p of the root.
func (f *FS) readDir(p string) ([]fs.DirEntry, error) { return f.readDirPortable(p) }
