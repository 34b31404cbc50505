// Package osfs is a projectcanvas.FS over a folder of the real file system.
//
// # Staying inside the vault
//
// A name is a vault path (projectcanvas.CheckPath, after filepath.ToSlash):
// "..", absolute and drive-letter paths, NUL and backslashes are refused
// with invalid_argument, never repaired. Writes, removals and renames also
// need a name the project may write (projectcanvas.CheckWritable): nothing
// in .obsidian, .git or another hidden folder, only the core's own files
// under .projectcanvas.
//
// Every read and write goes through an os.Root opened on the vault folder,
// so no symbolic link can reach a file outside it. A name is resolved
// element by element (Lstat, Readlink; at most 40 links), wherever a link
// stands in it, to the real path it designates; on Linux, one openat2 call
// that refuses links first tells whether the name holds any, and a name
// that holds none is its own real path. The real path obeys the same rule
// as the name: a name outside hidden folders may not be read or written
// through a link into one (notes/x.md linked to
// .projectcanvas/config.json or to .obsidian/plugins/x/main.js, or a
// notes folder linked to .obsidian, is refused; .projectcanvas/config.json
// read by that name is the core's), and a write must land on a file the
// project may write (CheckWritable of the real path). A link that resolves to a permitted file inside
// the vault is followed the same way by reads and writes: writing through a
// link to a file replaces the file it points to and keeps the link. An
// absolute link is followed when it points inside the vault. A link that
// leaves the vault is neither read nor written; the operation fails with
// invalid_argument, and an entity file reached only through such a link is
// reported as unreadable. Walk lists regular files only: it does not
// descend into linked folders, whose files are listed at their real path
// when that lies inside the vault and outside hidden folders.
//
// # Atomic, durable, conditional writes
//
// WriteFile writes the new content to a temporary file in the same folder
// (named .projectcanvas-<16 hex digits>.tmp, which no person or editor
// would choose), syncs it to disk, checks that the target still has the
// content the caller read and puts the temporary file in its place. The
// check comes after the slow part, as late as it can. The replacement is
// made durable by Sync, which syncs each changed folder once: a
// transaction of a thousand files syncs a handful of folders, not a
// thousand (and Lock's release syncs what a writer left unsynced).
//
// On Linux the last step closes the window between that check and the
// replacement: a new file is renamed with RENAME_NOREPLACE (it fails if the
// file appeared meanwhile), and an existing one is swapped with the
// temporary file by RENAME_EXCHANGE, after which the content it displaced
// is checked; if an editor saved in between, the swap is reversed, the save
// stays and the write fails with a conflict. What remains there: for the
// instant (a few system calls; longer if the thread is descheduled on a
// busy machine) between the swap and its reversal, the tool's content is
// in the file. An editor that reads the file then, or saves again then,
// builds on the tool's content and the save that landed in the window is
// lost. Races counts the saves that landed in the window and the second saves. Elsewhere (and on file systems without
// renameat2 flags) the replacement is a plain rename, and an editor save
// between the check and the rename (one read and hash of the file, then
// one system call: microseconds) is overwritten. docs/RELIABILITY.md has
// the measured figures.
//
// Remove and Rename check the content, then remove or rename: a save in
// between is removed with the file (Remove only undoes files the tool just
// created) or moved with it (Rename), never overwritten.
//
// Temporary files that a killed process left behind are listed by
// TempFiles; projectcanvas.Open removes them under the vault lock.
//
// Lock is an advisory lock on .projectcanvas/lock, shared by every process
// that opens the same vault.
package osfs

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// FS is the file system below one root folder.
type FS struct {
	dir  string // absolute, symbolic links resolved
	root *os.Root
	top  *os.File // the root folder, for system calls relative to it
	// mu serializes check-then-write sequences of this process; Lock adds
	// the cross-process part.
	mu     sync.Mutex
	lockMu sync.Mutex
	dirty  map[string]bool // folders changed since the last Sync; guarded by mu
	// gaveWay and doubleSaves count the races of Races.
	gaveWay, doubleSaves atomic.Int64
}

