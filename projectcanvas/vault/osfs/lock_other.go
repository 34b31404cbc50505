//go:build !unix

package osfs

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// lockFile takes the lock by creating path exclusively, polling while another
// process holds it. A lock older than a minute is taken to be left over by a
// crashed process and is broken.
func lockFile(path string) (func(), error) {
	path += ".excl"
	for {
		fh, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			fh.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if st, err := os.Stat(path); err == nil && time.Since(st.ModTime()) > time.Minute {
			os.Remove(path)
			continue
		}
		time.Sleep(5 * time.Millisecond)
	}
}
