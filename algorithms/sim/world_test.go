package sim_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/central"
	"dmelab/algorithms/electionbully"
	"dmelab/algorithms/lamport"
	"dmelab/algorithms/sim"
)

func TestNewWorldRejectsBadSizes(t *testing.T) {
	for _, n := range []int{0, -1, 33} {
		_, err := sim.NewWorld(central.Algorithm(), sim.Config{N: n}, sim.Options{Requests: 1})
		assert.Error(t, err, "N=%d", n)
	}
}

// Events that are not enabled are refused with an error, never a panic.
func TestApplyRefusesDisabledEvents(t *testing.T) {
	w, err := sim.NewWorld(central.Algorithm(), sim.Config{N: 2}, sim.Options{Requests: 1, AppMsgs: 1})
	require.NoError(t, err)
	for _, e := range []sim.Event{
		{Kind: sim.EvExit, Node: 0},
		{Kind: sim.EvDeliver, Node: 0, Msg: sim.Msg{From: 1, To: 0}},
		{Kind: sim.EvApp, Node: 0, To: 1},
		{Kind: sim.EvStep, Node: 1},
		{Kind: sim.EvRequest, Node: 7},
		{Kind: 99, Node: 0},
	} {
		_, err := w.Apply(e)
		assert.Error(t, err, "%+v", e)
	}
	_, err = w.FindEvent("deliver N1->N2 grant")
	assert.ErrorContains(t, err, "enabled: request N2")
	_, err = w.Apply(sim.Event{Kind: sim.EvRequest, Node: 0})
	assert.ErrorContains(t, err, "N1 is central's server: it serves the others and never calls enter()")
}

// The multiset of messages has one canonical order, so the same messages
// sent in another order give the same encoding.
func TestNetworkIsCanonical(t *testing.T) {
	enc := func(order []int) []byte {
		w, err := sim.NewWorld(central.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1})
		require.NoError(t, err)
		for _, i := range order {
			_, err := w.Apply(sim.Event{Kind: sim.EvRequest, Node: i})
			require.NoError(t, err)
		}
		var e sim.Enc
		w.Encode(&e)
		return e.B
	}
	assert.Equal(t, enc([]int{1, 2}), enc([]int{2, 1}))
}

// On FIFO channels only the oldest message of a channel can be delivered;
// Options.Channels overrides the algorithm's order channel by channel.
func TestFIFO(t *testing.T) {
	for _, tc := range []struct {
		name     string
		channels []sim.Channel
		want     int // deliverable messages on N1->N2
	}{
		{"all FIFO", nil, 1},
		{"N1->N2 unordered", []sim.Channel{{From: 0, To: 1, FIFO: false}}, 2},
		{"another channel unordered", []sim.Channel{{From: 1, To: 0, FIFO: false}}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := sim.NewWorld(lamport.Algorithm(), sim.Config{N: 2}, sim.Options{Requests: 2, Channels: tc.channels})
			require.NoError(t, err)
			for _, line := range []string{"request N1", "deliver N1->N2", "deliver N2->N1", "exit N1", "request N1"} {
				e, err := w.FindEvent(line)
				require.NoError(t, err, line)
				_, err = w.Apply(e)
				require.NoError(t, err)
			}
			// N1->N2 now holds a release and then a request.
			var got []string
			for _, e := range w.Events(nil) {
				if e.Kind == sim.EvDeliver && e.Msg.From == 0 {
					got = append(got, w.EventString(e))
				}
			}
			require.Len(t, got, tc.want)
			assert.Contains(t, got[0]+got[len(got)-1], "release")
		})
	}
	_, err := sim.NewWorld(lamport.Algorithm(), sim.Config{N: 2}, sim.Options{Channels: []sim.Channel{{From: 0, To: 2}}})
	assert.ErrorContains(t, err, "no channel 1->3")
}

// An unordered algorithm with one FIFO channel keeps that channel's send
// order and still sorts the others.
func TestOneFIFOChannel(t *testing.T) {
	w, err := sim.NewWorld(central.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1, Channels: []sim.Channel{{From: 1, To: 0, FIFO: true}}})
	require.NoError(t, err)
	assert.True(t, w.FIFO(1, 0))
	assert.False(t, w.FIFO(0, 1))
	assert.True(t, w.AnyFIFO())
}

