package explore

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The search asks for its memory at every state, so segs and vector
// tables keep their capacities summed as they grow instead of going
// through their chunks; the sums must be what the chunks hold.
func TestRoomIsTheChunksCapacities(t *testing.T) {
	var s seg[uint32]
	v := newVecTable(3)
	for i := range 3<<segBits + 5 {
		s.push(uint32(i))
		if i < 3*vecsPerChunk+7 {
			v.append([]uint32{1, 2, uint32(i)})
		}
		if i%100_003 == 0 || i == 3<<segBits+4 {
			n := 0
			for _, c := range s.chunks {
				n += cap(c)
			}
			require.Equal(t, n*4, s.bytes(4), "after %d pushes", i+1)
			m := 0
			for _, c := range v.vecs {
				m += cap(c)
			}
			require.Equal(t, m*4+len(v.slots)*4, v.memBytes(), "after %d vectors", min(i+1, 3*vecsPerChunk+7))
		}
	}
}
