package rasteps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

// oddPanic is a fault's text that a schedule line cannot carry.
const oddPanic = "a#b  c\td\r\n]] --> `|` \"<script>\" \xff"

// A step that fails is labelled with the step and its argument, never
// with the fault's text (a label is a schedule line, where "#" starts a
// comment); the node's fault variable keeps the text as it is, and the
// run is written back as a schedule that replays it.
func TestFailingStepLabel(t *testing.T) {
	bad := steptest.Override(refCode.code, int(OpP4), func(*Vars, int, int) int { panic(oddPanic) })
	st := scenario.NewSetup(ListingAlgorithm("ra-benari", Code{Listing: BenAri, code: bad}), nil, sim.Config{N: 2}, sim.Options{Requests: 1})
	w, err := st.World()
	require.NoError(t, err)
	var evs []sim.Event
	for _, line := range []string{"request N1", "step N1 P2", "step N1 P4 fails (N = N2)"} {
		e, err := w.FindEvent(line)
		require.NoError(t, err)
		assert.Equal(t, line, w.EventString(e)[:len(line)])
		evs = append(evs, e)
		_, err = w.Apply(e)
		require.NoError(t, err)
	}
	assert.Contains(t, w.NodeString(0), "fault=P4 panicked: "+oddPanic)
	text, err := scenario.FromTrace(st, evs, nil)
	require.NoError(t, err)
	assert.Contains(t, text, "step N1 P4 fails (N = N2)\n")
	assert.NotContains(t, text, "a#b")
}

// In the listings where P2 is one step per value of chooseNumber(), the
// failing steps stay apart by that value, so each replays as itself.
func TestFailingChooserLabels(t *testing.T) {
	bad := steptest.Override(firstCode.code, int(OpP2), func(*Vars, int, int) int { panic("no") })
	w, err := sim.NewWorld(ListingAlgorithm("ra-v1", Code{Listing: First, code: bad}), sim.Config{N: 2, Numbers: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	steptest.Apply(t, w, "request N1")
	var labels []string
	for _, e := range w.Events(nil) {
		if e.Kind == sim.EvStep && e.Node == 0 {
			labels = append(labels, w.EventString(e))
		}
	}
	assert.Equal(t, []string{
		"step N1 P2 fails (chooseNumber() = 1)",
		"step N1 P2 fails (chooseNumber() = 2)",
		"step N1 P2 fails (chooseNumber() = 3)",
	}, labels)
	for _, l := range labels {
		e, err := w.FindEvent(l)
		require.NoError(t, err)
		assert.Equal(t, l, w.EventString(e))
	}
}
