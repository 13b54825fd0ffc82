package stepwire

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/sim"
)

// GetInts and PutInts are GetList and PutList written out for ints: on
// every input, well formed or not, they fail where the general ones do,
// and otherwise read and write what those do and leave the decoder where
// those do. (What a failed read leaves is not kept: every caller drops
// the whole request or answer.)
func FuzzIntsAreLists(f *testing.F) {
	enc := func(xs ...int) []byte {
		var e sim.Enc
		for _, x := range xs {
			e.Int(x)
		}
		return e.B
	}
	for _, b := range [][]byte{
		nil, enc(0), enc(3, 1, -2, 300), enc(4, 1, 2, 3, 4), // one too many for max 2
		enc(5, 1), enc(-1), enc(2, 7), {0x80}, append(enc(2, 5), 0xff, 0xff),
	} {
		f.Add(b, 2)
	}
	f.Fuzz(func(t *testing.T, b []byte, max int) {
		max = max&31 - 1 // -1..30
		d1, d2 := sim.Dec{B: b}, sim.Dec{B: b}
		got, want := GetInts(&d1, max), GetList(&d2, max, (*sim.Dec).Int)
		if assert.Equal(t, d2.Err != nil, d1.Err != nil, "fails alike") && d2.Err == nil {
			assert.Equal(t, want, got)
			assert.Equal(t, d2.B, d1.B)
		}

		var e1, e2 sim.Enc
		PutInts(&e1, want, max)
		PutList(&e2, want, max, (*sim.Enc).Int)
		assert.Equal(t, e2.B, e1.B)
	})
}
