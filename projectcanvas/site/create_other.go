//go:build !linux

package site

import "os"

// createNew writes a file that must not exist yet; opened says it made
// the file (which the caller removes when err says it is not whole).
func createNew(name string, data []byte) (opened bool, err error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return false, err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return true, err
}
