package osfs

import (
	"io/fs"
)

// Stat returns a file's size and modification time without reading it
// (list_files and read_docs report them). Like io/fs.StatFS.
func (f *FS) Stat(name string) (fs.FileInfo, error) {
	p, err := f.readable(name)
	if err != nil {
		return nil, err
	}
	st, err := f.root.Stat(p)
	return st, wrap(name, err)
}
