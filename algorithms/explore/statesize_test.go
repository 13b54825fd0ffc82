package explore_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
)

// grower is a test algorithm whose states grow without end: each node
// has a step that adds half a kilobyte to its state (the second node a
// kilobyte), so a search soon meets a state too large to expand (its
// successors' encodings could pass the store's 64 KiB), and states of
// one level differ in size.
type grower struct {
	data string
	by   int
}

func growerAlg() *sim.Algorithm {
	return &sim.Algorithm{
		Name: "grower",
		New: func(cfg sim.Config) ([]sim.Node, error) {
			nodes := make([]sim.Node, cfg.N)
			for i := range nodes {
				nodes[i] = &grower{by: 512 * (i + 1)}
			}
			return nodes, nil
		},
	}
}

func (g *grower) Clone() sim.Node                 { c := *g; return &c }
func (g *grower) Phase() sim.Phase                { return sim.Idle }
func (g *grower) Request(*sim.Ctx)                {}
func (g *grower) Exit(*sim.Ctx)                   {}
func (g *grower) CanReceive(sim.Msg) bool         { return false }
func (g *grower) Receive(*sim.Ctx, sim.Msg)       {}
func (g *grower) StepLabel(sim.Step) string       { return "grow" }
func (g *grower) Vars() []sim.Var                 { return nil }
func (g *grower) Do(*sim.Ctx, sim.Step)           { g.data += strings.Repeat("x", g.by) }
func (g *grower) Steps(dst []sim.Step) []sim.Step { return append(dst, sim.Step{}) }
func (g *grower) Encode(e *sim.Enc)               { e.Bytes(g.data) }
func (g *grower) Decode(d *sim.Dec)               { g.data = string(d.Bytes()) }

// A search stops before a state too large to expand, with Bound "state
// size", whether it expands states one at a time, ahead (where the state
// is measured when it is expanded ahead, not again at its turn) or ahead
// in lanes (where a lane stops at it, and the lanes after it are not
// added). Safety alone first takes sleep sets, which keep to one lane;
// stopped by the bound, that search is done again in full (sleepFailed),
// which forks. With liveness the search is full from the start.
func TestStateTooLargeStopsTheSearch(t *testing.T) {
	for _, props := range [][]string{{explore.Safety}, {explore.Safety, explore.Liveness}} {
		c := explore.Config{Alg: growerAlg(), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 0}, Props: props}
		want, err := explore.Check(explore.OneByOne(c))
		require.NoError(t, err)
		assert.False(t, want.Complete)
		assert.Equal(t, explore.BoundStateSize, want.Bound)
		assert.Greater(t, want.States, 1000, "two nodes grown to some 60 KiB between them")

		got, err := explore.Check(c)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%v", props)
		for _, workers := range []int{2, 3} {
			forks := 0
			got, err = explore.Check(explore.Lanes(c, workers, &forks))
			require.NoError(t, err)
			if forks > 0 {
				assert.Equal(t, workers, got.Lanes, "%v: the lanes that ran", props)
			} else {
				assert.Equal(t, 1, got.Lanes, "%v: no lane forked", props)
			}
			got.Lanes = want.Lanes // all else is the same
			assert.Equal(t, want, got, "%v in %d lanes", props, workers)
			if len(props) == 2 {
				assert.Positive(t, forks, "%d lanes", workers)
			}
		}
	}
}
