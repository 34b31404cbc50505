//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process is the processor time, user and system, of all this process's
// threads so far (the garbage collector's included); 0 if unknown.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
