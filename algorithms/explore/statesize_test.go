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
// has a step that adds a kilobyte to its state, so a search soon meets a
// state too large to expand (its successors' encodings could pass the
// store's 64 KiB).
type grower struct{ data string }

func growerAlg() *sim.Algorithm {
	return &sim.Algorithm{
		Name: "grower",
		New: func(cfg sim.Config) ([]sim.Node, error) {
			nodes := make([]sim.Node, cfg.N)
			for i := range nodes {
				nodes[i] = &grower{}
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
func (g *grower) Do(*sim.Ctx, sim.Step)           { g.data += strings.Repeat("x", 1024) }
func (g *grower) Steps(dst []sim.Step) []sim.Step { return append(dst, sim.Step{}) }
func (g *grower) Encode(e *sim.Enc)               { e.Bytes(g.data) }
func (g *grower) Decode(d *sim.Dec)               { g.data = string(d.Bytes()) }

// A search stops before a state too large to expand, with Bound "state
// size", whether it expands states one at a time or ahead (where the
// state is measured when it is expanded ahead, not again at its turn).
func TestStateTooLargeStopsTheSearch(t *testing.T) {
	c := explore.Config{Alg: growerAlg(), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 0}, Props: []string{explore.Safety}}
	want, err := explore.Check(explore.OneByOne(c))
	require.NoError(t, err)
	assert.False(t, want.Complete)
	assert.Equal(t, explore.BoundStateSize, want.Bound)
	assert.Greater(t, want.States, 1000, "two nodes grown to some 60 KiB between them")

	got, err := explore.Check(c)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
