package rasteps_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/rasteps"
	"dmelab/algorithms/rav1"
	"dmelab/algorithms/rav2"
	"dmelab/algorithms/rav3"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
)

// first is the first listing written as a student would; better adds the
// tie-break; betterBetter is "Better Better". The exercises' solution.go
// files say the same.
type (
	first        struct{ *rasteps.Vars }
	better       struct{ first }
	betterBetter struct{ *rasteps.Vars }
)

func (n first) P2(chosen int) { n.MyNum = chosen }
func (n first) P4(N int)      { n.SendRequest(N, n.MyNum) }
func (n first) P7() int       { return n.Deferred.First() }
func (n first) P8(N int)      { n.Deferred.Remove(N) }
func (n first) P9(N int)      { n.SendReply(N) }
func (n first) P11() {
	if n.RequestedNum < n.MyNum {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}

func (n better) P11() {
	if n.RequestedNum < n.MyNum || n.RequestedNum == n.MyNum && n.Source < n.MyID() {
		n.SendReply(n.Source)
	} else {
		n.Deferred.Add(n.Source)
	}
}

func (n betterBetter) P2()      { n.MyNum = n.HighestNum + 1 }
func (n betterBetter) P4(N int) { n.SendRequest(N, n.MyNum) }
func (n betterBetter) P7() int  { return n.Deferred.First() }
func (n betterBetter) P8(N int) { n.Deferred.Remove(N) }
func (n betterBetter) P9(N int) { n.SendReply(N) }
func (n betterBetter) P11()     { n.HighestNum = max(n.HighestNum, n.RequestedNum) }
func (n betterBetter) P12()     { better{first(n)}.P11() }

func firstCode() rasteps.Code {
	return rasteps.ChooseCode(rasteps.First, func(v *rasteps.Vars) rasteps.ChooseSteps { return first{v} })
}

func betterCode() rasteps.Code {
	return rasteps.ChooseCode(rasteps.Better, func(v *rasteps.Vars) rasteps.ChooseSteps { return better{first{v}} })
}

func betterBetterCode() rasteps.Code {
	return rasteps.HighestCode(func(v *rasteps.Vars) rasteps.HighestSteps { return betterBetter{v} })
}

// viaWire runs c's steps through the wire format, as the sandbox does.
func viaWire(c rasteps.Code) rasteps.Code {
	return rasteps.RemoteCode(c.Listing, func(req []byte) ([]byte, error) { return rasteps.ServeCode(c, req), nil })
}

var listings = []struct {
	name string
	reg  *sim.Algorithm
	code rasteps.Code
	dir  string
}{
	{"ra-v1", rav1.Algorithm(), firstCode(), "../rav1/testdata"},
	{"ra-v2", rav2.Algorithm(), betterCode(), "../rav2/testdata"},
	{"ra-v3", rav3.Algorithm(), betterBetterCode(), "../rav3/testdata"},
}

// Each listing's reference steps run the registry algorithm's own
// transcripts and print exactly what they print.
func TestListingTranscripts(t *testing.T) {
	for _, l := range listings {
		t.Run(l.name, func(t *testing.T) {
			simtest.Run(t, rasteps.ListingAlgorithm(l.name, l.code), l.dir)
		})
	}
}

// Each listing's reference steps, directly and through the wire, have
// exactly the registry algorithm's state graph and verdicts, flaws
// included, and walk in lockstep with it (labels and states).
func TestListingsAreTheRegistry(t *testing.T) {
	for _, l := range listings {
		for _, c := range []struct{ n, r, k int }{{2, 1, 0}, {2, 2, 0}, {3, 1, 0}, {2, 1, 3}} {
			t.Run(fmt.Sprintf("%s/N%d-R%d-K%d", l.name, c.n, c.r, c.k), func(t *testing.T) {
				cfg := explore.Config{Sim: sim.Config{N: c.n, Numbers: c.k}, Opts: sim.Options{Requests: c.r}, Props: []string{explore.Safety, explore.Liveness}, NoReduce: true}
				cfg.Alg = l.reg
				want, err := explore.Check(cfg)
				require.NoError(t, err)
				for _, code := range []rasteps.Code{l.code, viaWire(l.code)} {
					cfg.Alg = rasteps.ListingAlgorithm(l.name, code)
					got, err := explore.Check(cfg)
					require.NoError(t, err)
					assert.Equal(t, want.States, got.States)
					assert.Equal(t, want.Transitions, got.Transitions)
					assert.Equal(t, want.Verdicts, got.Verdicts)
				}
				// The flaws are there: every listing deadlocks.
				assert.Equal(t, explore.Violated, want.Verdicts[explore.Liveness])
			})
		}
		for seed := uint64(0); seed < 10; seed++ {
			lockstep(t, l.reg, rasteps.ListingAlgorithm(l.name, viaWire(l.code)), 2+int(seed%2), 2, seed)
		}
	}
}

// The listings' own contracts: a chooser's P2 may only set myNum, and the
// decision is named P11 where the listing numbers it so.
type (
	p2SetsHighest struct{ first }
	p11Sends2     struct{ first }
	p12Panics3    struct{ betterBetter }
)

func (n p2SetsHighest) P2(chosen int) { n.MyNum, n.HighestNum = chosen, chosen }
func (n p11Sends2) P11()              { n.SendReply(n.Source); n.SendReply(n.Source) }
func (n p12Panics3) P12()             { panic("not written yet") }

func TestListingContracts(t *testing.T) {
	for _, c := range []struct {
		name  string
		code  rasteps.Code
		fault string
	}{
		{"P2 writes highestNum", rasteps.ChooseCode(rasteps.First, func(v *rasteps.Vars) rasteps.ChooseSteps { return p2SetsHighest{first{v}} }),
			"P2 changed highestNum, but P2 may only change myNum"},
		{"P11 sends twice", rasteps.ChooseCode(rasteps.Better, func(v *rasteps.Vars) rasteps.ChooseSteps { return p11Sends2{first{v}} }),
			"P11 sent 2 messages, but P11 sends at most one"},
		{"P12 panics", rasteps.HighestCode(func(v *rasteps.Vars) rasteps.HighestSteps { return p12Panics3{betterBetter{v}} }),
			"P12 panicked: not written yet"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := firstFault(t, rasteps.ListingAlgorithm("x", c.code))
			require.NotEmpty(t, f, "no node failed")
			assert.Contains(t, f, c.fault)
		})
	}
}

// Without steps there is no algorithm to build, and the guest answers
// that the step panicked rather than crashing.
func TestNoSteps(t *testing.T) {
	for _, c := range []rasteps.Code{rasteps.BenAriCode(nil), rasteps.ChooseCode(rasteps.First, nil), rasteps.HighestCode(nil)} {
		_, err := sim.NewWorld(rasteps.ListingAlgorithm("x", c), sim.Config{N: 2}, sim.Options{Requests: 1})
		assert.ErrorContains(t, err, "no steps")
		var v rasteps.Vars
		a, err := rasteps.DecodeAnswer(rasteps.ServeCode(c, rasteps.EncodeRequest(rasteps.OpP2, 1, &v)))
		require.NoError(t, err)
		assert.Equal(t, "no steps", a.Panic)
	}
}
