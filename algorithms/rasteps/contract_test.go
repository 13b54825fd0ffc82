package rasteps_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/rasteps"
	"dmelab/algorithms/sim"
)

// Steps that break their contract, each overriding one step of ref.
type (
	p11WritesMyNum    struct{ ref }
	p4SendsReply      struct{ ref }
	p8KeepsN          struct{ ref }
	p7Invents         struct{ ref }
	p12Panics         struct{ ref }
	p12DefersSomeone  struct{ ref }
	p2SendsTwice      struct{ ref }
	p6aWipesEverythin struct{ ref }
)

func (n p11WritesMyNum) P11()    { n.HighestNum = max(n.HighestNum, n.RequestedNum); n.MyNum = 0 }
func (n p4SendsReply) P4(N int)  { n.SendReply(N) }
func (n p8KeepsN) P8(int)        {}
func (n p7Invents) P7() int      { return 5 }
func (n p12Panics) P12()         { var d []int; _ = d[n.Source+3] }
func (n p12DefersSomeone) P12()  { n.Deferred.Add(n.MyID()) }
func (n p2SendsTwice) P2()       { n.ref.P2(); n.SendReply(0); n.SendReply(1) }
func (n p6aWipesEverythin) P6a() { *n.Vars = rasteps.Vars{} }

func TestContract(t *testing.T) {
	for _, c := range []struct {
		name  string
		steps rasteps.New
		fault string
	}{
		{"P11 writes myNum", func(v *rasteps.Vars) rasteps.Steps { return p11WritesMyNum{ref{v}} }, "P11 changed myNum, but P11 may only change highestNum"},
		{"P4 sends a reply", func(v *rasteps.Vars) rasteps.Steps { return p4SendsReply{ref{v}} }, "P4 sent send(reply,N2,myID), but P4 sends only send(request,N2,myID"},
		{"P8 keeps N", func(v *rasteps.Vars) rasteps.Steps { return p8KeepsN{ref{v}} }, "P8 left deferred = [N"},
		{"P7 invents a node", func(v *rasteps.Vars) rasteps.Steps { return p7Invents{ref{v}} }, "P7 returned 5, but P7 returns a node in deferred"},
		{"P12 panics", func(v *rasteps.Vars) rasteps.Steps { return p12Panics{ref{v}} }, "P12 panicked: runtime error: index out of range"},
		{"P12 defers itself", func(v *rasteps.Vars) rasteps.Steps { return p12DefersSomeone{ref{v}} }, "P12 changed deferred from [] to"},
		{"P2 sends", func(v *rasteps.Vars) rasteps.Steps { return p2SendsTwice{ref{v}} }, "P2 sent send(reply,N1,myID), but P2 sends nothing"},
		{"P6a overwrites the struct", func(v *rasteps.Vars) rasteps.Steps { return p6aWipesEverythin{ref{v}} }, "P6a changed source and myNum and highestNum and deferred, but P6a may only change requestCS"},
	} {
		t.Run(c.name, func(t *testing.T) {
			alg := rasteps.Algorithm("ra-benari", c.steps)
			f := firstFault(t, alg)
			require.NotEmpty(t, f, "no node failed")
			assert.Contains(t, f, c.fault)
			// The explorer reports it as a liveness failure whose last
			// state shows the fault.
			res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety, explore.Liveness}})
			require.NoError(t, err)
			require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
			tr := res.Counterexamples[explore.Liveness]
			last := tr.Steps[len(tr.Steps)-1].Nodes
			assert.Contains(t, strings.Join(last, " "), "fault=")
		})
	}
}

// firstFault runs random schedules until a node fails and returns its
// fault variable.
func firstFault(t *testing.T, alg *sim.Algorithm) string {
	rng := rand.New(rand.NewPCG(1, 2))
	for walk := 0; walk < 200; walk++ {
		w, err := sim.NewWorld(alg, sim.Config{N: 2}, sim.Options{Requests: 2})
		require.NoError(t, err)
		for step := 0; step < 100; step++ {
			evs := w.Events(nil)
			if len(evs) == 0 {
				break
			}
			_, err := w.Apply(evs[rng.IntN(len(evs))])
			require.NoError(t, err)
			for i := range w.Nodes {
				for _, v := range w.Nodes[i].Vars() {
					if v.Name == "fault" {
						return v.Value
					}
				}
			}
		}
	}
	return ""
}

func FuzzDecodeAnswer(f *testing.F) {
	var v rasteps.Vars
	f.Add(rasteps.EncodeRequest(rasteps.OpP12, 1, &v))
	f.Add(rasteps.Serve(newRef, rasteps.EncodeRequest(rasteps.OpP4, 1, &v)))
	f.Add([]byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 200, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := rasteps.DecodeAnswer(b)
		if err == nil {
			assert.LessOrEqual(t, len(a.Sent()), 33)
			assert.LessOrEqual(t, len(a.Panic), 400)
		}
	})
}
