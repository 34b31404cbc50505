package osfs

import (
	"io/fs"
	"slices"
	"strings"
)

// walkDir is fs.WalkDir over the root, in lexical order, listing folders
// with readDir. An error from fn (fs.SkipDir for a folder) is handled as
// fs.WalkDir handles it; a folder that cannot be read is passed to fn
// with its error.
func (f *FS) walkDir(fn fs.WalkDirFunc) error {
	err := f.walkFolder(".", fn)
	if err == fs.SkipDir || err == fs.SkipAll {
		return nil
	}
	return err
}

func (f *FS) walkFolder(dir string, fn fs.WalkDirFunc) error {
	entries, err := f.readDir(dir)
	if err != nil {
		return fn(dir, nil, err)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	for _, e := range entries {
		p := e.Name()
		if dir != "." {
			p = dir + "/" + p // dir is clean, and a name from a listing holds no slash
		}
		err := fn(p, e, nil)
		switch {
		case err == fs.SkipDir && e.IsDir():
			continue
		case err == fs.SkipDir:
			return nil // the rest of this folder
		case err != nil:
			return err
		case e.IsDir():
			if err := f.walkFolder(p, fn); err != nil {
				return err
			}
		}
	}
	return nil
}