// Races reports how many writes found, after replacing the file, that an
// editor had saved it in the last instant before (they gave way: the save
// was put back and the write failed with a conflict), and how many of those
// met a second save in the few microseconds before the first was put back.
// In that case the later save is kept and the earlier one is lost: the
// remaining window (see the package documentation). Hosts may log them.
func (f *FS) Races() (gaveWay, doubleSaves int64) {
	return f.gaveWay.Load(), f.doubleSaves.Load()
}

// New returns the FS rooted at dir, which must be an existing folder.
func New(dir string) (*FS, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, pc.Errorf(pc.CodeNotFound, "the vault folder %s does not exist: create it (mkdir -p %s), or name another "+
			"with --vault DIR or $PROJECTCANVAS_VAULT", dir, dir).With("path", dir)
	}
	if err != nil {
		return nil, pc.Errorf(pc.CodeNotFound, "vault folder %s: %v", dir, err)
	}
	if !st.IsDir() {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "vault %s is not a folder", dir)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, err
	}
	top, err := root.Open(".")
	if err != nil {
		root.Close()
		return nil, err
	}
	return &FS{dir: abs, root: root, top: top}, nil
}

// Root is the absolute path of the vault folder.
func (f *FS) Root() string { return f.dir }

// Close releases the handle on the vault folder.
func (f *FS) Close() error { return errors.Join(f.top.Close(), f.root.Close()) }

// outside is the error for a path that leads out of the vault.
func outside(name string) error {
	return pc.Errorf(pc.CodeInvalidArgument, "path %q is outside the vault (through .. or a symbolic link)", name).With("path", name)
}

// rel turns a name into a vault path (pc.CheckPath) with slashes, the
// separator of vault paths on every system.
func rel(name string) (string, error) {
	p := filepath.ToSlash(name)
	if err := pc.CheckPath(p); err != nil {
		return "", err
	}
	return p, nil
}

// escaped reports whether err is os.Root refusing a path that leaves it.
func escaped(err error) bool {
	return err != nil && strings.Contains(err.Error(), "path escapes from parent")
}

// wrap turns os.Root's refusal into the vault's error, and a path through
// a file ("a.md/b.md") into a missing file, as a missing folder is: the
// answer must not tell what exists where a name may not be read.
func wrap(name string, err error) error {
	switch {
	case escaped(err):
		return outside(name)
	case notDir(err):
		return &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return err
}

// notDir reports whether err says that an element of a path that should
// be a folder is a file (ENOTDIR; Windows says the path is not found).
func notDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }

// maxLinks bounds how many symbolic links one name may go through.
const maxLinks = 40

// resolve returns the real root-relative path of the file the vault path
// name designates: every element is looked at (Lstat) through os.Root, and
// each symbolic link, wherever it stands, is replaced by its target, so
// that the result goes through no link. Links that leave the vault are
// refused; an absolute link is followed when it points inside the vault.
// The part of the path that does not exist yet is kept as it is. Where the
// kernel can tell in one call that no element is a link (linkFree), the
// path is its own real path and the walk is skipped.
func (f *FS) resolve(name string) (string, error) {
	p, err := rel(name)
	if err != nil {
		return "", err
	}
	if f.linkFree(p) {
		return p, nil
	}
	return f.walkLinks(name, p)
}

// walkLinks is resolve's element by element walk of the vault path p.
func (f *FS) walkLinks(name, p string) (string, error) {
	todo := strings.Split(p, "/")
	var done []string // the real path so far: folders that are no links
	for links := 0; len(todo) > 0; {
		part := todo[0]
		todo = todo[1:]
		switch part {
		case "", ".": // from a link's target
			continue
		case "..":
			if len(done) == 0 {
				return "", outside(name)
			}
			done = done[:len(done)-1] // done holds no link: its parent is lexical
			continue
		}
		cur := path.Join(path.Join(done...), part)
		target, isLink, err := f.readLink(cur)
		if err != nil {
			return "", wrap(name, err)
		}
		if !isLink {
			done = append(done, part)
			continue
		}
		if links++; links > maxLinks {
			return "", pc.Errorf(pc.CodeInvalidArgument, "%s: too many levels of symbolic links", name).With("path", name)
		}
		if filepath.IsAbs(target) {
			r, err := filepath.Rel(f.dir, target)
			if err != nil || r == ".." || strings.HasPrefix(filepath.ToSlash(r), "../") {
				return "", outside(name)
			}
			target, done = r, nil
		}
		todo = append(strings.Split(filepath.ToSlash(target), "/"), todo...)
	}
	if len(done) == 0 {
		return "", pc.Errorf(pc.CodeInvalidArgument, "path %q designates the vault folder, not a file", name).With("path", name)
	}
	return strings.Join(done, "/"), nil
}

