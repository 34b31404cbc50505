package site

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/projectcanvas/projectcanvas/internal/atomicfile"
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
	names := make([]string, 0, len(files))
	for name := range files {
		if !sitePath(name) {
			return Written{}, pc.Errorf(pc.CodeInternal, "site file %q is no path in the folder", name)
		}
		names = append(names, name)
	}
	slices.Sort(names)
	w, err := NewWriter(dir)
	if err != nil {
		return Written{}, err
	}
	for _, name := range names {
		if err := w.Put(name, files[name]); err != nil {
			w.close(false)
			return Written{}, err
		}
	}
	return w.Close()
}

// A Writer writes a site's files into a folder as Write does, as they are
// given to it (Put), a few at a time: the time goes in system calls,
// which overlap each other and the making of the next pages.
type Writer struct {
	dir    string
	old    manifest
	onDisk map[string]int64 // the files in the folder, all the old manifest's, and their sizes
	work   chan given
	wg     sync.WaitGroup

	mu      sync.Mutex
	hashes  map[string]string // every file given, its hash
	written map[string]bool   // the files written (changed or new)
	made    map[string]bool   // the folders made
	n       Written
	errs    []error
}

// writers is how many files a Writer writes at a time.
const writers = 8

// NewWriter checks the folder dir (a new or empty folder, or one this
// command wrote: see Write) and starts the writers.
func NewWriter(dir string) (*Writer, error) {
	old, err := readManifest(dir)
	if err != nil {
		return nil, err
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
		return nil, asError(err)
	}
	w := &Writer{dir: dir, old: old, onDisk: onDisk, work: make(chan given, 4*writers),
		hashes: map[string]string{}, written: map[string]bool{}, made: map[string]bool{}}
	for range writers {
		w.wg.Go(w.writeFiles)
	}
	return w, nil
}

// given is a file given to a Writer to write: its name, its bytes, what
// takes them back once they are written (nil: nothing), and whether the
// folder holds the file already.
type given struct {
	name  string
	data  []byte
	reuse func([]byte)
	there bool
}

// Put gives the Writer one file of the site, which it writes unless the
// folder holds it as it is. Safe for concurrent use, until Close.
func (w *Writer) Put(name string, data []byte) error { return w.put(name, data, nil) }

// put is Put, and gives the file's bytes to reuse (when not nil) once
// they are written or found unchanged: the Writer keeps no hold of them.
func (w *Writer) put(name string, data []byte, reuse func([]byte)) error {
	if !sitePath(name) {
		return pc.Errorf(pc.CodeInternal, "site file %q is no path in the folder", name)
	}
	sum := sha256.Sum256(data)
	hash := hex.EncodeToString(sum[:])
	w.mu.Lock()
	if _, twice := w.hashes[name]; twice {
		w.mu.Unlock()
		return pc.Errorf(pc.CodeInternal, "site file %q made twice", name)
	}
	w.hashes[name] = hash
	size, there := w.onDisk[name]
	if there && size == int64(len(data)) && w.old.Files[name] == hash {
		w.n.Unchanged++
		w.mu.Unlock()
		if reuse != nil {
			reuse(data)
		}
		return nil
	}
	w.mu.Unlock()
	w.work <- given{name, data, reuse, there}
	return nil
}

// writeFiles is one writer: it writes the files given to it until there
// are no more. A file new to the folder is created where it goes (no
// reader had it); one that was there is replaced whole.
func (w *Writer) writeFiles() {
	for file := range w.work {
		name := file.name
		target := filepath.Join(w.dir, filepath.FromSlash(name))
		w.mu.Lock()
		err := w.makeFolder(path.Dir(name))
		w.mu.Unlock()
		if err == nil && file.there {
			err = writeFile(target, file.data)
		} else if err == nil {
			err = createFile(target, file.data)
		}
		if file.reuse != nil {
			file.reuse(file.data)
		}
		w.mu.Lock()
		if err != nil {
			w.errs = append(w.errs, asError(err))
		} else {
			w.written[name] = true
			w.n.Written++
		}
		w.mu.Unlock()
	}
}

// makeFolder makes the folder of the site's files named folder (a
// slash-separated path in the site, "." for the site's own) and those
// above it, each once a run: with w.mu held, so that a folder marked made
// is there. A folder already there is as good as one made.
func (w *Writer) makeFolder(folder string) error {
	if w.made[folder] {
		return nil
	}
	if folder == "." {
		// The site's own folder, and the folders above it a new -o names.
		if err := os.MkdirAll(w.dir, 0o755); err != nil {
			return err
		}
		w.made[folder] = true
		return nil
	}
	if err := w.makeFolder(path.Dir(folder)); err != nil {
		return err
	}
	err := os.Mkdir(filepath.Join(w.dir, filepath.FromSlash(folder)), 0o755)
	if errors.Is(err, fs.ErrExist) {
		// A folder, or a file or a link in its place (Mkdir says EEXIST
		// to all): only a folder itself will do, never a link to one.
		if st, serr := os.Lstat(filepath.Join(w.dir, filepath.FromSlash(folder))); serr == nil && st.IsDir() {
			err = nil
		}
	}
	if err != nil {
		return err
	}
	w.made[folder] = true
	return nil
}

