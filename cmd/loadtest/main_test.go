package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The processor times come after the command name, which may hold spaces
// and parentheses of its own.
func TestStatCPU(t *testing.T) {
	line := "4242 (a (b) c) S 1 4242 4242 0 -1 4194560 300 0 0 0 150 50 1200 400 20 0 3 0 100 0 0\n"
	got, ok := statCPU([]byte(line))
	assert.True(t, ok)
	assert.InDelta(t, 18.0, got, 1e-9, "(150 + 50 + 1200 + 400) ticks of 1/100 s")

	for _, bad := range []string{"", "4242 (dmelab", "4242 (dmelab) S 1 2 3", "4242 (d) S 1 4242 4242 0 -1 4194560 300 0 0 0 x 50 1200 400 20"} {
		_, ok := statCPU([]byte(bad))
		assert.False(t, ok, bad)
	}
	assert.Equal(t, "1", statParent([]byte(line)))
	assert.Equal(t, "", statParent([]byte("4242 (dmelab) S")))
}
