package lamportsteps

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/lamport"
	"dmelab/algorithms/sim"
)

// ref is the reference solution, written as a student would.
type ref struct{ *Vars }

func (r ref) Enter() {
	me := r.MyID()
	r.Q[me] = Entry{Request, r.Clock()}
	r.toOthers(r.Q[me])
}

func (r ref) OnRequest(from, t int) {
	r.Q[from] = Entry{Request, t}
	if r.Q[r.MyID()].Kind != Request {
		r.Send(from, Entry{Reply, r.Clock()})
	}
}

// earlier: slot a's (T, a) comes before slot b's (T, b).
func (r ref) earlier(a, b int) bool {
	if r.Q[a].T != r.Q[b].T {
		return r.Q[a].T < r.Q[b].T
	}
	return a < b
}

func (r ref) CanEnter() bool {
	me := r.MyID()
	if r.Q[me].Kind != Request {
		return false
	}
	for j := range r.Q {
		if j == me {
			continue
		}
		if r.Q[j].Kind == Request && r.earlier(j, me) {
			return false // 3a
		}
		if !r.earlier(me, j) {
			return false // 3b
		}
	}
	return true
}

func (r ref) Exit() {
	me := r.MyID()
	r.Q[me] = Entry{Release, r.Clock()}
	r.toOthers(r.Q[me])
}

func (r ref) OnRelease(from, t int) { r.Q[from] = Entry{Release, t} }
func (r ref) OnReply(from, t int)   { r.Q[from] = Entry{Reply, t} }

func (r ref) toOthers(m Entry) {
	for j := 0; j < r.N(); j++ {
		if j != r.MyID() {
			r.Send(j, m)
		}
	}
}

func newRef(v *Vars) Steps { return ref{v} }

// viaWire runs the reference through the wire format, as the sandbox does.
func viaWire() New {
	return Remote(func(req []byte) ([]byte, error) { return Serve(newRef, req), nil })
}

func check(t *testing.T, alg *sim.Algorithm, n, r, app int, props ...string) *explore.Result {
	t.Helper()
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r, AppMsgs: app}, Props: props})
	require.NoError(t, err)
	require.True(t, res.Complete)
	return res
}

// The reference behaves exactly as the registry's lamport: the same state
// space and verdicts, directly and through the wire, including Order
// (which needs the clocks to tick exactly as the registry's do).
func TestReferenceIsLamport(t *testing.T) {
	cases := []struct{ n, r, app int }{{1, 1, 0}, {1, 2, 0}, {2, 1, 0}, {2, 2, 0}, {2, 2, 1}, {2, 3, 0}}
	if !testing.Short() {
		cases = append(cases, struct{ n, r, app int }{3, 1, 0})
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("N%d-R%d-A%d", c.n, c.r, c.app), func(t *testing.T) {
			props := []string{explore.Safety, explore.Liveness}
			if c.app > 0 {
				props = append(props, explore.Order)
			}
			want := check(t, lamport.Algorithm(), c.n, c.r, c.app, props...)
			for _, alg := range []*sim.Algorithm{Algorithm("lamport", newRef), Algorithm("lamport", viaWire())} {
				got := check(t, alg, c.n, c.r, c.app, props...)
				assert.Equal(t, want.States, got.States)
				assert.Equal(t, want.Transitions, got.Transitions)
				assert.Equal(t, want.Verdicts, got.Verdicts)
			}
		})
	}
}

// The same events give the same canonical forms, clocks and variables, so
// schedules written for lamport replay on a student's code. The run is
// the registry's contended one: two requests at the same clock value.
func TestSameTranscript(t *testing.T) {
	opts := sim.Options{Requests: 1}
	a, err := sim.NewWorld(lamport.Algorithm(), sim.Config{N: 3}, opts)
	require.NoError(t, err)
	b, err := sim.NewWorld(Algorithm("lamport", viaWire()), sim.Config{N: 3}, opts)
	require.NoError(t, err)
	for _, line := range []string{"request N1", "request N2", "deliver N1->N2 request", "deliver N2->N1 request",
		"deliver N1->N3 request", "deliver N2->N3 request", "deliver N3->N2 reply", "deliver N3->N1 reply",
		"exit N1", "deliver N1->N3 release", "deliver N1->N2 release", "request N3", "deliver N3->N1 request", "exit N2",
		"deliver N2->N1 release", "deliver N3->N2 request", "deliver N2->N3 release", "deliver N1->N3 reply", "deliver N2->N3 reply"} {
		var said []string
		for _, w := range []*sim.World{a, b} {
			e, err := w.FindEvent(line)
			require.NoError(t, err, line)
			said = append(said, w.Describe(e))
			_, err = w.Apply(e)
			require.NoError(t, err)
		}
		assert.Equal(t, said[0], said[1], line)
		assert.Equal(t, a.StateString(), b.StateString(), line)
	}
	assert.Equal(t, sim.InCS, b.Nodes[2].Phase(), "N3 should be in the CS at the end")
}

