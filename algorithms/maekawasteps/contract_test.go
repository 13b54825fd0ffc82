package maekawasteps_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/maekawasteps"
	"dmelab/algorithms/sim"
)

type (
	enterStaysReleased  struct{ ref }
	requestSetsState    struct{ ref }
	releaseSendsRequest struct{ ref }
	replyLeavesCS       struct{ ref }
	requestBadQueue     struct{ ref }
	enterChangesV       struct{ ref }
	replyPanics         struct{ ref }
	leaveStaysHeld      struct{ ref }
)

func (n enterStaysReleased) Enter()            { n.Replies = 0 }
func (n requestSetsState) OnRequest(pj int)    { n.ref.OnRequest(pj); n.State = maekawasteps.Held }
func (n releaseSendsRequest) OnRelease(pj int) { n.SendRequest(pj) }
func (n replyLeavesCS) OnReply(int)            { n.State = maekawasteps.Released }
func (n requestBadQueue) OnRequest(pj int)     { n.Q = append(n.Q, pj+10) }
func (n enterChangesV) Enter()                 { n.ref.Enter(); n.V[0] = 3 }
func (n replyPanics) OnReply(int)              { panic("no votes today") }
func (n leaveStaysHeld) Leave()                {}

func TestContract(t *testing.T) {
	for _, c := range []struct {
		name  string
		steps maekawasteps.New
		fault string
	}{
		{"Enter leaves Released", func(v *maekawasteps.Vars) maekawasteps.Steps { return enterStaysReleased{ref{v}} }, "Enter() left state = Released, but Enter() sets state = Wanted"},
		{"OnRequest sets state", func(v *maekawasteps.Vars) maekawasteps.Steps { return requestSetsState{ref{v}} }, "OnRequest changed state, but OnRequest may only change voted and queue"},
		{"OnRelease sends a request", func(v *maekawasteps.Vars) maekawasteps.Steps { return releaseSendsRequest{ref{v}} }, "OnRelease sent request to N"},
		{"OnRelease is told it sends replies", func(v *maekawasteps.Vars) maekawasteps.Steps { return releaseSendsRequest{ref{v}} }, "but OnRelease sends only replies"},
		{"OnReply leaves the CS", func(v *maekawasteps.Vars) maekawasteps.Steps { return replyLeavesCS{ref{v}} }, "OnReply changed state from Wanted to Released, but a reply can only move Wanted to Held"},
		{"Leave stays in the CS", func(v *maekawasteps.Vars) maekawasteps.Steps { return leaveStaysHeld{ref{v}} }, "Leave() left state = Held, but Leave() sets state = Released"},
		{"OnRequest queues a stranger", func(v *maekawasteps.Vars) maekawasteps.Steps { return requestBadQueue{ref{v}} }, "OnRequest put 1"},
		{"Enter changes V", func(v *maekawasteps.Vars) maekawasteps.Steps { return enterChangesV{ref{v}} }, "Enter() changed V, but Enter() may only change state and replies"},
		{"OnReply panics", func(v *maekawasteps.Vars) maekawasteps.Steps { return replyPanics{ref{v}} }, "OnReply panicked: no votes today"},
	} {
		t.Run(c.name, func(t *testing.T) {
			alg := maekawasteps.Algorithm("maekawa", c.steps, refSets)
			f := steptest.FirstFault(t, alg, sim.Config{N: 3}, sim.Options{Requests: 2})
			require.NotEmpty(t, f, "no node failed")
			assert.Contains(t, f, c.fault)
			steptest.GoNames(t, f, maekawasteps.Released, maekawasteps.Wanted, maekawasteps.Held)
		})
	}
}

// What crosses the wire comes back; a request the host cannot send is
// refused.
func TestWire(t *testing.T) {
	v := maekawasteps.Vars{State: maekawasteps.Wanted, Voted: true, Q: []int{1, 2}, Replies: 1, V: []int{0, 1}}
	steptest.RoundTrip(t, maekawasteps.Wire, int(maekawasteps.OpEnter), []maekawasteps.Vars{*maekawasteps.At(v, 0, 3), *maekawasteps.At(maekawasteps.Vars{}, 0, 1)},
		[][]byte{maekawasteps.Wire.EncodeRequest(int(maekawasteps.OpReply), 3, 0, maekawasteps.At(v, 0, 3)), maekawasteps.Wire.EncodeRequest(0, 0, 0, maekawasteps.At(v, 0, 33))})
}

func FuzzDecodeAnswer(f *testing.F) {
	v := maekawasteps.Vars{Q: []int{1, 2}, V: []int{0, 1}}
	steptest.Fuzz(f, maekawasteps.Wire, maekawasteps.CodeOf(newRef), maekawasteps.Wire.EncodeRequest(int(maekawasteps.OpEnter), -1, 0, maekawasteps.At(v, 0, 3)),
		maekawasteps.Wire.EncodeRequest(int(maekawasteps.OpRequest), 1, 0, maekawasteps.At(v, 0, 3)))
}

// FuzzDecodeSets: VotingSets' answer never panics the host, and is
// bounded.
func FuzzDecodeSets(f *testing.F) {
	f.Add(maekawasteps.Guest(newRef, refSets)([]byte{byte(maekawasteps.OpSets) * 2, 8}))
	f.Add([]byte{2, 1, 0, 0, 0, 0, 200})
	f.Fuzz(func(t *testing.T, b []byte) {
		if s, p, err := maekawasteps.DecodeSets(b); err == nil {
			assert.LessOrEqual(t, len(s), 33)
			assert.LessOrEqual(t, len(p), 400)
		}
	})
}
