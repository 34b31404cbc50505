package osfs

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// staleLock is the age past which an exclusive lock file (lockExclusive)
// is taken to be left over by a crashed process, and broken.
const staleLock = time.Minute

// lockExclusive takes the lock by creating name+".excl" (root-relative)
// exclusively, polling while another process holds it. It is the lock of
// platforms without flock (Windows); it builds everywhere so that its
// tests run here too. Unlike flock, the kernel does not release it when
// its process dies: a lock file older than staleLock is broken.
func (f *FS) lockExclusive(name string) (func(), error) {
	name += ".excl"
	for {
		fh, err := f.root.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			fh.Close()
			return func() { f.root.Remove(name) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if st, err := f.root.Stat(name); err == nil && time.Since(st.ModTime()) > staleLock {
			f.root.Remove(name)
			continue
		}
		time.Sleep(5 * time.Millisecond)
	}
}
