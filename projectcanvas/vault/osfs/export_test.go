package osfs

import (
	"io/fs"
	"testing"
)

// SetBeforeRename installs a hook run between the last check and the
// rename of every write (nil removes it); tests save "as an editor" there.
func SetBeforeRename(fn func(name string)) { beforeRename = fn }

// LockExclusive is the lock of platforms without flock, for its tests here.
func LockExclusive(f *FS, name string) (func(), error) { return f.lockExclusive(name) }

// ReadDirPortable is the listing of platforms without readdir_unix.go.
func ReadDirPortable(f *FS, p string) ([]fs.DirEntry, error) { return f.readDirPortable(p) }

// StaleLock is the age past which LockExclusive breaks a lock.
const StaleLock = staleLock

// WithoutLinuxCalls makes the package, until t ends, do what it does where
// renameat2 and openat2 are missing (macOS, Windows, old kernels): plain
// renames and element-by-element path walks. Not for parallel tests.
func WithoutLinuxCalls(t testing.TB) {
	restore := disableLinuxCalls()
	t.Cleanup(restore)
}
