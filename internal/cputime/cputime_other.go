//go:build !unix

package cputime

import "time"

// Process is unknown on this platform (Windows, WebAssembly): 0, so a
// benchmark's cpu metric reads 0 there instead of the build failing.
func Process() time.Duration { return 0 }
