package permringsteps

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/permring"
	"dmelab/algorithms/sim"
)

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) next() int { return (r.MyID() + 1) % r.N() }

func (r ref) Enter() {
	if r.N() == 1 {
		r.State = Held
		return
	}
	r.Retry()
}

func (r ref) OnRequest(owner int) {
	switch {
	case owner == r.MyID():
		if r.State == Trying {
			r.State = Held
		}
	case r.State == Trying || r.State == Held:
		r.SendRefuse(owner)
	default:
		r.SendRequest(r.next(), owner)
	}
}

func (r ref) OnRefuse() {
	if r.State == Trying {
		r.State = Refused
	}
}

func (r ref) Retry() {
	r.State = Trying
	r.SendRequest(r.next(), r.MyID())
}

func (r ref) Leave() { r.State = Released }

func newRef(v *Vars) Steps { return ref{v} }

// viaWire runs the reference through the wire format, as the sandbox does.
func viaWire() New {
	return Remote(func(req []byte) ([]byte, error) { return Serve(newRef, req), nil })
}

func check(t *testing.T, alg *sim.Algorithm, n, r int) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r},
		Props: []string{explore.Safety, explore.Liveness}})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// The reference behaves exactly as the registry's permission-ring: the
// same state space and verdicts, directly and through the wire.
func TestReferenceIsPermissionRing(t *testing.T) {
	for _, c := range []struct{ n, r int }{{1, 1}, {2, 1}, {2, 2}, {3, 1}, {3, 2}} {
		t.Run(fmt.Sprintf("N%d-R%d", c.n, c.r), func(t *testing.T) {
			want := check(t, permring.Algorithm(), c.n, c.r)
			for _, alg := range []*sim.Algorithm{Algorithm("permission-ring", newRef), Algorithm("permission-ring", viaWire())} {
				got := check(t, alg, c.n, c.r)
				assert.Equal(t, want.States, got.States)
				assert.Equal(t, want.Transitions, got.Transitions)
				assert.Equal(t, want.Verdicts, got.Verdicts)
			}
		})
	}
}

// The same events give the same variables and messages, so schedules
// written for permission-ring replay on a student's code.
func TestSameTranscript(t *testing.T) {
	a, err := sim.NewWorld(permring.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	b, err := sim.NewWorld(Algorithm("permission-ring", newRef), sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	for _, line := range []string{"request N2", "deliver N2->N3 request(2)", "deliver N3->N1 request(2)",
		"deliver N1->N2 request(2)", "request N3", "deliver N3->N1 request(3)", "deliver N1->N2 request(3)",
		"deliver N2->N3 refuse", "exit N2", "step N3 retry", "deliver N3->N1", "deliver N1->N2", "deliver N2->N3"} {
		for _, w := range []*sim.World{a, b} {
			e, err := w.FindEvent(line)
			require.NoError(t, err, line)
			_, err = w.Apply(e)
			require.NoError(t, err)
		}
		assert.Equal(t, a.StateString(), b.StateString(), line)
	}
	assert.Equal(t, sim.InCS, b.Nodes[2].Phase())
}

// bad is a student's code that does something else in one handler.
type bad struct {
	ref
	enter, retry func(v *Vars)
	request      func(v *Vars, owner int)
}

func (b bad) Enter() { call(b.enter, b.ref.Enter, b.Vars) }
func (b bad) Retry() { call(b.retry, b.ref.Retry, b.Vars) }
func (b bad) OnRequest(owner int) {
	if b.request != nil {
		b.request(b.Vars, owner)
		return
	}
	b.ref.OnRequest(owner)
}

func call(f func(*Vars), def func(), v *Vars) {
	if f != nil {
		f(v)
		return
	}
	def()
}

// Handlers that break the contract make their node fail, saying why.
func TestContract(t *testing.T) {
	for _, c := range []struct {
		name  string
		b     bad
		run   []string
		fault string
	}{
		{"enter stays released", bad{enter: func(v *Vars) {}}, []string{"request N2"}, "Enter() left state = RELEASED"},
		{"enter refuses", bad{enter: func(v *Vars) { v.State = Trying; v.SendRefuse(0) }}, []string{"request N2"}, "Enter() sent a refusal, but only OnRequest() refuses"},
		{"request to the wrong node", bad{enter: func(v *Vars) { v.State = Trying; v.SendRequest(0, 1) }}, []string{"request N2"}, "Enter() sent a request to N1, but the ring goes from N2 to N3"},
		{"retry sends another's request", bad{retry: func(v *Vars) { v.State = Trying; v.SendRequest(1, 1) }},
			[]string{"request N1", "request N2", "deliver N1->N2", "deliver N2->N1 refuse", "step N1"}, "Retry() sent the request of N2, but a node starts only its own"},
		{"request enters a passer-by", bad{request: func(v *Vars, owner int) { v.State = Held }}, []string{"request N1", "deliver N1->N2"}, "OnRequest() changed state from RELEASED to HELD"},
		{"request sends twice", bad{request: func(v *Vars, owner int) { v.SendRequest(2, owner); v.SendRefuse(owner) }}, []string{"request N1", "deliver N1->N2"}, "OnRequest() sent 2 messages"},
		{"panics", bad{request: func(v *Vars, owner int) { var m map[int]int; m[owner] = 1 }}, []string{"request N1", "deliver N1->N2"}, "OnRequest() panicked: assignment to entry in nil map"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, err := sim.NewWorld(Algorithm("permission-ring", func(v *Vars) Steps { b := c.b; b.ref = ref{v}; return b }), sim.Config{N: 3}, sim.Options{Requests: 1})
			require.NoError(t, err)
			for _, line := range c.run {
				e, err := w.FindEvent(line)
				require.NoError(t, err, line)
				_, err = w.Apply(e)
				require.NoError(t, err)
			}
			var faults []string
			for _, n := range w.Nodes {
				if f := n.(*node).Fault(); f != "" {
					faults = append(faults, f)
				}
			}
			require.Len(t, faults, 1)
			assert.Contains(t, faults[0], c.fault)
		})
	}
}

// FuzzDecodeAnswer: an answer from the sandbox is untrusted; decoding it
// never panics, and what Serve writes decodes.
func FuzzDecodeAnswer(f *testing.F) {
	f.Add(Serve(newRef, EncodeRequest(OpRequest, &Vars{State: Released, id: 1, n: 3}, 0)))
	f.Add([]byte{1, 0, 2, 0, 1, 0, 5})
	f.Fuzz(func(t *testing.T, b []byte) {
		DecodeAnswer(b)
		if _, err := DecodeAnswer(Serve(newRef, b)); err != nil {
			t.Fatalf("Serve's own answer does not decode: %v", err)
		}
	})
}
