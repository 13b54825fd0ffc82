package registry_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/seeds"
)

// Every algorithm names the notes it comes from, one of the gallery's
// groups, so the playground can show its examples under it.
func TestEveryAlgorithmHasAGroup(t *testing.T) {
	for _, a := range registry.All() {
		require.Contains(t, seeds.Order, a.Group, "%s: sim.Algorithm.Group must be one of package seeds' groups", a.Name)
	}
}

func TestNamesAreUniqueAndLookedUp(t *testing.T) {
	seen := map[string]bool{}
	for _, n := range registry.Names() {
		require.False(t, seen[n], "%s twice", n)
		seen[n] = true
		require.Equal(t, n, registry.Lookup(n).Name)
	}
	require.Nil(t, registry.Lookup("no-such-algorithm"))
}
