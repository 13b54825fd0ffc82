package rasteps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/internal/stepwire"
)

func at(id, n int) self { return stepwire.Placed[Msg](stepwire.Place{ID: id, N: n}) }

// The wire carries the variables both ways and refuses what the host
// never sends: an unknown step, N not another node, a source or a deferred
// node outside the system.
func TestWire(t *testing.T) {
	vs := []Vars{{MyNum: 3, HighestNum: 5, RequestCS: true, Deferred: 0b100, Source: 1, RequestedNum: 4, self: at(0, 3)}, {Source: -1, self: at(2, 3)}}
	steptest.RoundTrip(t, wire, int(OpP12), vs, [][]byte{
		wire.EncodeRequest(8, 0, 0, &vs[0]), wire.EncodeRequest(int(OpP4), 0, 0, &vs[0]), wire.EncodeRequest(int(OpP9), 3, 0, &vs[0]),
		wire.EncodeRequest(int(OpP2), 0, 0, &Vars{Source: 3, self: at(0, 3)}), wire.EncodeRequest(int(OpP7), 0, 0, &Vars{Deferred: 0b1000, self: at(0, 3)})})
	a, err := wire.DecodeAnswer(Guest(newRef)(wire.EncodeRequest(int(OpP12), 0, 0, &vs[0])))
	require.NoError(t, err)
	assert.Equal(t, Set(0b110), a.Vars.Deferred, "(4, N2) comes after (3, N1): N1 defers N2")
	a, err = wire.DecodeAnswer(Guest(newRef)(wire.EncodeRequest(int(OpP7), 0, 0, &vs[0])))
	require.NoError(t, err)
	assert.Equal(t, 2, a.Ret)
	a, err = wire.DecodeAnswer(Guest(newRef)(wire.EncodeRequest(int(OpP4), 1, 0, &vs[0])))
	require.NoError(t, err)
	assert.Equal(t, []Msg{{Kind: Request, To: 1, Num: 3}}, stepwire.Sent(&a.Vars.self))
}

func FuzzDecodeAnswer(f *testing.F) {
	v := Vars{MyNum: 2, Deferred: 0b10, Source: 1, RequestedNum: 2, self: at(0, 2)}
	steptest.Fuzz(f, wire, refCode.code, wire.EncodeRequest(int(OpP12), 0, 0, &v), wire.EncodeRequest(int(OpP7), 0, 0, &v), wire.EncodeRequest(int(OpP4), 1, 0, &v))
}
