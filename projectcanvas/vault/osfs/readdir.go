package osfs

import "io/fs"

// readDirPortable lists the folder p of the root through os.Root, which
// reads each entry's type with an lstat. It is readDir where the faster
// listing of readdir_unix.go is not available, and its fallback there.
func (f *FS) readDirPortable(p string) ([]fs.DirEntry, error) {
	dir, err := f.root.Open(p)
	if err != nil {
		return nil, err
	}
	defer dir.Close()
	return dir.ReadDir(-1)
}
