package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Set back to a copy taken after some readings, the sources read on as
// they did after that copy: the same clock readings, the same bytes.
func TestSourcesSetBack(t *testing.T) {
	c := newSources()
	for range 5 {
		c.nanotime()
		c.walltime()
	}
	b := make([]byte, 13)
	_, _ = c.Read(b)
	at := *c
	nano := c.nanotime()
	sec, ns := c.walltime()
	want := make([]byte, 40)
	_, _ = c.Read(want)

	c.nanotime()
	_, _ = c.Read(make([]byte, 7))
	c.setBack(at)
	assert.Equal(t, nano, c.nanotime())
	s2, ns2 := c.walltime()
	assert.Equal(t, sec, s2)
	assert.Equal(t, ns, ns2)
	got := make([]byte, 40)
	_, _ = c.Read(got)
	assert.Equal(t, want, got)

	// The readings are wazero's defaults': a millisecond apart, the
	// wall clock from the start of 2022.
	d := newSources()
	assert.Equal(t, int64(0), d.nanotime())
	assert.Equal(t, int64(1_000_000), d.nanotime())
	s, n := d.walltime()
	assert.Equal(t, int64(1640995200), s)
	assert.Equal(t, int32(0), n)
	s, n = d.walltime()
	assert.Equal(t, int64(1640995200), s)
	assert.Equal(t, int32(1_000_000), n)
}
