package explore

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/sim"
)

// A state reached from several states of the level before sleeps only
// on what all of them pass on; the level's sets move on with the search.
func TestSleepSetsMeet(t *testing.T) {
	a := sim.Event{Kind: sim.EvRequest, Node: 0}
	b := sim.Event{Kind: sim.EvExit, Node: 1}
	c := sim.Event{Kind: sim.EvDeliver, Node: 2, Msg: sim.Msg{From: 0, To: 2, Kind: 1}}
	sl := newSleepSets()
	ka, kb, kc := sl.key(a), sl.key(b), sl.key(c)
	assert.Empty(t, sl.at(0, 1))
	sl.reached(1, true, []slept{ka, kb, kc})
	sl.reached(2, true, []slept{kb})
	sl.reached(1, false, []slept{kc, ka}) // state 1 again: a and c
	sl.reached(2, false, []slept{ka})     // state 2 again: nothing
	sl.reached(0, false, nil)             // a longer path to the initial state: ignored
	assert.Equal(t, []slept{ka, kc}, sl.at(1, 3))
	assert.Empty(t, sl.at(2, 3))
	sl.reached(3, true, []slept{kc})
	assert.Equal(t, []slept{kc}, sl.at(3, 4))
}

// Events of different nodes are independent unless one is a timeout, an
// application message or a crash; a node's own events never are. Keys
// tell payloads apart.
func TestIndependent(t *testing.T) {
	sl := newSleepSets()
	independent := func(a, b sim.Event) bool { return independent(sl.key(a), sl.key(b)) }
	req := func(n int) sim.Event { return sim.Event{Kind: sim.EvRequest, Node: n} }
	step := func(n int, p uint8) sim.Event { return sim.Event{Kind: sim.EvStep, Node: n, Step: sim.Step{Proc: p}} }
	del := func(to int) sim.Event {
		return sim.Event{Kind: sim.EvDeliver, Node: to, Msg: sim.Msg{To: uint8(to)}}
	}
	assert.True(t, independent(req(0), del(1)))
	assert.True(t, independent(step(0, 1), step(1, 1)))
	assert.False(t, independent(req(0), del(0)))
	assert.False(t, independent(step(0, 1), step(0, 2)))
	assert.False(t, independent(step(0, sim.TimerProc), del(1)))
	assert.False(t, independent(sim.Event{Kind: sim.EvApp, Node: 0, To: 2}, del(1)))
	assert.False(t, independent(sim.Event{Kind: sim.EvCrash, Node: 0}, del(1)))
	x := sim.Event{Kind: sim.EvDeliver, Node: 1, Msg: sim.Msg{To: 1, Data: "x"}}
	y := sim.Event{Kind: sim.EvDeliver, Node: 1, Msg: sim.Msg{To: 1, Data: "y"}}
	assert.NotEqual(t, sl.key(x), sl.key(y))
	assert.Equal(t, sl.key(x), sl.key(sim.Event{Kind: sim.EvDeliver, Node: 1, Msg: sim.Msg{To: 1, Data: "x"}}))
}

// key copies every field of an event and its message into the key, so
// that two different events never share one; a field added to sim.Event,
// sim.Msg or sim.Step must be added to key too, and a field widened
// beyond what the key keeps of it (uint8 for node numbers, int32 and
// uint32 for the message's numbers) must be widened there: this test
// says so.
func TestKeyNamesEveryField(t *testing.T) {
	fields := func(v any) []string {
		var out []string
		ty := reflect.TypeOf(v)
		for i := range ty.NumField() {
			out = append(out, ty.Field(i).Name+" "+ty.Field(i).Type.String())
		}
		return out
	}
	assert.Equal(t, []string{"Kind sim.EventKind", "Node int", "Step sim.Step", "Msg sim.Msg", "To int"}, fields(sim.Event{}), "sleepSets.key")
	assert.Equal(t, []string{"From uint8", "To uint8", "Kind uint8", "A int32", "B int32", "TS int32", "HB uint32", "Data string"}, fields(sim.Msg{}), "sleepSets.key")
	assert.Equal(t, []string{"Proc uint8", "Arg int32"}, fields(sim.Step{}), "sleepSets.key")
}
