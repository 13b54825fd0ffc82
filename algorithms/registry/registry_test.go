package registry_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/seeds"
)

// Every algorithm names the notes it comes from, one of the gallery's
// groups, so the playground can show its examples under it.
func TestEveryAlgorithmHasAGroup(t *testing.T) {
	for _, a := range registry.All() {
		require.Contains(t, seeds.Order(), a.Group, "%s: sim.Algorithm.Group must be one of package seeds' groups", a.Name)
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

// docs/algorithms.md describes every algorithm of the registry, in its
// order (its tables' first column), and no other: a new algorithm's row
// cannot be forgotten.
func TestDocsDescribeEveryAlgorithm(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "algorithms.md"))
	require.NoError(t, err)
	var documented []string
	for _, l := range strings.Split(string(b), "\n") {
		if m := docsRow.FindStringSubmatch(l); m != nil {
			documented = append(documented, m[1])
		}
	}
	require.Equal(t, registry.Names(), documented, "docs/algorithms.md's table rows, in order")
}

var docsRow = regexp.MustCompile("^\\| `([a-z0-9-]+)` \\|")
