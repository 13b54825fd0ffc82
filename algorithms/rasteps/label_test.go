package rasteps_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/rasteps"
	"dmelab/algorithms/scenario"
	"dmelab/algorithms/sim"
)

// Steps whose P4 panics with text that a schedule line cannot carry.
type p4PanicsOddly struct{ ref }

const oddPanic = "a#b  c\td\r\n]] --> `|` \"<script>\" \xff"

func (n p4PanicsOddly) P4(int) { panic(oddPanic) }

// chooseFails is the first listing with a P2 that fails whatever
// chooseNumber() returned.
type chooseFails struct{ first }

func (n chooseFails) P2(int) { panic("no") }

// A step that fails is labelled with the step and its argument, never
// with the fault's text (a label is a schedule line, where "#" starts a
// comment); the node's fault variable keeps the text as it is, and the
// run is written back as a schedule that replays it.
func TestFailingStepLabel(t *testing.T) {
	alg := rasteps.Algorithm("ra-benari", func(v *rasteps.Vars) rasteps.Steps { return p4PanicsOddly{ref{v}} })
	st := scenario.NewSetup(alg, nil, sim.Config{N: 2}, sim.Options{Requests: 1})
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
	assert.Equal(t, "step N1 P4 fails (N = N2)", evsString(t, st, evs)[2])
	assert.Contains(t, w.NodeString(0), "fault=P4 panicked: "+oddPanic)
	text, err := scenario.FromTrace(st, evs, nil)
	require.NoError(t, err)
	assert.Contains(t, text, "step N1 P4 fails (N = N2)\n")
	assert.NotContains(t, text, "a#b")
}

func evsString(t *testing.T, st *scenario.Setup, evs []sim.Event) []string {
	w, err := st.World()
	require.NoError(t, err)
	var out []string
	for _, e := range evs {
		out = append(out, w.EventString(e))
		_, err := w.Apply(e)
		require.NoError(t, err)
	}
	return out
}

// In the listings where P2 is one step per value of chooseNumber(), the
// failing steps stay apart by that value, so each replays as itself.
func TestFailingChooserLabels(t *testing.T) {
	alg := rasteps.ListingAlgorithm("ra-v1", rasteps.ChooseCode(rasteps.First, func(v *rasteps.Vars) rasteps.ChooseSteps { return chooseFails{first{v}} }))
	w, err := sim.NewWorld(alg, sim.Config{N: 2, Numbers: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	e, err := w.FindEvent("request N1")
	require.NoError(t, err)
	_, err = w.Apply(e)
	require.NoError(t, err)
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
