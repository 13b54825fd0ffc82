package listing_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/listing"
)

// TestLineEnds: a listing whose lines end in "\r\n" or a lone "\r" (an old
// Mac editor's, or a paste that lost its "\n") reads as the same listing
// with "\n", its problems on the lines an editor shows (diag.Lines, which
// the playground converts with, counts a lone "\r" as a line's end), and
// its pseudocode panel has the same lines.
func TestLineEnds(t *testing.T) {
	const src = "algorithm ra-b\nmessage request(num)\nglobal int myNum = 0\n\nprocess main:\n    loop forever:\n        P1: NCS\n        P2: CS\n"
	plain, err := listing.Load("", src)
	require.NoError(t, err)
	for _, end := range []string{"\r\n", "\r"} {
		other := strings.ReplaceAll(src, "\n", end)
		alg, err := listing.Load("", other)
		require.NoError(t, err, "%q", end)
		require.Len(t, alg.Listing, len(plain.Listing), "%q", end)
		for i := range alg.Listing {
			assert.Equal(t, plain.Listing[i], alg.Listing[i], "%q line %d", end, i+1)
		}

		_, err = listing.Parse(strings.ReplaceAll("algorithm ra-b\nglobal int x = 0\nglobal int y = \n", "\n", end))
		require.Error(t, err, "%q", end)
		assert.Contains(t, err.Error(), ":3:15: expected a value", "%q", end)
	}
}
