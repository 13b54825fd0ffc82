package explore_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// Config.Fresh is told of the search's large arrays before anything is
// written to them (so that advice about their memory, such as huge
// pages, comes before their pages are), and of no small one; what it is
// told changes nothing the search finds.
func TestFreshIsToldOfLargeArraysBeforeTheyAreWritten(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of a million states")
	}
	c := explore.Config{Alg: benari.Algorithm(), Sim: sim.Config{N: 4}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety, explore.Liveness}}
	want, err := explore.Check(c)
	require.NoError(t, err)

	told := 0
	c.Fresh = func(array any) {
		told++
		var n int
		var zero bool
		switch a := array.(type) {
		case []uint32:
			n, zero = 4*len(a), !slices.ContainsFunc(a, func(v uint32) bool { return v != 0 })
		case []uint64:
			n, zero = 8*len(a), !slices.ContainsFunc(a, func(v uint64) bool { return v != 0 })
		case []byte:
			n, zero = len(a), !slices.ContainsFunc(a, func(v byte) bool { return v != 0 })
		default:
			t.Fatalf("told of a %T", array)
		}
		require.GreaterOrEqual(t, n, 4<<20, "a small array")
		require.True(t, zero, "told of an array already written")
	}
	got, err := explore.Check(c)
	require.NoError(t, err)
	require.Equal(t, want, got)
	require.Positive(t, told, "the state table's slots, at least")
}
