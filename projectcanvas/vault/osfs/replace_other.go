//go:build !linux

package osfs

import (
	"errors"
	"os"
)

const (
	renameNoReplace = 1 << 0
	renameExchange  = 1 << 1
)

// rename2 is not available here: writes use the plain rename.
func rename2(*os.File, string, *os.File, string, uintptr) error { return errors.ErrUnsupported }