// Close waits for the files given to be written, removes those the last
// run wrote and this one was not given, and writes the manifest.
func (w *Writer) Close() (Written, error) { return w.close(true) }

// close finishes the writing. When the site is not whole (complete is
// false: its making failed) or a file could not be written, nothing is
// removed, and the manifest lists what the folder holds of this run's
// and the last: the next run may replace every file of it.
func (w *Writer) close(complete bool) (Written, error) {
	close(w.work)
	w.wg.Wait()
	next := manifest{Generator: generator, Files: map[string]string{}}
	err := errors.Join(w.errs...)
	if complete && err == nil {
		next.Files = w.hashes
		for name := range w.old.Files {
			if _, keep := w.hashes[name]; keep {
				continue
			}
			if err := os.Remove(filepath.Join(w.dir, filepath.FromSlash(name))); err == nil {
				w.n.Removed++
				w.emptied(path.Dir(name))
			} else if !errors.Is(err, fs.ErrNotExist) {
				return w.n, asError(err)
			}
		}
	} else {
		for name := range w.onDisk {
			next.Files[name] = w.old.Files[name]
		}
		for name := range w.written {
			next.Files[name] = w.hashes[name]
		}
	}
	if len(next.Files) == 0 && len(w.old.Files) == 0 && !complete {
		return w.n, err // nothing was written: the folder stays as it was
	}
	data := next.encode()
	if werr := w.makeFolder("."); werr != nil {
		return w.n, errors.Join(err, asError(werr))
	}
	if werr := writeFile(filepath.Join(w.dir, ManifestName), data); werr != nil && err == nil {
		err = werr
	}
	return w.n, err
}

// encode is the manifest as json.MarshalIndent(m, "", " ") writes it,
// and a newline, in a fraction of its time (a tenth of a large site's
// making went in MarshalIndent's reflection and second pass): the names
// in order, each string quoted as encoding/json quotes it (appendString).
func (m manifest) encode() []byte {
	names := slices.Sorted(maps.Keys(m.Files))
	b := make([]byte, 0, 64+len(names)*112)
	b = append(b, "{\n \"generator\": "...)
	b = appendString(b, m.Generator)
	b = append(b, ",\n \"files\": "...)
	switch {
	case m.Files == nil:
		b = append(b, "null"...)
	case len(names) == 0:
		b = append(b, "{}"...)
	default:
		b = append(b, '{')
		for i, name := range names {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, "\n  "...)
			b = appendString(b, name)
			b = append(b, ": "...)
			b = appendString(b, m.Files[name])
		}
		b = append(b, "\n }"...)
	}
	return append(b, "\n}\n"...)
}

// emptied removes folder, a folder of the site's that a removal may have
// left empty, and so on up while they are empty (a site of an older
// layout had its pages elsewhere): a folder holding anything stays, as
// does one this run made.
func (w *Writer) emptied(folder string) {
	for ; folder != "." && !w.made[folder]; folder = path.Dir(folder) {
		if os.Remove(filepath.Join(w.dir, filepath.FromSlash(folder))) != nil {
			return // not empty, or not there
		}
	}
}

// maxManifestBytes bounds the manifest read: a site of 100,000 files
// lists them in a few megabytes.
const maxManifestBytes = 64 << 20

// readManifestFile reads the manifest at name only as a regular file of
// at most maxManifestBytes: the folder may be in the vault, where a
// teammate's commit can put a link (to a file anywhere, to /dev/zero) or
// a folder at that name.
func readManifestFile(name string) ([]byte, error) {
	st, err := os.Lstat(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, asError(err)
	}
	if !st.Mode().IsRegular() || st.Size() > maxManifestBytes {
		return nil, pc.Errorf(pc.CodeConflict, "%s is not a manifest projectcanvas site wrote (not a regular file, or over %d bytes): give an empty or new folder with -o", name, maxManifestBytes)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, asError(err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxManifestBytes+1))
	if err != nil {
		return nil, asError(err)
	}
	if len(data) > maxManifestBytes {
		return nil, pc.Errorf(pc.CodeConflict, "%s grew over %d bytes while it was read", name, maxManifestBytes)
	}
	return data, nil
}

// readManifest reads the manifest of dir; an empty one when there is none.
func readManifest(dir string) (manifest, error) {
	m := manifest{Files: map[string]string{}}
	data, err := readManifestFile(filepath.Join(dir, ManifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, err
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

// createFile writes a file that must not exist yet, in a folder that
// does; a file it could not write whole is removed.
func createFile(name string, data []byte) error {
	opened, err := createNew(name, data)
	if err != nil && opened {
		os.Remove(name)
	}
	if err != nil {
		return asError(err)
	}
	return nil
}

// writeFile writes data to name through a temporary file, so that a
// reader never sees half a page.
func writeFile(name string, data []byte) error {
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
