//go:build !linux

package osfs

// linkFree reports false: without openat2, every path is walked element
// by element.
func (f *FS) linkFree(string) bool { return false }

// readLinkFree reports false: the path is walked, then read.
func (f *FS) readLinkFree(string) ([]byte, bool, error) { return nil, false, nil }