// Order ghost state: A calls enter(), tells B, B calls enter(): B's call
// happened-before-follows A's, so B entering first breaks Order.
func TestOrderGhost(t *testing.T) {
	w, err := sim.NewWorld(central.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1, AppMsgs: 1, Order: true})
	require.NoError(t, err)
	var last sim.Outcome
	for _, line := range []string{"request N2", "app N2->N3", "deliver N2->N3 app", "request N3", "deliver N3->N1", "deliver N1->N3"} {
		e, err := w.FindEvent(line)
		require.NoError(t, err, line)
		last, err = w.Apply(e)
		require.NoError(t, err)
	}
	assert.True(t, last.Entered)
	assert.True(t, last.OrderBroken)
	assert.Equal(t, uint32(1<<1), last.Before, "N2's call came first")
}

func TestCloneIsDeep(t *testing.T) {
	w, err := sim.NewWorld(central.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	e, _ := w.FindEvent("request N2")
	_, err = w.Apply(e)
	require.NoError(t, err)
	c := w.Clone()
	e, _ = c.FindEvent("deliver N2->N1")
	_, err = c.Apply(e)
	require.NoError(t, err)
	assert.Len(t, w.Net, 1)
	assert.NotEqual(t, w.StateString(), c.StateString())
}

// Recovery: only crashed nodes of algorithms with a Recover handler come
// back, in their initial state, within the budget.
func TestRecover(t *testing.T) {
	w, err := sim.NewWorld(electionbully.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1, Crashes: 1, Recoveries: 1})
	require.NoError(t, err)
	_, err = w.FindEvent("recover N3")
	require.ErrorContains(t, err, "not enabled", "N3 has not crashed")
	_, err = w.Apply(sim.Event{Kind: sim.EvRecover, Node: 2})
	require.ErrorContains(t, err, "has not crashed")
	for _, line := range []string{"request N3", "crash N3", "recover N3"} {
		e, err := w.FindEvent(line)
		require.NoError(t, err, line)
		_, err = w.Apply(e)
		require.NoError(t, err, line)
	}
	assert.Zero(t, w.Crashed)
	assert.Equal(t, 0, w.RecoverLeft)
	assert.Equal(t, 2, w.Nodes[2].(sim.Elector).Leader(), "the recovered highest node wins again")
	// Budget spent; and the encoding keeps the budget, so decoding restores it.
	var e sim.Enc
	w.Encode(&e)
	c, err := sim.NewWorld(electionbully.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1, Crashes: 1, Recoveries: 1})
	require.NoError(t, err)
	require.NoError(t, c.Decode(e.B))
	assert.Equal(t, 0, c.RecoverLeft)
	assert.Equal(t, w.StateString(), c.StateString())

	// Mutual-exclusion nodes cannot recover.
	m, err := sim.NewWorld(central.Algorithm(), sim.Config{N: 2}, sim.Options{Requests: 1, Crashes: 1, Recoveries: 1})
	require.NoError(t, err)
	ev, _ := m.FindEvent("crash N2")
	_, err = m.Apply(ev)
	require.NoError(t, err)
	for _, e := range m.Events(nil) {
		assert.NotEqual(t, sim.EvRecover, e.Kind)
	}
	_, err = m.Apply(sim.Event{Kind: sim.EvRecover, Node: 1})
	assert.ErrorContains(t, err, "cannot recover")
}

// Every algorithm that chooses reads Config.Numbers through ChooseRange:
// 0 means the default, anything below 1 leaves nothing to choose.
func TestChooseRange(t *testing.T) {
	k, err := sim.Config{}.ChooseRange()
	require.NoError(t, err)
	assert.Equal(t, sim.DefaultNumbers, k)
	k, err = sim.Config{Numbers: 3}.ChooseRange()
	require.NoError(t, err)
	assert.Equal(t, 3, k)
	_, err = sim.Config{Numbers: -1}.ChooseRange()
	assert.ErrorContains(t, err, "numbers >= 1")
}

// A wrongly elected leader is named for what is wrong with it: it has
// crashed, or a higher node is alive (the seed's Safe breaks either way).
func TestWrongLeaderText(t *testing.T) {
	w, err := sim.NewWorld(electionbully.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1, Crashes: 1})
	require.NoError(t, err)
	assert.Equal(t, "N1 elects N2 although a higher node (N3) is alive", w.WrongLeaderText(0, 1))
	w.Crashed = 1 << 2
	assert.Equal(t, "N1 elects N3, which has crashed", w.WrongLeaderText(0, 2))
	w.Crashed = 1<<2 | 1<<1
	assert.Equal(t, "N1 elects N2, which has crashed", w.WrongLeaderText(0, 1))
}
