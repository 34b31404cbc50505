//go:build linux

package osfs

import (
	"errors"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// renameat2 is the system call number of renameat2(2) on this machine, 0
// where this package does not know it (the plain rename is used then).
var renameat2 = map[string]uintptr{
	"amd64": 316, "arm64": 276, "riscv64": 276, "loong64": 276, "386": 353,
	"arm": 382, "ppc64": 357, "ppc64le": 357, "s390x": 347,
}[runtime.GOARCH]

const (
	renameNoReplace = 1 << 0 // RENAME_NOREPLACE
	renameExchange  = 1 << 1 // RENAME_EXCHANGE
)

// rename2 renames the entry old of the folder od to the entry new of the
// folder nd, with renameat2 flags. It returns errors.ErrUnsupported where
// the kernel or the file system lacks them.
func rename2(od *os.File, old string, nd *os.File, new string, flags uintptr) error {
	if renameat2 == 0 {
		return errors.ErrUnsupported
	}
	o, err := syscall.BytePtrFromString(old)
	if err != nil {
		return err
	}
	n, err := syscall.BytePtrFromString(new)
	if err != nil {
		return err
	}
	_, _, errno := syscall.Syscall6(renameat2, od.Fd(), uintptr(unsafe.Pointer(o)), nd.Fd(), uintptr(unsafe.Pointer(n)), flags, 0)
	runtime.KeepAlive(od)
	runtime.KeepAlive(nd)
	switch errno {
	case 0:
		return nil
	case syscall.ENOSYS, syscall.EINVAL, syscall.EOPNOTSUPP:
		return errors.ErrUnsupported
	}
	return &os.LinkError{Op: "renameat2", Old: old, New: new, Err: errno}
}