// readLink reports whether the entry at the root-relative path p is a
// symbolic link, and its target. A missing entry is no link.
func (f *FS) readLink(p string) (target string, isLink bool, err error) {
	st, err := f.root.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist), notDir(err):
		// A file where a folder of the path should be: the path leads
		// nowhere, whatever lies beyond, as a missing element does.
		return "", false, nil
	case err != nil:
		return "", false, err
	case st.Mode()&fs.ModeSymlink == 0:
		return "", false, nil
	}
	target, err = f.root.Readlink(p)
	return target, err == nil, err
}

// readable resolves name for a read. A name outside hidden folders may not
// lead, through a link, into one: reading .projectcanvas/config.json by
// that name is the core's business, reading it as notes/x.md is not.
func (f *FS) readable(name string) (string, error) {
	p, err := f.resolve(name)
	if err != nil {
		return "", err
	}
	if pc.Hidden(p) && !pc.Hidden(filepath.ToSlash(name)) {
		return "", linkedTo(name, p, "a hidden folder (.obsidian, .projectcanvas...) or a hidden file, which no visible name may be read as")
	}
	return p, nil
}

// writable resolves name for a write, a removal or a rename: both the name
// and the real path it leads to must be ones the project may write
// (pc.CheckWritable), so that no link carries a write into .obsidian or
// .git; and, as for reads, a visible name may not lead into a hidden folder,
// not even the core's own (notes/x.md linked to .projectcanvas/config.json).
func (f *FS) writable(name string) (string, error) {
	if err := pc.CheckWritable(filepath.ToSlash(name)); err != nil {
		return "", err
	}
	p, err := f.readable(name)
	if err != nil {
		return "", err
	}
	if err := pc.CheckWritable(p); err != nil {
		return "", linkedTo(name, p, "a file the project may not write ("+pc.AsError(err).Message+")")
	}
	return p, nil
}

// removable resolves name for Remove: a name the project may write, or
// one of the temporary files TempFiles lists, which writes name themselves
// (hidden names) and Open removes. Such a name must be a temporary file at
// its real path too: a link named like one does not remove a note.
func (f *FS) removable(name string) (string, error) {
	if !isTemp(filepath.ToSlash(name)) {
		return f.writable(name)
	}
	p, err := f.readable(name)
	if err != nil {
		return "", err
	}
	if !isTemp(p) {
		return "", linkedTo(name, p, "which is no temporary file of a write")
	}
	return p, nil
}

// isTemp reports whether the vault path p is named like a temporary file
// of a write, in a folder where the project may write a file.
func isTemp(p string) bool {
	dir, base := path.Split(p)
	return tempPattern.MatchString(base) && pc.CheckWritable(dir+"file") == nil
}

// linkedTo is the error for a name that symbolic links lead to the real
// path p, where they may not.
func linkedTo(name, p, what string) error {
	return pc.Errorf(pc.CodeInvalidArgument, "path %q leads through a symbolic link to %q, %s", name, p, what).
		With("path", name).With("target", p)
}

// ReadFile implements projectcanvas.FS: name is resolved link by link
// (readable) and the real file is read. A path that holds no link at all,
// the common case, is read with the one open that checks it.
func (f *FS) ReadFile(name string) ([]byte, error) {
	if p, err := rel(name); err != nil {
		return nil, err
	} else if data, ok, err := f.readLinkFree(p); ok {
		return data, f.readError(name, p, err)
	}
	p, err := f.readable(name)
	if err != nil {
		return nil, err
	}
	data, err := f.root.ReadFile(p)
	return data, f.readError(name, p, err)
}

