// Package memfs is an in-memory projectcanvas.FS, safe for concurrent use.
// The WebAssembly host fills it with the files the editor hands over and
// drains the changes it records; tests use it as a fast vault.
package memfs

import (
	"io/fs"
	"iter"
	"maps"
	"slices"
	"sync"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// FS is an in-memory file system. The zero value is not usable; call New.
type FS struct {
	mu    sync.RWMutex
	files map[string][]byte
	// names is every file name in order, while no file has come or gone
	// since Load (nil after): a walk of a vault just loaded (the index,
	// then the document index) sorts nothing.
	names []string
	lock  sync.Mutex // the vault lock of Lock
	// FailWrite, when set, is called before every write, remove or rename
	// and may return an error to make that operation fail; tests use it to
	// inject faults.
	FailWrite func(op, name string) error
	// changes records the project's writes while tracking is on; see
	// TrackChanges.
	changes  []Change
	tracking bool
}

// Change is one write the project made, for a host that mirrors the vault
// elsewhere (the editor plugin applies them through its own vault API).
type Change struct {
	Op      string `json:"op" tstype:"\"write\" | \"delete\" | \"rename\""` // "write", "delete" or "rename"
	Path    string `json:"path"`                                            // the file written or deleted, or the rename's destination
	From    string `json:"from,omitempty"`                                  // a rename's source
	Content string `json:"content,omitempty"`
}

// TrackChanges starts recording every WriteFile, Remove and Rename, for
// TakeChanges to hand over. Put, Delete and Move, the host's own updates,
// are never recorded: the host already has them.
func (m *FS) TrackChanges() {
	m.mu.Lock()
	m.tracking = true
	m.mu.Unlock()
}

// TakeChanges returns the changes recorded since the last call, in order,
// and forgets them.
func (m *FS) TakeChanges() []Change {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := m.changes
	m.changes = nil
	return out
}

func (m *FS) record(c Change) {
	if m.tracking {
		m.changes = append(m.changes, c)
	}
}

// Put sets a file's content as the host saw it, without recording a
// change. A name that is not a vault path (pc.CheckPath) is refused and
// nothing is stored.
func (m *FS) Put(name string, data []byte) error {
	if err := pc.CheckPath(name); err != nil {
		return err
	}
	m.mu.Lock()
	m.set(name, append([]byte(nil), data...))
	m.mu.Unlock()
	return nil
}

// Delete removes a file the host removed, without recording a change. A
// missing file is not an error; a name that is not a vault path is.
func (m *FS) Delete(name string) error {
	if err := pc.CheckPath(name); err != nil {
		return err
	}
	m.mu.Lock()
	m.drop(name)
	m.mu.Unlock()
	return nil
}

// Move renames a file the host renamed, without recording a change. A
// missing source is not an error: the host's view wins. Names that are not
// vault paths are refused and nothing moves.
func (m *FS) Move(from, to string) error {
	if err := pc.CheckPath(from); err != nil {
		return err
	}
	if err := pc.CheckPath(to); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if data, ok := m.files[from]; ok {
		m.drop(from)
		m.set(to, data)
	}
	return nil
}

// set stores a file's bytes; the caller holds mu for writing.
func (m *FS) set(name string, data []byte) {
	if _, ok := m.files[name]; !ok {
		m.names = nil
	}
	m.files[name] = data
}

// drop removes a file; the caller holds mu for writing.
func (m *FS) drop(name string) {
	delete(m.files, name)
	m.names = nil
}

// Load returns an FS holding a copy of files (path to content), as a host
// hands them over. A name that is not a vault path (pc.CheckPath: "..",
// absolute, "C:/x.md", NUL, backslash...) is refused with an
// invalid_argument error naming it; nothing is repaired.
func Load(files map[string]string) (*FS, error) { return LoadSeq(maps.All(files), len(files)) }

// LoadSeq is Load over a sequence of (path, content) pairs, of about n
// pairs; of a path given twice, the later content is kept. A host that
// holds the files as a list hands them over without a map in between.
func LoadSeq(files iter.Seq2[string, string], n int) (*FS, error) {
	m := &FS{files: make(map[string][]byte, n)}
	var bad string // the first refused name in sorted order: the same for the same files
	var refused error
	names := make([]string, 0, n)
	for name, content := range files {
		if err := pc.CheckPath(name); err != nil {
			if refused == nil || name < bad {
				bad, refused = name, err
			}
			continue
		}
		if _, again := m.files[name]; !again {
			names = append(names, name)
		}
		m.files[name] = []byte(content)
	}
	if refused != nil {
		return nil, refused
	}
	// Files handed over in order (the plugin sends them so) cost a check.
	if !slices.IsSorted(names) {
		slices.Sort(names)
	}
	m.names = names
	return m, nil
}

// New is Load for files whose names are fixed in the program (tests,
// benchmarks): it panics on a name that is not a vault path, as
// regexp.MustCompile does on a bad pattern. Hosts use Load.
func New(files map[string]string) *FS {
	m, err := Load(files)
	if err != nil {
		panic(err)
	}
	return m
}

func notExist(op, name string) error {
	return &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
}

// ReadFile implements projectcanvas.FS. A name that is not a vault path
// (pc.CheckPath) is refused with invalid_argument.
func (m *FS) ReadFile(name string) ([]byte, error) {
	data, err := m.ReadShared(name)
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), data...), nil
}

