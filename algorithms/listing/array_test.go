package listing_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/listing"
	"dmelab/algorithms/sim"
)

// varOf is the value the node shows for name, or "".
func varOf(n sim.Node, name string) string {
	for _, v := range n.Vars() {
		if v.Name == name {
			return v.Value
		}
	}
	return ""
}

// An array shows one entry per node, survives an encoding and a
// decoding, and an index that is not a node here stops the node with a
// fault that says which.
func TestArrayEntriesAndFault(t *testing.T) {
	alg, err := listing.Algorithm(`algorithm next
message hello(t)
global int state = RELEASED
global int seen[n] = 0
global kind last[n] = hello
on enter:
    state = HELD
    seen[myID + 1] = 7
on exit:
    state = RELEASED
on receive(hello, j, t):
    seen[j] = t
`)
	require.NoError(t, err)
	w, err := sim.NewWorld(alg, sim.Config{N: 2}, sim.Options{Requests: 1})
	require.NoError(t, err)
	_, err = w.Apply(sim.Event{Kind: sim.EvRequest, Node: 0})
	require.NoError(t, err)
	assert.Equal(t, "[N1:0 N2:7]", varOf(w.Nodes[0], "seen"))
	assert.Equal(t, "[N1:hello N2:hello]", varOf(w.Nodes[0], "last"))
	assert.Equal(t, "", varOf(w.Nodes[0], "fault"))

	var e sim.Enc
	w.Nodes[0].Encode(&e)
	back := w.Nodes[1].Clone()
	back.Decode(&sim.Dec{B: e.B})
	assert.Equal(t, "[N1:0 N2:7]", varOf(back, "seen"))

	_, err = w.Apply(sim.Event{Kind: sim.EvRequest, Node: 1})
	require.NoError(t, err)
	assert.Equal(t, "used seen[2], but the nodes are 0..1", varOf(w.Nodes[1], "fault"))
	assert.Equal(t, sim.Wanting, w.Nodes[1].Phase())
}

// A when rule runs after every event, and self direct hands a node's
// messages to itself to their handler before the event ends.
func TestWhenAndSelfDirect(t *testing.T) {
	alg, err := listing.Algorithm(`algorithm self
self direct
message ping(k)
global int state = RELEASED
global int got = 0
on enter:
    state = WANTED
    send(ping, myID, 1)
    send(ping, myID, 2)
on exit:
    state = RELEASED
on receive(ping, j, k):
    got = got * 10 + k
when state = WANTED and (all node j: got > 9):
    state = HELD
`)
	require.NoError(t, err)
	w, err := sim.NewWorld(alg, sim.Config{N: 2}, sim.Options{Requests: 1})
	require.NoError(t, err)
	_, err = w.Apply(sim.Event{Kind: sim.EvRequest, Node: 1})
	require.NoError(t, err)
	assert.Equal(t, "12", varOf(w.Nodes[1], "got"), "handled in the order sent")
	assert.Equal(t, sim.InCS, w.Nodes[1].Phase(), "the rule ran after the messages")
	assert.Empty(t, w.Net, "nothing went through the network")
}

// A listing written as handlers shows its phase variable by name, as the
// listing writes it, not as the number it is stored as.
func TestHandlerStateShowsByName(t *testing.T) {
	alg, err := listing.Seed("central")
	require.NoError(t, err)
	w, err := sim.NewWorld(alg, sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	client := w.Nodes[1]
	assert.Equal(t, "RELEASED", varOf(client, "state"))
	_, err = w.Apply(sim.Event{Kind: sim.EvRequest, Node: 1})
	require.NoError(t, err)
	assert.Equal(t, "WANTED", varOf(w.Nodes[1], "state"))
}