// readError is wrap for a read of name at the real path p; a folder there
// is pc.ErrIsFolder, on every system (Linux says EISDIR, Windows another).
func (f *FS) readError(name, p string, err error) error {
	if err == nil || errors.Is(err, fs.ErrNotExist) || escaped(err) || notDir(err) {
		return wrap(name, err)
	}
	if st, serr := f.root.Stat(p); serr == nil && st.IsDir() {
		return &fs.PathError{Op: "read", Path: name, Err: pc.ErrIsFolder}
	}
	return err
}

// check verifies that the file at p has the content hashing to want.
func (f *FS) check(p, name string, want pc.Hash) error {
	_, err := f.checked(p, name, want)
	return err
}

// checked is check that also returns the identity of the file it read (nil
// when it does not exist).
func (f *FS) checked(p, name string, want pc.Hash) (fs.FileInfo, error) {
	fh, err := f.root.Open(p)
	if notDir(err) {
		err = fs.ErrNotExist // through a file: no file there
	}
	switch {
	case errors.Is(err, fs.ErrNotExist) && want == "":
		return nil, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, pc.ConflictError(name)
	case err != nil:
		return nil, wrap(name, err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(fh)
	if err != nil {
		return nil, err
	}
	if want == "" || pc.HashOf(data) != want {
		return nil, pc.ConflictError(name)
	}
	return st, nil
}

// beforeRename, when set by a test, runs between the last check and the
// rename of every write; tests widen the window with it.
var beforeRename func(name string)

// WriteFile implements projectcanvas.FS.
func (f *FS) WriteFile(name string, data []byte, want pc.Hash) error {
	p, err := f.writable(name)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.check(p, name, want); err != nil {
		return err // fail early: no temporary file for a write that cannot happen
	}
	dir := path.Dir(p)
	if err := f.root.MkdirAll(dir, 0o755); err != nil {
		if notDir(err) || errors.Is(err, fs.ErrExist) {
			return pc.Errorf(pc.CodeInvalidArgument, "path %q goes through a file as if it were a folder", name).With("path", name)
		}
		return wrap(name, err)
	}
	perm := fs.FileMode(0o644)
	if st, err := f.root.Stat(p); err == nil {
		perm = st.Mode().Perm() // keep the file's mode
	}
	tmp, err := f.writeTemp(dir, data, perm)
	if err != nil {
		return wrap(name, err)
	}
	// The late check: the temporary file is complete and on disk, so only
	// a hash and a rename separate this check from the replacement.
	seen, err := f.checked(p, name, want)
	if err != nil {
		_ = f.root.Remove(tmp)
		return err
	}
	if beforeRename != nil {
		beforeRename(name)
	}
	if err := f.replace(tmp, p, name, data, want, seen); err != nil {
		_ = f.root.Remove(tmp)
		return err
	}
	f.changed(dir)
	return nil
}

// replace moves the temporary file tmp to p, which must hold the content
// hashing to want ("" for none). Where the system can (Linux), it closes
// the window between the last check and the rename: a new file is renamed
// only if no file appeared meanwhile, and an existing one is exchanged
// with the temporary file atomically, so that the content it replaced can
// be checked; if an editor saved in between, the exchange is reversed and
// the save stays. Elsewhere it renames.
func (f *FS) replace(tmp, p, name string, data []byte, want pc.Hash, seen fs.FileInfo) error {
	d, err := f.root.Open(path.Dir(p))
	if err != nil {
		return wrap(name, err)
	}
	defer d.Close()
	from, to := path.Base(tmp), path.Base(p)
	if want == "" {
		err = rename2(d, from, d, to, renameNoReplace)
		if errors.Is(err, fs.ErrExist) {
			return pc.ConflictError(name)
		}
	} else if err = rename2(d, from, d, to, renameExchange); err == nil {
		return f.checkReplaced(d, tmp, p, name, data, want, seen)
	}
	if errors.Is(err, errors.ErrUnsupported) {
		err = f.root.Rename(tmp, p)
	}
	return wrap(name, err)
}

// checkReplaced runs after tmp and p were exchanged: tmp now holds what p
// held. If that is not the file the last check read (an editor saved by
// renaming) or no longer has its content (an editor saved in place), the
// save is put back at once and the write fails with a conflict. The file
// identity is compared first because it takes one system call: the tool's
// content is visible at p for as short a time as possible.
func (f *FS) checkReplaced(d *os.File, tmp, p, name string, data []byte, want pc.Hash, seen fs.FileInfo) error {
	if st, err := f.root.Lstat(tmp); err == nil && seen != nil && os.SameFile(st, seen) {
		displaced, err := f.root.ReadFile(tmp)
		if err == nil && pc.HashOf(displaced) == want {
			return f.root.Remove(tmp)
		}
	}
	f.gaveWay.Add(1)
	if err := rename2(d, path.Base(tmp), d, path.Base(p), renameExchange); err != nil {
		if err := f.root.Rename(tmp, p); err != nil { // put the save back anyway
			return wrap(name, err)
		}
		return pc.ConflictError(name)
	}
	if back, err := f.root.ReadFile(tmp); err == nil && string(back) != string(data) {
		// The editor saved once more between the two exchanges: its
		// later save, now in tmp, wins over the one put back.
		f.doubleSaves.Add(1)
		if err := f.root.Rename(tmp, p); err != nil {
			return wrap(name, err)
		}
	}
	return pc.ConflictError(name)
}

// tempPattern matches the temporary files of writes: those named by
// writeTemp, and the .pc-<digits>.tmp files of earlier versions.
var tempPattern = regexp.MustCompile(`^(\.projectcanvas-[0-9a-f]{16}\.tmp|\.pc-[0-9]+\.tmp)$`)

// writeTemp writes data to a new temporary file in dir, synced to disk, and
// returns its root-relative name.
func (f *FS) writeTemp(dir string, data []byte, perm fs.FileMode) (string, error) {
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	name := path.Join(dir, ".projectcanvas-"+hex.EncodeToString(rnd[:])+".tmp")
	fh, err := f.root.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, perm)
	if err != nil {
		return "", err
	}
	_, err = fh.Write(data)
	if err == nil {
		err = fh.Chmod(perm) // the umask may have narrowed it
	}
	if err == nil {
		err = fh.Sync()
	}
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = f.root.Remove(name)
		return "", err
	}
	return name, nil
}

