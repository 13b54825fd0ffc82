package metrics_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/central"
	"dmelab/algorithms/listing"
	"dmelab/algorithms/metrics"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenring"
)

// The central server's textbook figures: a client's entry costs a request
// and a grant and two message delays, its exit a release; a handover
// between clients costs two delays (release, grant). N1 is only the server,
// so all of this holds for every client.
func TestCentral(t *testing.T) {
	tl, err := metrics.Run(central.Algorithm(), sim.Config{N: 4}, []int{2})
	require.NoError(t, err)
	require.Len(t, tl.Entries, 1)
	e := tl.Entries[0]
	require.Equal(t, 2, e.At-e.Asked, "client delay")
	require.Equal(t, 2, e.SentBefore, "request, grant")
	require.Equal(t, 1, e.ExitSent, "release")
	require.Equal(t, 3, tl.Messages, "request, grant, release")

	m, err := metrics.Measure(central.Algorithm(), sim.Config{N: 4})
	require.NoError(t, err)
	require.Equal(t, 3, m.Entries, "three clients")
	require.Equal(t, 2, m.ClientDelay)
	require.Equal(t, 3.0, m.MessagesPerEntry)
	require.Equal(t, 3.0, m.ContendedMessagesPerEntry)
	require.Equal(t, 2.0, m.SyncDelay)

	c, err := metrics.Compare(central.Algorithm(), sim.Config{N: 4})
	require.NoError(t, err)
	require.Equal(t, 3, c.Clients)
	require.Equal(t, metrics.Range{Min: 2, Max: 2, Mean: 2}, c.EntryMessages)
	require.Equal(t, metrics.Range{Min: 1, Max: 1, Mean: 1}, c.ExitMessages)
	require.Equal(t, metrics.Range{Min: 2, Max: 2, Mean: 2}, c.ClientDelay)
	require.Equal(t, metrics.Range{Min: 2, Max: 2, Mean: 2}, c.SyncDelay)

	_, err = metrics.Compare(central.Algorithm(), sim.Config{N: 1})
	require.ErrorContains(t, err, "no client")
}

// The token starts at N1: a client alone waits for it to come round, from
// 0 (N1) to N-1 (Nn) hops, one message each; under contention the token
// goes one hop from each exit to the next entry.
func TestTokenRing(t *testing.T) {
	c, err := metrics.Compare(tokenring.Algorithm(), sim.Config{N: 5})
	require.NoError(t, err)
	require.Equal(t, metrics.Range{Min: 0, Max: 4, Mean: 2}, c.ClientDelay)
	require.Equal(t, metrics.Range{Min: 0, Max: 4, Mean: 2}, c.EntryMessages)
	require.Equal(t, metrics.Range{Min: 1, Max: 1, Mean: 1}, c.ExitMessages)
	require.Equal(t, metrics.Range{Min: 1, Max: 1, Mean: 1}, c.SyncDelay)
	require.Equal(t, 1.0, c.ContendedMessages)
}

// A listing whose nodes both enter at once (Ben-Ari's fix with the tie
// broken by <= instead of the tuple's <<: equal numbers reply to each
// other) has no synchronization delay: a handover "from exit to entry"
// would come out negative. Measure says Overlap and gives none.
func TestOverlapHasNoSyncDelay(t *testing.T) {
	text := strings.Replace(listing.SeedText("ra-benari"), "(requestedNum, source) << (myNum, myID)", "requestedNum <= myNum", 1)
	require.NotEqual(t, listing.SeedText("ra-benari"), text)
	alg, err := listing.Load("unsafe", text)
	require.NoError(t, err)
	m, err := metrics.Measure(alg, sim.Config{N: 2})
	require.NoError(t, err)
	require.True(t, m.Overlap)
	require.Zero(t, m.SyncDelay)

	m, err = metrics.Measure(central.Algorithm(), sim.Config{N: 3})
	require.NoError(t, err)
	require.False(t, m.Overlap)
	require.Positive(t, m.SyncDelay)
}
