package osfs

func disableLinuxCalls() (restore func()) {
	r, o := renameat2, openat2
	renameat2, openat2 = 0, 0
	return func() { renameat2, openat2 = r, o }
}
