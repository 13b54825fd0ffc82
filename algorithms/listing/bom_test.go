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

// The mark's bytes are kept in the columns, so that an editor holding
// the text as given places a problem on line 1 where it is; a first line
// that is only the mark, or the mark and a comment, reads as blank or a
// comment.
func TestByteOrderMarkColumns(t *testing.T) {
	_, err := listing.Parse("\ufeffalgorithm ra-b\nglobal int x = 0\n  global int y = 0\n")
	require.Error(t, err)
	_, err = listing.Parse("\ufeffalgorithm ra-b x\n")
	require.Error(t, err)
	for _, src := range []string{"\ufeff\nalgorithm ra-b\nglobal int x = 0\n", "\ufeff# a comment\nalgorithm ra-b\nglobal int x = 0\n"} {
		f, err := listing.Parse(src)
		require.NoError(t, err, "%q", src)
		assert.Equal(t, "ra-b", f.Name)
	}
	_, err = listing.Parse("\ufeff  algorithm ra-b\n")
	require.NoError(t, err, "the mark draws zero wide: the line is at column 3, alone")
	_, err = listing.Parse("\ufeffglobal int x = \n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), ":1:18: expected a value", "column 15 of the text after the mark, 18 of the text as given")
}
