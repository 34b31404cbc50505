package site

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"github.com/projectcanvas/projectcanvas/internal/atomicfile"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// ManifestName is the file in a site's folder that lists what Write wrote
// there, with each file's hash.
const ManifestName = "site-manifest.json"

type manifest struct {
	Generator string            `json:"generator"`
	Files     map[string]string `json:"files"` // path: SHA-256 in hex
}

const generator = "projectcanvas site"

// Written says what Write did.
type Written struct {
	Written, Unchanged, Removed int
}

// Write puts a site's files in dir, creating it if need be. A folder that
// holds a file the manifest does not list (a folder of other files, named
// by mistake) is refused and nothing is written. Files whose hash and size
// are as the manifest has them are left alone, files the last run wrote
// and this one does not are removed, and the manifest is written last.
func Write(dir string, files Files) (Written, error) {
	var w Written
	old, err := readManifest(dir)
	if err != nil {
		return w, err
	}
	onDisk := map[string]int64{}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == dir {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if rel == ManifestName {
			return nil
		}
		if _, ok := old.Files[rel]; !ok || !d.Type().IsRegular() {
			return pc.Errorf(pc.CodeConflict, "%s holds %s, which projectcanvas site did not write: give an empty or new folder with -o", dir, rel).With("path", rel)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		onDisk[rel] = info.Size()
		return nil
	})
	if err != nil {
		return w, asError(err)
	}
	next := manifest{Generator: generator, Files: map[string]string{}}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	var changed []string
	for _, name := range names {
		if !sitePath(name) {
			return w, pc.Errorf(pc.CodeInternal, "site file %q is no path in the folder", name)
		}
		data := files[name]
		sum := sha256.Sum256(data)
		hash := hex.EncodeToString(sum[:])
		next.Files[name] = hash
		if size, ok := onDisk[name]; ok && size == int64(len(data)) && old.Files[name] == hash {
			w.Unchanged++
			continue
		}
		changed = append(changed, name)
	}
	if err := writeAll(dir, changed, files, onDisk); err != nil {
		return w, err
	}
	w.Written = len(changed)
	for name := range old.Files {
		if _, keep := files[name]; !keep {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(name))); err == nil {
				w.Removed++
			} else if !errors.Is(err, fs.ErrNotExist) {
				return w, asError(err)
			}
		}
	}
	data, _ := json.MarshalIndent(next, "", " ") // strings only: cannot fail
	return w, writeFile(filepath.Join(dir, ManifestName), append(data, '\n'))
}

// readManifest reads the manifest of dir; an empty one when there is none.
func readManifest(dir string) (manifest, error) {
	m := manifest{Files: map[string]string{}}
	data, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, asError(err)
	}
	if err := json.Unmarshal(data, &m); err != nil || m.Generator != generator {
		return m, pc.Errorf(pc.CodeConflict, "%s is not a manifest projectcanvas site wrote: give an empty or new folder with -o", filepath.Join(dir, ManifestName))
	}
	if m.Files == nil {
		m.Files = map[string]string{}
	}
	// The manifest says which files a run may replace and remove: a name
	// that leaves the folder (someone else may have written the file) is
	// not obeyed, and the run stops before it changes anything.
	for name := range m.Files {
		if !sitePath(name) {
			return m, pc.Errorf(pc.CodeConflict, "%s names %q, which is no file of the site's folder: delete the manifest, or give an empty or new folder with -o",
				filepath.Join(dir, ManifestName), pc.Echo(name)).With("path", pc.Echo(name))
		}
	}
	return m, nil
}

// sitePath reports whether name is a file's path inside the site's folder:
// slash-separated, relative, clean, without backslashes.
func sitePath(name string) bool {
	return fs.ValidPath(name) && name != "." && !strings.Contains(name, `\`)
}

// writeAll writes the files named, a few at a time: the time goes in
// system calls, which overlap. A file new to the folder is created where
// it goes (no reader had it); one that was there is replaced whole.
func writeAll(dir string, names []string, files Files, onDisk map[string]int64) error {
	const writers = 8
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	work := make(chan int)
	for range writers {
		wg.Go(func() {
			for i := range work {
				target := filepath.Join(dir, filepath.FromSlash(names[i]))
				if _, there := onDisk[names[i]]; there {
					errs[i] = writeFile(target, files[names[i]])
				} else {
					errs[i] = createFile(target, files[names[i]])
				}
			}
		})
	}
	for i := range names {
		work <- i
	}
	close(work)
	wg.Wait()
	return errors.Join(errs...)
}

// createFile writes a file that must not exist yet.
func createFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return asError(err)
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return asError(err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return asError(err)
	}
	return nil
}

// writeFile writes data to name through a temporary file, so that a
// reader never sees half a page.
func writeFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return asError(err)
	}
	if err := atomicfile.Write(name, data, 0o644, nil); err != nil {
		return asError(err)
	}
	return nil
}

func asError(err error) error {
	var pe *pc.Error
	if errors.As(err, &pe) {
		return pe
	}
	return pc.Errorf(pc.CodeInternal, "writing the site: %v", err)
}
