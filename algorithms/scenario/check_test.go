package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"nodes N1\n", "c.scn:1:1: missing algorithm line"},
		{"algorithm ra-lamport\n", "c.scn:1:1: missing nodes line"},
		{"algorithm paxos\nnodes N1\n", "c.scn:1:11: unknown algorithm \"paxos\" (known: central, token-ring"},
		{"algorithm central\nnodes N1 N1\n", "c.scn:2:10: node N1 is listed twice"},
		{"algorithm central\nnodes N1 run\n", "c.scn:2:10: run is a keyword and cannot name a node"},
		{"algorithm central\nalgorithm central\nnodes N1\n", "c.scn:2:1: algorithm is given twice (first at line 1)"},
		{"algorithm central\nnodes N1\nrequest N2\n", "c.scn:3:9: unknown node N2: the nodes are N1 (to use N2, add it to the nodes line)"},
		{"algorithm central\nnodes N1 N2\nclock N1 = 5\n", "c.scn:3:1: central keeps no Lamport clocks in the simulator (only lamport and ra-lamport and maekawa-safe do)"},
		{"algorithm central\nnodes N1 N2\nrequest N2\nrequests 2\n", "c.scn:4:1: settings come before the script: move this above line 3"},
		{"algorithm central\nnodes N1 N2\nrequest N2\nexit N2\nrequest N2\n", "c.scn:5:1: N2 calls enter() 2 times, more than its requests allow (1)"},
		{"algorithm central\nnodes N1 N2\nrequest N1\n", "c.scn:3:1: N1 is central's server: it serves the others and never calls enter()"},
		{"algorithm central\nnodes S C\nrequests S = 1\n", "c.scn:3:1: S is central's server: it serves the others and never calls enter()"},
		{"algorithm central\nnodes N1 N2\napp N1->N2\n", "c.scn:3:1: application message 1, but app-messages is 0"},
		{"algorithm central\nnodes N1 N2\ncrash N2\n", "c.scn:3:1: crash 1, but crashes is 0"},
		{"algorithm central\nnodes N1 N2\ncrashes 3\n", "c.scn:3:1: crashes must be at most 2, got 3"},
		{"algorithm central\nnodes N1 N2\nexpect N1 mood = happy\n", "c.scn:3:11: N1 has no variable \"mood\" (it has: phase, holder, queue)"},
		{"algorithm central\nnodes N1 N2\nrun until N2 colour = red\n", "c.scn:3:14: N2 has no variable \"colour\""},
		{"algorithm maekawa\nnodes A B\nvoting-set A = {A, B}\n", "c.scn:3:1: no voting-set for B: give one for every node, or none for the grid"},
		{"algorithm maekawa\nnodes A B C\nvoting-set A = {A}\nvoting-set B = {B}\nvoting-set C = {C}\n", "c.scn:3:1: maekawa: "},
		{"algorithm central\nnodes A B\nvoting-set A = {B}\nvoting-set B = {A}\n", "c.scn:3:1: central has no voting sets"},
		{"algorithm central\nnodes A B\nvoting-set A = {A, Z}\n", "c.scn:3:20: unknown node Z"},
		{"algorithm central\nnodes A B\nexpect A enters before C\n", "c.scn:3:24: unknown node C"},
	} {
		_, err := Load("c.scn", []byte(tc.src))
		require.Error(t, err, tc.src)
		assert.Contains(t, err.Error(), tc.want, tc.src)
	}
}

func TestCheckSetup(t *testing.T) {
	s := load(t, `algorithm lamport
nodes A B C
channels unordered
requests 2
requests B = 0
clock C = 7
app-messages 1
crashes 1
expect order holds
`)
	st := s.Setup
	assert.False(t, st.Alg.FIFO, "channels unordered overrides the algorithm's FIFO")
	assert.Equal(t, []int{2, 0, 2}, st.Requests)
	assert.Equal(t, []int32{0, 0, 7}, st.Clocks)
	assert.Equal(t, 1, st.Opts.AppMsgs)
	assert.Equal(t, 1, st.Opts.Crashes)
	assert.True(t, st.Opts.Order)
	w, err := st.World()
	require.NoError(t, err)
	assert.Equal(t, []string{"A", "B", "C"}, w.Names)
	assert.Equal(t, int32(7), w.Clock[2])
	assert.Equal(t, 0, w.App[1].Left)

	s = load(t, "algorithm maekawa\nnodes A B C\nvoting-set A = {A, B}\nvoting-set B = {B, C}\nvoting-set C = {C, A}\n")
	assert.Equal(t, [][]int{{0, 1}, {1, 2}, {2, 0}}, s.Setup.Cfg.Sets)
}
