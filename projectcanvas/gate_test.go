package projectcanvas

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// entered reports whether a read can enter g now, leaving it at once.
func entered(t *testing.T, g *ReadGate) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, leave, err := g.Enter(ctx)
	if err != nil {
		return false
	}
	leave()
	return true
}

func TestReadGateLimitsReadsAndLeavesWritesAProcessor(t *testing.T) {
	g := NewReadGate(2)
	_, leave1, err := g.Enter(context.Background())
	require.NoError(t, err)
	assert.True(t, entered(t, g), "a second read runs beside the first")

	done := g.Write()
	assert.False(t, entered(t, g), "a write under way keeps the second processor")
	done()
	assert.True(t, entered(t, g))

	_, leave2, err := g.Enter(context.Background())
	require.NoError(t, err)
	assert.False(t, entered(t, g), "two reads fill a gate of two")

	// A waiting read is let in, in order, when a place frees.
	got := make(chan error, 1)
	go func() {
		_, leave, err := g.Enter(context.Background())
		if err == nil {
			leave()
		}
		got <- err
	}()
	time.Sleep(10 * time.Millisecond)
	leave1()
	require.NoError(t, <-got)
	leave2()
	assert.True(t, entered(t, g))
	assert.Equal(t, 0, g.running, "every place was given back, the timed-out waits' too")
}

func TestReadGateUnheldLetsOthersIn(t *testing.T) {
	g := NewReadGate(1)
	ctx, leave, err := g.Enter(context.Background())
	require.NoError(t, err)
	assert.False(t, entered(t, g))
	resume := Unheld(ctx)
	assert.True(t, entered(t, g), "a read waiting on something else gives its place up")
	resume()
	assert.False(t, entered(t, g), "and takes it again")
	leave()
	leave() // twice is harmless
	assert.True(t, entered(t, g))
	Unheld(context.Background())() // no gate: nothing to do

	var none *ReadGate
	_, leave, err = none.Enter(context.Background())
	require.NoError(t, err)
	leave()
	none.Write()()
}
