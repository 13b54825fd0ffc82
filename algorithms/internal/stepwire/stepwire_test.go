package stepwire

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/sim"
)

func TestRun(t *testing.T) {
	assert.Equal(t, "", Run(func() {}))
	assert.Equal(t, "panicked: boom", Run(func() { panic("boom") }))
	assert.Equal(t, "panicked: bad", Run(func() { panic(errors.New("bad")) }))
	assert.Equal(t, "panicked: 42", Run(func() { panic(42) }))
	assert.Equal(t, "ran out of memory", Run(func() { panic(Fault{Msg: "ran out of memory"}) }))
}

type (
	code    int16
	ratio   float32
	word    string
	shown   struct{}
	broken  struct{}
	failing struct{}
	pair    struct{ a, b int }
)

func (shown) String() string   { return "shown" }
func (broken) String() string  { panic("no") }
func (failing) Error() string  { panic("no") }
func (failing) String() string { return "not this" }

// What code panics with reads as fmt's %v would print it, without fmt in
// the module: strings, errors, Stringers, and numbers and booleans of
// any type; anything else by its type's name.
func TestPanicTextReadsAsFmt(t *testing.T) {
	for _, v := range []any{"boom", word("w"), errors.New("bad"), shown{}, 42, code(-7), int8(-8), uint64(1 << 63),
		uintptr(9), true, 1.5, ratio(0.1), 1e21, complex(1, -2), complex64(3i), byte('x'), 'r'} {
		assert.Equal(t, "panicked: "+fmt.Sprint(v), PanicText(v), "%T", v)
	}
	assert.Equal(t, "panicked: a value of type stepwire.pair", PanicText(pair{1, 2}))
	assert.Equal(t, "panicked: a value of type []int", PanicText([]int{1}))
	assert.Equal(t, "panicked: a value of type *stepwire.pair", PanicText(&pair{}))
	assert.Equal(t, "panicked: a value whose String method panicked", PanicText(broken{}))
	assert.Equal(t, "panicked: a value whose Error method panicked", PanicText(failing{}))
}

// An answer's status and panic round-trip, the message cut to MaxPanic.
func TestAnswerRoundTrip(t *testing.T) {
	for _, p := range []string{"", "panicked: x", strings.Repeat("y", 1000)} {
		var e sim.Enc
		PutStatus(&e, p)
		PutPanic(&e, p)
		d := sim.Dec{B: e.B}
		got, err := ReadPanic(&d, d.Int())
		require.NoError(t, err)
		want := p
		if len(want) > MaxPanic {
			want = want[:MaxPanic]
		}
		assert.Equal(t, want, got)
	}
	// A panic without a message still says the handler panicked.
	d := sim.Dec{B: []byte{0}}
	got, err := ReadPanic(&d, 1)
	require.NoError(t, err)
	assert.Equal(t, "(no message)", got)
}

func TestReadPanicRefuses(t *testing.T) {
	for _, c := range []struct {
		b      []byte
		status int
	}{{[]byte{4, 'a'}, 1}, {nil, 0}, {[]byte{0}, 2}, {[]byte{0}, -1}} {
		d := sim.Dec{B: c.b}
		_, err := ReadPanic(&d, c.status)
		assert.ErrorIs(t, err, ErrBadAnswer, "%v", c)
	}
}

func TestCallAndCheck(t *testing.T) {
	assert.Equal(t, "timed out", Run(func() { Call(func([]byte) ([]byte, error) { return nil, errors.New("timed out") }, nil) }))
	assert.Equal(t, []byte{7}, Call(func([]byte) ([]byte, error) { return []byte{7}, nil }, nil))
	assert.Equal(t, ErrBadAnswer.Error(), Run(func() { Check(ErrBadAnswer, "") }))
	assert.Equal(t, "panicked: x", Run(func() { Check(nil, "panicked: x") }))
	assert.Equal(t, "", Run(func() { Check(nil, "") }))
}

// A sim.Stop is the caller's, not the node's: it passes through Run.
func TestStopPassesThrough(t *testing.T) {
	stop := sim.Stop{Reason: "out of time"}
	assert.PanicsWithValue(t, stop, func() { Run(func() { panic(stop) }) })
}

// invoke answers as Run does: the handler's result, or 0 and the panic's
// text; a sim.Stop passes through, and no code says so.
func TestInvoke(t *testing.T) {
	type vars struct{ x int }
	code := func(v *vars, op, a, b int) int {
		switch op {
		case 1:
			panic("boom")
		case 2:
			panic(Fault{Msg: "ran out of memory"})
		case 3:
			panic(sim.Stop{Reason: "out of time"})
		}
		v.x = a + b
		return 7
	}
	v := &vars{}
	ret, p := invoke(code, v, 0, 2, 3, "handlers")
	assert.Equal(t, 7, ret)
	assert.Empty(t, p)
	assert.Equal(t, 5, v.x)
	ret, p = invoke(code, v, 1, 0, 0, "handlers")
	assert.Equal(t, 0, ret)
	assert.Equal(t, "panicked: boom", p)
	_, p = invoke(code, v, 2, 0, 0, "handlers")
	assert.Equal(t, "ran out of memory", p)
	assert.PanicsWithValue(t, sim.Stop{Reason: "out of time"}, func() { invoke(code, v, 3, 0, 0, "handlers") })
	_, p = invoke[vars](nil, v, 0, 0, 0, "steps")
	assert.Equal(t, "no steps", p)
}
