//go:build !unix

package osfs

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// lockFile takes the lock by creating name (root-relative) exclusively,
// polling while another process holds it. A lock older than a minute is
// taken to be left over by a crashed process and is broken.
func (f *FS) lockFile(name string) (func(), error) {
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
		if st, err := f.root.Stat(name); err == nil && time.Since(st.ModTime()) > time.Minute {
			f.root.Remove(name)
			continue
		}
		time.Sleep(5 * time.Millisecond)
	}
}
