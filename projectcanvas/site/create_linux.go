package site

import (
	"io/fs"
	"syscall"
)

// createNew writes a file that must not exist yet; opened says it made
// the file (which the caller removes when err says it is not whole). It
// takes the three system calls it needs, open, write and close:
// os.OpenFile adds five a file (the poller's fcntl four times and
// epoll_ctl), which at 10,000 pages cost more than the writes.
func createNew(name string, data []byte) (opened bool, err error) {
	const flags = syscall.O_WRONLY | syscall.O_CREAT | syscall.O_EXCL | syscall.O_CLOEXEC
	fd, err := syscall.Open(name, flags, 0o644)
	for err == syscall.EINTR {
		fd, err = syscall.Open(name, flags, 0o644)
	}
	if err != nil {
		return false, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	for len(data) > 0 && err == nil {
		var n int
		n, err = syscall.Write(fd, data)
		switch {
		case err == syscall.EINTR:
			err = nil
		case err == nil && n == 0:
			err = syscall.EIO // no progress: a full disk says ENOSPC, this never should
		}
		data = data[max(n, 0):]
	}
	if cerr := syscall.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return true, &fs.PathError{Op: "write", Path: name, Err: err}
	}
	return true, nil
}
