//go:build !unix

package osfs

// lockFile takes the lock with an exclusively created file: there is no
// flock here (lockExclusive says what a lock older than a minute means).
func (f *FS) lockFile(name string) (func(), error) { return f.lockExclusive(name) }
