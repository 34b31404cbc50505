package cputime_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/internal/cputime"
)

// Busy work moves the clock forward where the platform has one.
func TestProcessAdvances(t *testing.T) {
	before := cputime.Process()
	deadline := time.Now().Add(50 * time.Millisecond)
	n := 0
	for time.Now().Before(deadline) {
		n++
	}
	after := cputime.Process()
	switch runtime.GOOS {
	case "windows", "js", "wasip1", "plan9":
		if after != 0 {
			t.Errorf("Process() = %v, want 0 where it is unknown", after)
		}
	default:
		if after <= before {
			t.Errorf("Process() did not advance over %d loops: %v then %v", n, before, after)
		}
	}
}