// bad is a student's code that does something else in one handler.
type bad struct {
	ref
	enter, exit             func(v *Vars)
	request, reply, release func(v *Vars, from, t int)
	canEnter                func(v *Vars) bool
}

func (b bad) Enter() { call(b.enter, b.ref.Enter, b.Vars) }
func (b bad) Exit()  { call(b.exit, b.ref.Exit, b.Vars) }
func (b bad) CanEnter() bool {
	if b.canEnter != nil {
		return b.canEnter(b.Vars)
	}
	return b.ref.CanEnter()
}
func (b bad) OnRequest(from, t int) { call3(b.request, b.ref.OnRequest, b.Vars, from, t) }
func (b bad) OnReply(from, t int)   { call3(b.reply, b.ref.OnReply, b.Vars, from, t) }
func (b bad) OnRelease(from, t int) { call3(b.release, b.ref.OnRelease, b.Vars, from, t) }

func call(f func(*Vars), def func(), v *Vars) {
	if f != nil {
		f(v)
		return
	}
	def()
}

func call3(f func(*Vars, int, int), def func(int, int), v *Vars, from, t int) {
	if f != nil {
		f(v, from, t)
		return
	}
	def(from, t)
}

// Handlers that break the contract make their node fail, saying why,
// directly and through the wire.
func TestContract(t *testing.T) {
	for _, c := range []struct {
		name  string
		b     bad
		run   []string
		fault string
	}{
		{"enter writes another slot", bad{enter: func(v *Vars) { v.Q[2] = Entry{Request, 1} }}, []string{"request N2"},
			"Enter() changed q[2], but Enter() may change only q[1]"},
		{"enter sends a reply", bad{enter: func(v *Vars) { v.Q[1] = Entry{Request, 1}; v.Send(0, Entry{Reply, 1}) }}, []string{"request N2"},
			"Enter() sent Reply, but Enter() sends only Request"},
		{"enter sends to itself", bad{enter: func(v *Vars) { v.Q[1] = Entry{Request, 1}; v.Send(1, v.Q[1]) }}, []string{"request N2"},
			"Enter() sent a message to itself (node 1)"},
		{"enter sends twice", bad{enter: func(v *Vars) { v.Q[1] = Entry{Request, 1}; v.Send(0, v.Q[1]); v.Send(0, v.Q[1]) }}, []string{"request N2"},
			"Enter() sent node 0 two messages, but Enter() sends each node at most one"},
		{"enter stamps the future", bad{enter: func(v *Vars) { v.Q[1] = Entry{Request, v.Clock() + 1} }}, []string{"request N2"},
			"Enter() set q[1] = (Request, 2), but the clock shows 1"},
		{"enter sends to nowhere", bad{enter: func(v *Vars) { v.Send(7, Entry{Request, 1}) }}, []string{"request N2"},
			"Enter() sent a message to node 7, but the nodes are 0..2"},
		{"a strange kind", bad{reply: func(v *Vars, from, t int) { v.Q[from] = Entry{Kind(7), t} }}, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() set q[1] = (Kind(7), 2), but the kinds are Request, Reply and Release"},
		{"q grows", bad{request: func(v *Vars, from, t int) { v.Q = append(v.Q, Entry{}) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() made q 4 long, but it has one slot per node (3)"},
		{"reply to someone else", bad{request: func(v *Vars, from, t int) { v.Q[from] = Entry{Request, t}; v.Send(2, Entry{Reply, v.Clock()}) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent a Reply to node 2, but the request came from node 0"},
		{"two replies", bad{request: func(v *Vars, from, t int) { v.Send(from, Entry{Reply, 1}); v.Send(from, Entry{Reply, 2}) }}, []string{"request N1", "deliver N1->N2"},
			"OnRequest() sent 2 messages, but OnRequest() sends at most one Reply"},
		{"release answers", bad{release: func(v *Vars, from, t int) { v.Send(from, Entry{Reply, t}) }}, []string{"request N3", "run", "exit N3", "deliver N3->N1 release"},
			"OnRelease() sent a message, but OnRelease() sends nothing"},
		{"can-enter writes", bad{canEnter: func(v *Vars) bool { v.Q[0] = Entry{Reply, 0}; return false }}, []string{"request N1"},
			"CanEnter() changed q[0], but CanEnter() only looks at q"},
		{"exit keeps a slot of another", bad{exit: func(v *Vars) { v.Q[0] = Entry{Release, v.Clock()}; v.Q[1] = Entry{Release, 0} }}, []string{"request N1", "run", "exit N1"},
			"Exit() changed q[1], but Exit() may change only q[0]"},
		{"panics", bad{reply: func(v *Vars, from, t int) { var m map[int]int; m[from] = t }}, []string{"request N1", "deliver N1->N2", "deliver N2->N1"},
			"OnReply() panicked: assignment to entry in nil map"},
	} {
		for _, wire := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/wire=%v", c.name, wire), func(t *testing.T) {
				s := New(func(v *Vars) Steps { b := c.b; b.ref = ref{v}; return b })
				if wire {
					inner := s
					s = Remote(func(req []byte) ([]byte, error) { return Serve(inner, req), nil })
				}
				w, err := sim.NewWorld(Algorithm("lamport", s), sim.Config{N: 3}, sim.Options{Requests: 1})
				require.NoError(t, err)
				for _, line := range c.run {
					if line == "run" {
						runQuiet(t, w)
						continue
					}
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
}

// runQuiet delivers messages until none is left (no enter() or exit()).
func runQuiet(t *testing.T, w *sim.World) {
	for k := 0; k < 100; k++ {
		var next *sim.Event
		for _, e := range w.Events(nil) {
			if e.Kind == sim.EvDeliver {
				next = &e
				break
			}
		}
		if next == nil {
			return
		}
		_, err := w.Apply(*next)
		require.NoError(t, err)
	}
	t.Fatal("the network did not go quiet")
}

// A failed node stops: it waits forever, takes no more messages, and the
// search reports the liveness failure.
func TestFailedNodeWaits(t *testing.T) {
	s := New(func(v *Vars) Steps { return bad{ref: ref{v}, reply: func(v *Vars, from, t int) { panic("no") }} })
	res := check(t, Algorithm("lamport", s), 2, 1, 0, explore.Safety, explore.Liveness)
	assert.Equal(t, explore.Holds, res.Verdicts[explore.Safety])
	assert.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
}

// The guest runs the student's code only on requests the host can send:
// a loop over N() nodes or over q must end.
func TestServeRefusesMalformed(t *testing.T) {
	q := []Entry{{Release, 0}, {Release, 0}}
	ok := EncodeRequest(OpEnter, 0, 0, &Vars{Q: q, id: 0, n: 2, clock: 1})
	a, err := DecodeAnswer(Serve(newRef, ok))
	require.NoError(t, err)
	assert.Empty(t, a.Panic)
	assert.Equal(t, []Send{{To: 1, Msg: Entry{Request, 1}}}, a.Vars.out)
	for name, req := range map[string][]byte{
		"huge n":          EncodeRequest(OpEnter, 0, 0, &Vars{Q: q, id: 0, n: 1 << 40, clock: 1}),
		"q too short":     EncodeRequest(OpEnter, 0, 0, &Vars{Q: q[:1], id: 0, n: 2, clock: 1}),
		"id out of range": EncodeRequest(OpExit, 0, 0, &Vars{Q: q, id: 2, n: 2, clock: 1}),
		"from itself":     EncodeRequest(OpReply, 0, 0, &Vars{Q: q, id: 0, n: 2, clock: 1}),
		"unknown op":      EncodeRequest(Op(9), 0, 0, &Vars{Q: q, id: 0, n: 2, clock: 1}),
		"trailing bytes":  append(ok, 0),
	} {
		a, err := DecodeAnswer(Serve(newRef, req))
		require.NoError(t, err, name)
		assert.Equal(t, "the request was malformed", a.Panic, name)
	}
}

// FuzzDecodeAnswer: an answer from the sandbox is untrusted; decoding it
// never panics, and what Serve writes decodes.
func FuzzDecodeAnswer(f *testing.F) {
	q := []Entry{{Request, 1}, {Reply, 2}, {Release, 0}}
	f.Add(Serve(newRef, EncodeRequest(OpExit, 0, 0, &Vars{Q: q, id: 0, n: 3, clock: 4})))
	f.Add(Serve(newRef, EncodeRequest(OpCanEnter, 0, 0, &Vars{Q: q, id: 0, n: 3, clock: 3})))
	f.Add(Serve(newRef, EncodeRequest(OpRequest, 1, 1, &Vars{Q: q, id: 2, n: 3, clock: 2})))
	f.Add([]byte{1, 0, 2, 0, 0, 200, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		DecodeAnswer(b)
		if _, err := DecodeAnswer(Serve(newRef, b)); err != nil {
			t.Fatalf("Serve's own answer does not decode: %v", err)
		}
	})
}
