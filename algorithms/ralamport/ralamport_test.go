package ralamport_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/ralamport"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, ralamport.Algorithm(), "testdata")
}

// TestQueueOrderIsNotState: two runs that queue the same requests in
// different arrival orders reach one state, since exit() answers the whole
// queue at once; only the displayed order differs.
func TestQueueOrderIsNotState(t *testing.T) {
	run := func(order ...string) *sim.World {
		w, err := sim.NewWorld(ralamport.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1})
		require.NoError(t, err)
		for _, line := range append([]string{
			"request N1", "deliver N1->N2", "deliver N1->N3", "deliver N2->N1", "deliver N3->N1",
			"request N2", "request N3", "deliver N2->N3", "deliver N3->N2", "deliver N3->N2 reply",
		}, order...) {
			e, err := w.FindEvent(line)
			require.NoError(t, err)
			_, err = w.Apply(e)
			require.NoError(t, err)
		}
		return w
	}
	a := run("deliver N2->N1", "deliver N3->N1")
	b := run("deliver N3->N1", "deliver N2->N1")
	require.Equal(t, "[N2@3 N3@3]", a.Nodes[0].Vars()[2].Value)
	require.Equal(t, "[N3@3 N2@3]", b.Nodes[0].Vars()[2].Value)
	var ea, eb sim.Enc
	a.Encode(&ea)
	b.Encode(&eb)
	require.Equal(t, ea.B, eb.B)
}
