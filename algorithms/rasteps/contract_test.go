package rasteps

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/sim"
)

// Steps that break their contract make their node fail, saying why, as
// the listing numbers the step, directly and through the wire. In Ben-Ari's
// fix the explorer reports it as a liveness failure whose last state
// shows the fault.
func TestContract(t *testing.T) {
	for _, c := range []struct {
		code  Code
		op    Op
		bad   func(v *Vars, arg int) int
		fault string
	}{
		{refCode, OpP11, func(v *Vars, _ int) int { v.HighestNum = max(v.HighestNum, v.RequestedNum); v.MyNum = 0; return 0 },
			"P11 changed myNum, but P11 may only change highestNum"},
		{refCode, OpP4, func(v *Vars, N int) int { v.SendReply(N); return 0 },
			"P4 sent send(reply,N2,myID), but P4 sends only send(request,N2,myID,myNum)"},
		{refCode, OpP4, func(v *Vars, N int) int { v.SendRequest(N+1, v.MyNum); return 0 },
			"P4 sent send(request,node 2,myID,1), but P4 sends only send(request,N2,myID,myNum)"},
		{refCode, OpP9, func(v *Vars, _ int) int { v.SendReply(v.Source); return 0 },
			"P9 sent send(reply,node -1,myID), but P9 sends only send(reply,N"},
		{refCode, OpP8, func(*Vars, int) int { return 0 }, "P8 left deferred = [N"},
		{refCode, OpP7, func(*Vars, int) int { return 5 }, "P7 returned 5, but P7 returns a node in deferred"},
		{refCode, OpP12, func(v *Vars, _ int) int { var d []int; return d[v.Source+3] }, "P12 panicked: runtime error: index out of range"},
		{refCode, OpP12, func(v *Vars, _ int) int { v.Deferred.Add(v.MyID()); return 0 }, "P12 changed deferred from [] to"},
		{refCode, OpP2, func(v *Vars, _ int) int { ref{v}.P2(); v.SendReply(0); v.SendReply(1); return 0 },
			"P2 sent send(reply,N1,myID), but P2 sends nothing"},
		{refCode, OpP6a, func(v *Vars, _ int) int { *v = Vars{}; return 0 },
			"P6a changed source and myNum and highestNum and deferred, but P6a may only change requestCS"},
		{firstCode, OpP2, func(v *Vars, k int) int { v.MyNum, v.HighestNum = k, k; return 0 }, "P2 changed highestNum, but P2 may only change myNum"},
		{betterCode, OpP12, func(v *Vars, _ int) int { v.SendReply(v.Source); v.SendReply(v.Source); return 0 },
			"P11 sent 2 messages, but P11 sends at most one"},
		{betterBetterCode, OpP12, func(*Vars, int) int { panic("not written yet") }, "P12 panicked: not written yet"},
	} {
		bad := steptest.Override(c.code.code, int(c.op), func(v *Vars, arg, _ int) int { return c.bad(v, arg) })
		for _, b := range steptest.Both(wire, bad) {
			alg := ListingAlgorithm("x", Code{Listing: c.code.Listing, code: b})
			f := steptest.FirstFault(t, alg, sim.Config{N: 2}, sim.Options{Requests: 2})
			require.NotEmpty(t, f, "no node failed")
			assert.Contains(t, f, c.fault)
			if c.code.Listing != BenAri {
				continue
			}
			res := steptest.Explore(t, alg, steptest.Config{N: 2, R: 2})
			require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
			tr := res.Counterexamples[explore.Liveness]
			assert.Contains(t, strings.Join(tr.Steps[len(tr.Steps)-1].Nodes, " "), "fault=")
		}
	}
}

// Without steps there is no algorithm to build, and the guest answers
// that the step panicked rather than crashing.
func TestNoSteps(t *testing.T) {
	for _, c := range []Code{BenAriCode(nil), ChooseCode(First, nil), HighestCode(nil)} {
		_, err := sim.NewWorld(ListingAlgorithm("x", c), sim.Config{N: 2}, sim.Options{Requests: 1})
		assert.ErrorContains(t, err, "rasteps: no steps")
		v := Vars{self: at(0, 2)}
		a, err := wire.DecodeAnswer(GuestCode(c)(wire.EncodeRequest(int(OpP2), 1, 0, &v)))
		require.NoError(t, err)
		assert.Equal(t, "no steps", a.Panic)
	}
}