// changed records that an entry of dir changed; the caller holds f.mu.
func (f *FS) changed(dir string) {
	if f.dirty == nil {
		f.dirty = map[string]bool{}
	}
	f.dirty[dir] = true
}

// Sync implements projectcanvas.Syncer: it makes every rename and removal
// done so far durable, by syncing each folder they changed once. (The
// content of each file written is synced before it replaces the old one.)
func (f *FS) Sync() error {
	f.mu.Lock()
	dirs := f.dirty
	f.dirty = nil
	f.mu.Unlock()
	var errs []error
	for dir := range dirs {
		if err := f.syncDir(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// syncDir makes a rename or removal in dir durable.
func (f *FS) syncDir(dir string) error {
	d, err := f.root.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	return nil
}

// Remove implements projectcanvas.FS.
func (f *FS) Remove(name string, want pc.Hash) error {
	p, err := f.removable(name)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, err := f.root.Stat(p); err != nil {
		return wrap(name, err)
	}
	if err := f.check(p, name, want); err != nil {
		return err
	}
	if err := f.root.Remove(p); err != nil {
		return wrap(name, err)
	}
	f.changed(path.Dir(p))
	return nil
}

// Rename implements projectcanvas.FS.
func (f *FS) Rename(from, to string, want pc.Hash) error {
	src, err := f.writable(from)
	if err != nil {
		return err
	}
	dst, err := f.writable(to)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, err := f.root.Lstat(src); err != nil {
		return wrap(from, err)
	}
	if _, err := f.root.Lstat(dst); err == nil && src != dst {
		return pc.ConflictError(to)
	}
	if err := f.root.MkdirAll(path.Dir(dst), 0o755); err != nil {
		return wrap(to, err)
	}
	if err := f.check(src, from, want); err != nil {
		return err
	}
	if err := f.move(src, dst, to); err != nil {
		return err
	}
	f.changed(path.Dir(dst))
	f.changed(path.Dir(src))
	return nil
}

// move renames src to dst, refusing to replace a file that appeared at dst
// since it was checked (where renameat2 allows).
func (f *FS) move(src, dst, to string) error {
	sd, err := f.root.Open(path.Dir(src))
	if err != nil {
		return wrap(to, err)
	}
	defer sd.Close()
	dd, err := f.root.Open(path.Dir(dst))
	if err != nil {
		return wrap(to, err)
	}
	defer dd.Close()
	err = rename2(sd, path.Base(src), dd, path.Base(dst), renameNoReplace)
	switch {
	case errors.Is(err, fs.ErrExist):
		return pc.ConflictError(to)
	case errors.Is(err, errors.ErrUnsupported):
		err = f.root.Rename(src, dst)
	}
	return wrap(to, err)
}

// Walk implements projectcanvas.FS. Symbolic links are not followed: a
// linked file inside the vault is listed at its real path, and a linked
// markdown file that leads outside is listed so that reading it reports
// the problem.
func (f *FS) Walk(fn func(name string) error) error {
	return f.walkDir(func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == "." {
				return err
			}
			return nil // an unreadable folder is skipped, not fatal
		}
		if p == "." {
			return nil
		}
		if d.IsDir() {
			if pc.Hidden(d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		return f.walkFile(p, d, fn)
	})
}

// walkFile passes the file p, met by a walk outside hidden folders, to fn
// if Walk lists it.
func (f *FS) walkFile(p string, d fs.DirEntry, fn func(name string) error) error {
	if pc.Hidden(d.Name()) {
		return nil
	}
	if d.Type()&fs.ModeSymlink != 0 {
		if _, err := f.resolve(p); err != nil && strings.HasSuffix(strings.ToLower(p), ".md") {
			return fn(p)
		}
		return nil
	}
	if !d.Type().IsRegular() {
		return nil
	}
	return fn(p)
}

// TempFiles implements projectcanvas.FS: it lists the temporary files of
// interrupted writes in every folder writes go to (those Walk visits, and
// the hidden folders the project writes: .projectcanvas, .templates).
func (f *FS) TempFiles() ([]string, error) {
	return f.Scan(func(string) error { return nil })
}

// Scan is Walk and TempFiles in one walk of the vault
// (projectcanvas.Scanner): Open lists the files to index and looks for
// the leftovers of interrupted writes at once.
func (f *FS) Scan(fn func(name string) error) (temps []string, err error) {
	err = f.walkDir(func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == "." {
				return err
			}
			return nil // an unreadable folder is skipped, not fatal
		}
		switch {
		case p == ".":
			return nil
		case d.IsDir():
			if pc.Hidden(d.Name()) && !pc.WrittenHidden(p) {
				return fs.SkipDir
			}
			return nil
		case d.Type().IsRegular() && tempPattern.MatchString(d.Name()):
			temps = append(temps, p)
			return nil
		case pc.WrittenHidden(p):
			return nil // the only hidden folders Scan enters; Walk does not
		}
		return f.walkFile(p, d, fn)
	})
	return temps, err
}

// Lock implements projectcanvas.FS: a process-wide mutex plus an advisory
// file lock on .projectcanvas/lock for other processes. A lock file (or
// .projectcanvas folder) that is a symbolic link leading outside the vault
// or into a hidden folder is refused, as writes are.
func (f *FS) Lock() (func(), error) {
	f.lockMu.Lock()
	release, err := f.lockVault()
	if err != nil {
		f.lockMu.Unlock()
		return nil, err
	}
	return func() {
		_ = f.Sync() // a safety net: writers sync before they release
		release()
		f.lockMu.Unlock()
	}, nil
}

// lockName is the file Lock locks.
const lockName = pc.OwnFolder + "/lock"

// lockVault takes the file lock of Lock.
func (f *FS) lockVault() (func(), error) {
	p, err := f.writable(lockName)
	if err != nil {
		return nil, err
	}
	if err := f.root.MkdirAll(path.Dir(p), 0o755); err != nil {
		return nil, wrap(lockName, err)
	}
	release, err := f.lockFile(p)
	return release, wrap(lockName, err)
}
