//go:build unix

package osfs

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive flock on the file at name (root-relative),
// waiting for other holders.
func (f *FS) lockFile(name string) (func(), error) {
	fh, err := f.root.OpenFile(name, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(fh.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		fh.Close()
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(fh.Fd()), syscall.LOCK_UN)
		fh.Close()
	}, nil
}