// ReadShared implements projectcanvas.SharedReader: ReadFile without the
// copy. The FS never changes the bytes it keeps (every write stores new
// ones), so they stay as read; the caller must not change them either.
func (m *FS) ReadShared(name string) ([]byte, error) {
	m.mu.RLock()
	data, ok := m.files[name]
	m.mu.RUnlock()
	if !ok {
		// Every name the FS holds passed pc.CheckPath when it was stored:
		// only a miss is checked, and a build reading each file checks
		// none again.
		if err := pc.CheckPath(name); err != nil {
			return nil, err
		}
		return nil, notExist("read", name)
	}
	return data, nil
}

func (m *FS) checkLocked(name string, want pc.Hash) error {
	data, ok := m.files[name]
	switch {
	case !ok && want == "":
		return nil
	case ok && want != "" && pc.HashOf(data) == want:
		return nil
	case !ok:
		return notExist("write", name)
	}
	return pc.ConflictError(name)
}

func (m *FS) fail(op, name string) error {
	if m.FailWrite != nil {
		return m.FailWrite(op, name)
	}
	return nil
}

// WriteFile implements projectcanvas.FS. A name the project may not write
// (pc.CheckWritable) is refused with invalid_argument; nothing changes.
// Remove and Rename refuse such names the same way, so that no change
// TakeChanges hands over can name one.
func (m *FS) WriteFile(name string, data []byte, want pc.Hash) error {
	if err := pc.CheckWritable(name); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.checkLocked(name, want); err != nil {
		return err
	}
	if err := m.fail("write", name); err != nil {
		return err
	}
	m.set(name, append([]byte(nil), data...))
	m.record(Change{Op: "write", Path: name, Content: string(data)})
	return nil
}

// Remove implements projectcanvas.FS.
func (m *FS) Remove(name string, want pc.Hash) error {
	if err := pc.CheckWritable(name); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.files[name]; !ok {
		return notExist("remove", name)
	}
	if err := m.checkLocked(name, want); err != nil {
		return err
	}
	if err := m.fail("remove", name); err != nil {
		return err
	}
	m.drop(name)
	m.record(Change{Op: "delete", Path: name})
	return nil
}

// Rename implements projectcanvas.FS.
func (m *FS) Rename(from, to string, want pc.Hash) error {
	if err := pc.CheckWritable(from); err != nil {
		return err
	}
	if err := pc.CheckWritable(to); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	data, ok := m.files[from]
	if !ok {
		return notExist("rename", from)
	}
	if _, exists := m.files[to]; exists && to != from {
		return pc.ConflictError(to)
	}
	if pc.HashOf(data) != want {
		return pc.ConflictError(from)
	}
	if err := m.fail("rename", from); err != nil {
		return err
	}
	m.drop(from)
	m.set(to, data)
	m.record(Change{Op: "rename", Path: to, From: from})
	return nil
}

// Walk implements projectcanvas.FS.
func (m *FS) Walk(fn func(name string) error) error {
	m.mu.RLock()
	all := m.names // never changed in place: a change drops it
	if all == nil {
		all = slices.Sorted(maps.Keys(m.files))
	}
	m.mu.RUnlock()
	names := make([]string, 0, len(all))
	for _, name := range all {
		if !pc.Hidden(name) {
			names = append(names, name)
		}
	}
	for _, name := range names {
		if err := fn(name); err != nil {
			return err
		}
	}
	return nil
}

// Lock implements projectcanvas.FS with an in-process mutex.
func (m *FS) Lock() (func(), error) {
	m.lock.Lock()
	return m.lock.Unlock, nil
}

// TempFiles implements projectcanvas.FS: writes to memory leave nothing
// behind.
func (m *FS) TempFiles() ([]string, error) { return nil, nil }

// Files returns a copy of every file, for tests and for hosts that mirror
// the vault elsewhere.
func (m *FS) Files() map[string]string {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make(map[string]string, len(m.files))
	for name, data := range m.files {
		out[name] = string(data)
	}
	return out
}
