package osfs

// SetBeforeRename installs a hook run between the last check and the
// rename of every write (nil removes it); tests save "as an editor" there.
func SetBeforeRename(fn func(name string)) { beforeRename = fn }
