package sim_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

func TestIntRoundTrip(t *testing.T) {
	vals := []int{0, 1, -1, 63, -64, 64, -65, 127, 128, 1 << 20, -(1 << 40), math.MaxInt64, math.MinInt64}
	var e sim.Enc
	for _, v := range vals {
		e.Int(v)
	}
	e.Bool(true)
	e.Ints([]int{3, -2, 1000})
	e.Bytes("token")
	d := sim.Dec{B: e.B}
	for _, v := range vals {
		assert.Equal(t, v, d.Int())
	}
	assert.True(t, d.Bool())
	assert.Equal(t, []int{3, -2, 1000}, d.Ints())
	assert.Equal(t, "token", string(d.Bytes()))
	require.NoError(t, d.Err)
	assert.Empty(t, d.B)
	var one sim.Enc
	one.Int(-3)
	assert.Len(t, one.B, 1, "small values take one byte")
}

func TestDecodeTruncated(t *testing.T) {
	d := sim.Dec{B: []byte{0x80, 0x80}}
	assert.Equal(t, 0, d.Int())
	assert.Error(t, d.Err)
	d = sim.Dec{B: []byte{5}} // a list of 5 with nothing after it
	assert.Empty(t, d.Ints())
	assert.Error(t, d.Err)
	d = sim.Dec{}
	assert.False(t, d.Bool())
	assert.Error(t, d.Err)
	d = sim.Dec{B: []byte{6, 'a'}} // 3 bytes announced, 1 there
	assert.Nil(t, d.Bytes())
	assert.Error(t, d.Err)
}

// FuzzDecode: decoding arbitrary bytes never panics, and whatever decodes
// without error re-encodes to the same bytes it consumed.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{0, 1, 2})
	f.Add([]byte{0x80, 0x01, 0x03, 0x02, 0x04, 0x06})
	f.Fuzz(func(t *testing.T, b []byte) {
		d := sim.Dec{B: b}
		x := d.Int()
		list := d.Ints()
		flag := d.Bool()
		data := string(d.Bytes())
		if d.Err != nil {
			return
		}
		var e sim.Enc
		e.Int(x)
		e.Ints(list)
		e.Bool(flag)
		e.Bytes(data)
		consumed := len(b) - len(d.B)
		dd := sim.Dec{B: e.B}
		if dd.Int() != x || len(dd.Ints()) != len(list) || dd.Bool() != flag || string(dd.Bytes()) != data || dd.Err != nil {
			t.Fatalf("re-encoding %x does not decode to the same values", b[:consumed])
		}
	})
}

// FuzzIntsN: IntsN reads what as many calls of Int read, fails where they
// fail, and leaves the decoder where they leave it.
func FuzzIntsN(f *testing.F) {
	f.Add([]byte{0, 1, 2}, uint8(3))
	f.Add([]byte{0x80, 0x01, 0x03, 0x02}, uint8(4))
	f.Add([]byte{0xff, 0xff}, uint8(1))
	f.Fuzz(func(t *testing.T, b []byte, n uint8) {
		d1, d2 := sim.Dec{B: b}, sim.Dec{B: b}
		got, want := make([]int, n%16), make([]int, n%16)
		d1.IntsN(got)
		for i := range want {
			want[i] = d2.Int()
		}
		assert.Equal(t, want, got)
		assert.Equal(t, d2.Err, d1.Err)
		assert.Equal(t, d2.B, d1.B)
	})
}
