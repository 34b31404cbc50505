package fulltext

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDict(t *testing.T) {
	d := newDict()
	_, ok := d.find([]byte("absent"))
	assert.False(t, ok)

	const n = 5000
	for i := range n {
		d.add(fmt.Appendf(nil, "term-%d", i), int32(i))
	}
	for i := range n {
		got, ok := d.find(fmt.Appendf(nil, "term-%d", i))
		require.True(t, ok, i)
		require.Equal(t, int32(i), got)
	}
	_, ok = d.find([]byte("term-5000"))
	assert.False(t, ok)
	assert.LessOrEqual(t, 2*d.count, len(d.slots))

	// Keep the even numbers: the odd ones go, the even ones keep theirs.
	d.retain(func(t int32) bool { return t%2 == 0 })
	assert.Equal(t, n/2, d.count)
	for i := range n {
		got, ok := d.find(fmt.Appendf(nil, "term-%d", i))
		if i%2 == 1 {
			require.False(t, ok, i)
			continue
		}
		require.True(t, ok, i)
		require.Equal(t, int32(i), got)
	}
	// A freed number can take a new term.
	d.add([]byte("new"), 1)
	got, ok := d.find([]byte("new"))
	assert.True(t, ok)
	assert.Equal(t, int32(1), got)
}
