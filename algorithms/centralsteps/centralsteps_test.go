package centralsteps

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/central"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Enter() {
	r.State = Wanted
	r.SendRequest()
}

func (r ref) Exit() {
	r.State = Released
	r.SendRelease()
}

func (r ref) OnRequest(from int) {
	if r.Holder == None {
		r.Holder = from
		r.SendGrant(from)
		return
	}
	r.Queue = append(r.Queue, from)
}

func (r ref) OnRelease(int) {
	if len(r.Queue) == 0 {
		r.Holder = None
		return
	}
	r.Holder = r.Queue[0]
	r.Queue = r.Queue[1:]
	r.SendGrant(r.Holder)
}

func (r ref) OnGrant() { r.State = Held }

func newRef(v *Vars) Steps { return ref{v} }

// viaWire runs the reference through the wire format, as the sandbox does.
func viaWire() New {
	return Remote(func(req []byte) ([]byte, error) { return Serve(newRef, req), nil })
}

func check(t *testing.T, alg *sim.Algorithm, n, r int) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r},
		Props: []string{explore.Safety, explore.Liveness, explore.Order}})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// The reference behaves exactly as the registry's central: the same state
// space and verdicts, directly and through the wire.
func TestReferenceIsCentral(t *testing.T) {
	for _, c := range []struct{ n, r int }{{1, 1}, {2, 1}, {2, 2}, {3, 1}, {3, 2}} {
		t.Run(fmt.Sprintf("N%d-R%d", c.n, c.r), func(t *testing.T) {
			want := check(t, central.Algorithm(), c.n, c.r)
			for _, alg := range []*sim.Algorithm{Algorithm("central", newRef), Algorithm("central", viaWire())} {
				got := check(t, alg, c.n, c.r)
				assert.Equal(t, want.States, got.States)
				assert.Equal(t, want.Transitions, got.Transitions)
				assert.Equal(t, want.Verdicts, got.Verdicts)
			}
		})
	}
}

// The same events give the same canonical forms and variables, so
// schedules written for central replay on a student's code.
func TestSameTranscript(t *testing.T) {
	a, err := sim.NewWorld(central.Algorithm(), sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	b, err := sim.NewWorld(Algorithm("central", newRef), sim.Config{N: 3}, sim.Options{Requests: 1})
	require.NoError(t, err)
	for _, line := range []string{"request N2", "request N3", "deliver N3->N1 request", "deliver N2->N1 request",
		"deliver N1->N3 grant", "exit N3", "deliver N3->N1 release", "deliver N1->N2 grant", "exit N2", "deliver N2->N1 release"} {
		for _, w := range []*sim.World{a, b} {
			e, err := w.FindEvent(line)
			require.NoError(t, err, line)
			_, err = w.Apply(e)
			require.NoError(t, err)
		}
		assert.Equal(t, a.StateString(), b.StateString(), line)
	}
}

// bad is a student's code that does something else in one handler.
type bad struct {
	ref
	enter, exit, grant func(v *Vars)
	request, release   func(v *Vars, from int)
}

func (b bad) Enter()   { call(b.enter, b.ref.Enter, b.Vars) }
func (b bad) Exit()    { call(b.exit, b.ref.Exit, b.Vars) }
func (b bad) OnGrant() { call(b.grant, b.ref.OnGrant, b.Vars) }
func (b bad) OnRequest(from int) {
	if b.request != nil {
		b.request(b.Vars, from)
		return
	}
	b.ref.OnRequest(from)
}
func (b bad) OnRelease(from int) {
	if b.release != nil {
		b.release(b.Vars, from)
		return
	}
	b.ref.OnRelease(from)
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
		{"enter grants", bad{enter: func(v *Vars) { v.State = Wanted; v.SendGrant(2) }}, []string{"request N2"}, "Enter() sent Grant, but Enter() sends only Request"},
		{"enter stays released", bad{enter: func(v *Vars) {}}, []string{"request N2"}, "Enter() left state = RELEASED"},
		{"exit sends twice", bad{exit: func(v *Vars) { v.State = Released; v.SendRelease(); v.SendRelease() }}, []string{"request N2", "deliver N2->N1", "deliver N1->N2", "exit N2"}, "Exit() sent 2 messages"},
		{"grant to nowhere", bad{request: func(v *Vars, from int) { v.Holder = from; v.SendGrant(7) }}, []string{"request N2", "deliver N2->N1"}, "OnRequest() sent a message to node 7"},
		{"queue of strangers", bad{request: func(v *Vars, from int) { v.Queue = append(v.Queue, 9) }}, []string{"request N2", "deliver N2->N1"}, "OnRequest() put 9 in the queue"},
		{"server enters on a request", bad{request: func(v *Vars, from int) { v.State = Held }}, []string{"request N2", "deliver N2->N1"}, "OnRequest() changed state from RELEASED to HELD"},
		{"client touches holder", bad{grant: func(v *Vars) { v.State = Held; v.Holder = 1 }}, []string{"request N2", "deliver N2->N1", "deliver N1->N2"}, "OnGrant() changed holder or queue"},
		{"panics", bad{release: func(v *Vars, from int) { _ = v.Queue[5] }}, []string{"request N2", "deliver N2->N1", "deliver N1->N2", "exit N2", "deliver N2->N1"}, "OnRelease() panicked: runtime error: index out of range"},
		{"server grants itself", bad{request: func(v *Vars, from int) { v.Holder = 0; v.SendGrant(0) }}, []string{"request N2", "deliver N2->N1"}, "OnRequest() sent a message to itself (node 0)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, err := sim.NewWorld(Algorithm("central", func(v *Vars) Steps { b := c.b; b.ref = ref{v}; return b }), sim.Config{N: 3}, sim.Options{Requests: 1})
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
	f.Add(Serve(newRef, EncodeRequest(OpRelease, 2, &Vars{State: Released, Holder: 2, Queue: []int{1}, id: 0, n: 3})))
	f.Add(Serve(newRef, EncodeRequest(OpRequest, 1, &Vars{Holder: None, id: 0, n: 3})))
	f.Add([]byte{1, 0, 0, 200, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		DecodeAnswer(b)
		if _, err := DecodeAnswer(Serve(newRef, b)); err != nil {
			t.Fatalf("Serve's own answer does not decode: %v", err)
		}
	})
}
