package stepwire

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
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
	code     int16
	ratio    float32
	word     string
	shown    struct{}
	broken   struct{}
	failing  struct{}
	pair     struct{ a, b int }
	shownPtr struct{ n int }
)

func (p *shownPtr) String() string { return strconv.Itoa(p.n) }

func (shown) String() string   { return "shown" }
func (broken) String() string  { panic("no") }
func (failing) Error() string  { panic("no") }
func (failing) String() string { return "not this" }

// What code panics with reads as fmt's %v would print it, without fmt in
// the module: strings, errors, Stringers, numbers and booleans of any
// type, and structs, arrays and slices of them.
func TestPanicTextReadsAsFmt(t *testing.T) {
	var nilPair *pair
	for _, v := range []any{"boom", word("w"), errors.New("bad"), shown{}, 42, code(-7), int8(-8), uint64(1 << 63),
		uintptr(9), true, 1.5, ratio(0.1), 1e21, complex(1, -2), complex64(3i), byte('x'), 'r',
		pair{1, 2}, &pair{3, 4}, []int{1, 2, 3}, []int(nil), [2]bool{true}, []byte("hi"), &[]string{"a", "b"},
		[][]code{{1}, {2, 3}}, []any{1, "a", nil, []word{"w"}}, map[code]int(nil),
		struct {
			P *pair
			E error
			I any
			N any
		}{nil, nil, []code{1}, nil},
		struct{ s shown }{}, struct{ e error }{}, struct{ f func() }{}, struct{ c chan int }{}, nilPair, (*int)(nil)} {
		assert.Equal(t, "panicked: "+fmt.Sprint(v), PanicText(v), "%T", v)
	}
	// A value holding a map, an address, or a value whose Error or
	// String method fmt would call is named by its type.
	for _, v := range []any{map[string]int{"a": 1}, &map[int]int{}, []*pair{{}}, struct{ e error }{errors.New("hidden")},
		struct{ c chan int }{make(chan int)}, struct{ E error }{errors.New("inner")}, []fmt.Stringer{shown{}},
		[]any{broken{}}, []any{(*shownPtr)(nil)}, struct{ f func() }{func() {}}} {
		assert.Equal(t, "panicked: a value of type "+reflect.TypeOf(v).String(), PanicText(v), "%T", v)
	}
	assert.Equal(t, "panicked: a value whose String method panicked", PanicText(broken{}))
	assert.Equal(t, "panicked: a value whose Error method panicked", PanicText(failing{}))
	// A value that holds itself ends at the answer's bound.
	self := []any{nil}
	self[0] = self
	assert.Equal(t, "panicked: "+strings.Repeat("[", MaxPanic), PanicText(self))
	assert.Equal(t, "panicked: "+fmt.Sprint(make([]int, 500))[:MaxPanic], PanicText(make([]int, 500)))
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
