package projectcanvas

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
)

// FS is the vault's storage, seen as slash-separated paths relative to the
// vault root. Implementations: vault/memfs (tests, WASM) and vault/osfs (the
// native hosts). Every write is conditional, so a file that changed since it
// was read is never overwritten blindly.
type FS interface {
	// ReadFile returns the content of the file, or an error satisfying
	// errors.Is(err, fs.ErrNotExist).
	ReadFile(name string) ([]byte, error)
	// WriteFile replaces the file with data in one step (readers see the old
	// or the new content, never a mix). It first checks that the file still
	// has the content that hashes to want; want == "" means the file must not
	// exist yet. Otherwise it fails with a conflict *Error and writes nothing.
	// Missing parent folders are created. The new content is durable (on
	// disk, for a disk) before it replaces the old; for a Syncer, the
	// replacement itself is durable after Sync.
	WriteFile(name string, data []byte, want Hash) error
	// Remove deletes the file if its content still hashes to want.
	Remove(name string, want Hash) error
	// Rename moves a file in one step, so that its content is never found
	// under both names, if its content still hashes to want. It fails with a
	// conflict *Error when the content differs or the destination exists.
	// Missing parent folders are created.
	Rename(from, to string, want Hash) error
	// Walk calls fn for every regular file of the vault, in lexical order,
	// skipping hidden folders such as .obsidian and .trash.
	Walk(fn func(name string) error) error
	// Lock takes the vault-wide write lock, shared by every process using
	// the vault, and returns the function that releases it.
	Lock() (unlock func(), err error)
	// TempFiles lists the temporary files that writes interrupted by a
	// crash left behind (never a file the user wrote), so that Open can
	// remove them.
	TempFiles() ([]string, error)
}

// Files is the read half of FS: what a Project hands out (Project.Files).
type Files interface {
	// ReadFile is FS's ReadFile.
	ReadFile(name string) ([]byte, error)
	// Walk is FS's Walk.
	Walk(fn func(name string) error) error
}

// readOnly hides an FS's writes. Stat passes through for the back ends
// that know sizes and times without reading (vault/osfs).
type readOnly struct{ fs FS }

func (r readOnly) ReadFile(name string) ([]byte, error)  { return r.fs.ReadFile(name) }
func (r readOnly) Walk(fn func(name string) error) error { return r.fs.Walk(fn) }

// Stat returns the file's information when the back end has a Stat, and an
// error otherwise.
func (r readOnly) Stat(name string) (fs.FileInfo, error) {
	if s, ok := r.fs.(interface {
		Stat(string) (fs.FileInfo, error)
	}); ok {
		return s.Stat(name)
	}
	return nil, errors.ErrUnsupported
}

// Scanner is implemented by an FS that lists, in one walk, the files Walk
// lists (to fn, in Walk's order) and the temporary files TempFiles lists
// (vault/osfs), so that Open walks the vault once rather than twice.
type Scanner interface {
	Scan(fn func(name string) error) (temps []string, err error)
}

// SharedReader is implemented by an FS that keeps its files in memory and
// never changes the bytes it keeps, only replaces them (vault/memfs):
// ReadShared is ReadFile without the copy, and the caller must not change
// what it returns. The index keeps those bytes in the entity read from
// them, where they cost no memory, instead of hashing them (see
// Entity.readFrom).
type SharedReader interface {
	ReadShared(name string) ([]byte, error)
}

// ReadShared reads name without a copy when files shares the bytes it
// keeps (a SharedReader, also behind Project.Files), else with ReadFile;
// shared tells which. The caller must not change what it returns.
func ReadShared(files Files, name string) (data []byte, shared bool, err error) {
	if r, ok := files.(readOnly); ok {
		files = r.fs
	}
	if s, ok := files.(SharedReader); ok {
		data, err = s.ReadShared(name)
		return data, true, err
	}
	data, err = files.ReadFile(name)
	return data, false, err
}

// Syncer is implemented by an FS whose renames and removals become durable
// only when synced (vault/osfs), so that a transaction of many files pays
// for durability once per folder rather than once per file. Sync makes
// every change made so far durable. The journal (see Crash safety) syncs
// after recording its intent and before removing it.
type Syncer interface {
	Sync() error
}

// syncFS syncs fsys if it is a Syncer.
func syncFS(fsys FS) error {
	if s, ok := fsys.(Syncer); ok {
		return s.Sync()
	}
	return nil
}

// Hash identifies the content of a file: a truncated SHA-256, in hex.
type Hash string

// HashOf returns the Hash of data.
func HashOf(data []byte) Hash {
	sum := sha256.Sum256(data)
	return Hash(hex.EncodeToString(sum[:12]))
}

// ConflictError is the error FS implementations return when a file is not as
// the caller last saw it.
func ConflictError(name string) *Error {
	return Errorf(CodeConflict, "%s changed on disk since it was read; reload and try again", name).With("path", name)
}
