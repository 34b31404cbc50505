//go:build !unix

package projectcanvas_test

import "time"

// cpuTime is unknown here: cpu-ms/op reads 0.
func cpuTime() time.Duration { return 0 }
