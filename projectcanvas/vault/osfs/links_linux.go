//go:build linux

package osfs

import (
	"io/fs"
	"runtime"
	"strings"
	"syscall"
	"unsafe"
)

// openat2 is the system call number of openat2(2) on this machine, 0 where
// this package does not know it (paths are then walked element by
// element).
var openat2 = map[string]uintptr{
	"amd64": 437, "arm64": 437, "riscv64": 437, "loong64": 437, "386": 437,
	"arm": 437, "ppc64": 437, "ppc64le": 437, "s390x": 437,
}[runtime.GOARCH]

const (
	oPath             = 0x200000 // O_PATH on the architectures above
	resolveNoSymlinks = 0x04     // RESOLVE_NO_SYMLINKS
	resolveBeneath    = 0x08     // RESOLVE_BENEATH
)

type openHow struct{ flags, mode, resolve uint64 }

// openNoLinks opens the root-relative path p with flags, refusing any
// symbolic link on the way (RESOLVE_NO_SYMLINKS) and any way out of the
// root (RESOLVE_BENEATH), in one system call. known is false when p holds a
// link (ELOOP) or the kernel cannot say (before Linux 5.6, or a sandbox
// refusing openat2); otherwise fd is open or errno says why not.
func (f *FS) openNoLinks(p string, flags int) (fd int, errno syscall.Errno, known bool) {
	if openat2 == 0 {
		return -1, 0, false
	}
	var buf [256]byte // the name with its NUL, without allocating for a usual name
	name := &buf[0]
	if len(p) < len(buf) && strings.IndexByte(p, 0) < 0 {
		copy(buf[:], p)
	} else {
		var err error
		if name, err = syscall.BytePtrFromString(p); err != nil {
			return -1, 0, false
		}
	}
	how := openHow{flags: uint64(flags | syscall.O_CLOEXEC), resolve: resolveNoSymlinks | resolveBeneath}
	r, _, errno := syscall.Syscall6(openat2, f.top.Fd(), uintptr(unsafe.Pointer(name)), uintptr(unsafe.Pointer(&how)), unsafe.Sizeof(how), 0, 0)
	runtime.KeepAlive(f.top)
	switch errno {
	case 0:
		return int(r), 0, true
	case syscall.ENOENT, syscall.ENOTDIR, syscall.EACCES:
		// The walk met this before any link (a link gives ELOOP first).
		return -1, errno, true
	}
	return -1, errno, false
}

// linkFree reports that no element of the root-relative path p is a
// symbolic link, as far as p exists, so that p is its own real path. False
// means p holds a link or the kernel cannot say: the caller walks p.
func (f *FS) linkFree(p string) bool {
	fd, errno, known := f.openNoLinks(p, oPath)
	if fd >= 0 {
		syscall.Close(fd)
	}
	return known && (errno == 0 || errno == syscall.ENOENT)
}

// readLinkFree reads the file at p when no element of p is a link, with
// the open that checks it. ok is false when p holds a link or the kernel
// cannot say: the caller walks p.
//
// It works on the bare descriptor (an os.File would cost a system call to
// ask whether the descriptor is non-blocking, a finalizer and the poller's
// bookkeeping: a third of the time of reading a small note), and reads
// until the end, like os.ReadFile, except that a read returning exactly
// the size that fstat gave, short of the buffer, is taken as the end
// without asking again (a file that grows in between is read as it was at
// the fstat).
func (f *FS) readLinkFree(p string) (data []byte, ok bool, err error) {
	fd, errno, known := f.openNoLinks(p, syscall.O_RDONLY)
	switch {
	case !known:
		return nil, false, nil
	case errno != 0:
		return nil, true, &fs.PathError{Op: "open", Path: p, Err: errno}
	}
	defer syscall.Close(fd)
	size := -1
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err == nil && st.Mode&syscall.S_IFMT == syscall.S_IFREG && st.Size < 1<<30 {
		size = int(st.Size)
	}
	// One byte past the size: a read that fills it tells the file grew.
	buf := make([]byte, 0, max(size, 0)+1)
	for {
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, true, &fs.PathError{Op: "read", Path: p, Err: err}
		case n == 0:
			return buf, true, nil
		}
		buf = buf[:len(buf)+n]
		if len(buf) == size && len(buf) < cap(buf) {
			return buf, true, nil
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
	}
}
