package metrics_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/central"
	"dmelab/algorithms/metrics"
	"dmelab/algorithms/sim"
)

// The central server's textbook figures: a client's entry costs a request,
// a grant and a release (3 messages) and two message delays (request,
// grant); a handover between clients costs two delays (release, grant).
func TestCentral(t *testing.T) {
	tl, err := metrics.Run(central.Algorithm(), sim.Config{N: 4}, []int{2})
	require.NoError(t, err)
	require.Len(t, tl.Entries, 1)
	require.Equal(t, 2, tl.Entries[0].At-tl.Entries[0].Asked, "client delay")
	require.Equal(t, 3, tl.Messages, "request, grant, release")

	m, err := metrics.Measure(central.Algorithm(), sim.Config{N: 4})
	require.NoError(t, err)
	require.Equal(t, 4, m.Entries)
	require.Equal(t, 2, m.ClientDelay)
	require.Equal(t, 3.0, m.MessagesPerEntry)
	// Contended: N1 (the server) enters at once, then hands over to the
	// clients: its own exit grants after one delay, each client's exit
	// after two.
	for k, e := range mustRun(t, 4).Entries {
		t.Logf("entry %d: N%d asked %d at %d left %d", k, e.Node+1, e.Asked, e.At, e.Left)
	}
	require.InDelta(t, (1.0+2+2)/3, m.SyncDelay, 1e-9)
}

func mustRun(t *testing.T, n int) *metrics.Timeline {
	tl, err := metrics.Run(central.Algorithm(), sim.Config{N: n}, []int{0, 1, 2, 3})
	require.NoError(t, err)
	return tl
}
