//go:build !linux

package osfs

// disableLinuxCalls has nothing to turn off: the package never makes them here.
func disableLinuxCalls() (restore func()) { return func() {} }
