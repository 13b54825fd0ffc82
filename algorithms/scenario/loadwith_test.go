package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/listing"
	"dmelab/algorithms/scenario"
)

// A scenario loaded with an algorithm of its own (a listing exercise's
// reference) names that algorithm's variables; Load, with the registry's
// algorithm of the same name, does not know them.
func TestLoadWith(t *testing.T) {
	alg, err := listing.Seed("central")
	require.NoError(t, err)
	src := []byte("algorithm central\nnodes N1 N2\n\nrequest N2\nrun\nexpect N1 waiting = []\n")
	_, err = scenario.Load("c.scn", src)
	assert.ErrorContains(t, err, `N1 has no variable "waiting"`)
	sc, err := scenario.LoadWith("c.scn", src, alg)
	require.NoError(t, err)
	assert.Same(t, alg, sc.Setup.Alg)
	res := scenario.Run(sc, scenario.Options{})
	require.Nil(t, res.Stopped)
	require.Len(t, res.Expects, 1)
	assert.Equal(t, scenario.Pass, res.Expects[0].Status)

	_, err = scenario.LoadWith("c.scn", []byte("algorithm nope\nnodes N1\n"), alg)
	assert.ErrorContains(t, err, `unknown algorithm "nope"`)
}
