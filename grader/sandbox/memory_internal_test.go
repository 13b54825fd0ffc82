package sandbox

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An instance's memory comes to it zero, whatever an earlier instance
// wrote in the same bytes: grown in place, grown by copying, and handed
// on after a free.
func TestReusedMemoryIsZero(t *testing.T) {
	var p memories
	a := p.Allocate(1<<16, 1<<24)
	buf := a.Reallocate(1 << 16)
	require.Len(t, buf, 1<<16)
	fill(buf)
	buf = a.Reallocate(3 << 16) // past its capacity: copied
	require.Len(t, buf, 3<<16)
	assert.True(t, isFilled(buf[:1<<16]), "grown memory keeps what was written")
	assert.True(t, zero(buf[1<<16:]), "the new bytes are zero")
	fill(buf)

	// Freed, it is not handed out until the sandbox says no call runs.
	a.Free()
	b := p.Allocate(1<<16, 1<<24)
	assert.NotSame(t, a, b, "a freed memory waits for reuse")
	p.reuse()
	c := p.Allocate(1<<16, 1<<24)
	assert.Same(t, a, c, "after reuse, the freed memory is handed out")
	buf = c.Reallocate(1 << 16)
	assert.True(t, zero(buf), "a reused memory starts zero")
	fill(buf)
	buf = c.Reallocate(3 << 16) // in place, over what the last owner wrote
	assert.True(t, isFilled(buf[:1<<16]))
	assert.True(t, zero(buf[1<<16:]), "bytes an earlier owner wrote are zero when they come back")
	buf = c.Reallocate(5 << 16)
	assert.True(t, zero(buf[3<<16:]))
	assert.Nil(t, p.free)
}

// Of the memories freed, the largest is kept, and only one.
func TestReuseKeepsTheLargest(t *testing.T) {
	var p memories
	small, large := p.Allocate(1<<16, 1<<24), p.Allocate(1<<16, 1<<24)
	small.Reallocate(1 << 16)
	large.Reallocate(1 << 20)
	small.Free()
	large.Free()
	p.reuse()
	assert.Same(t, large, p.free)
	assert.Empty(t, p.released)
}

func fill(b []byte) {
	for i := range b {
		b[i] = byte(i%251) + 1
	}
}

func isFilled(b []byte) bool {
	for i := range b {
		if b[i] != byte(i%251)+1 {
			return false
		}
	}
	return true
}

func zero(b []byte) bool { return bytes.Count(b, []byte{0}) == len(b) }

// Growing doubles the room, but never past the memory's limit.
func TestMemoryGrowsWithinItsLimit(t *testing.T) {
	var p memories
	m := p.Allocate(1<<16, 5<<16)
	assert.Equal(t, 2<<16, cap(m.Reallocate(2<<16)))
	assert.Equal(t, 4<<16, cap(m.Reallocate(3<<16)))
	assert.Equal(t, 5<<16, cap(m.Reallocate(5<<16)), "not 8<<16")
}
