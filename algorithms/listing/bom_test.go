package listing_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/listing"
)

// TestByteOrderMark: a listing saved with a byte-order mark reads as the
// same listing without it (it was "unexpected '\ufeff'", then every
// declaration "indented" by the mark's three bytes).
func TestByteOrderMark(t *testing.T) {
	const src = "algorithm ra-b\nmessage request(num)\nglobal int myNum = 0\n\nprocess main:\n    loop forever:\n        P1: NCS\n        P2: CS\n"
	plain, err := listing.Parse(src)
	require.NoError(t, err)
	marked, err := listing.Parse("\ufeff" + src)
	require.NoError(t, err)
	assert.Equal(t, listing.Format(plain), listing.Format(marked))

	_, err = listing.Parse("\ufeff" + "algorithm ra-b\nglobal int x = \n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), ":2:15: expected a value")
}
