package explore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/explore"
	"dmelab/algorithms/rav1"
	"dmelab/algorithms/rav2"
	"dmelab/algorithms/rav3"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/tokenring"
	"dmelab/algorithms/tokenringsteps"
)

// An algorithm conforms to itself, flaws and all, over its whole graph.
func TestConformToItself(t *testing.T) {
	cfg := explore.Config{Alg: rav1.Algorithm(), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 2}}
	res, err := explore.Conform(cfg, rav1.Algorithm())
	require.NoError(t, err)
	assert.True(t, res.Complete)
	assert.Nil(t, res.Divergence)
	full, err := explore.Check(explore.Config{Alg: rav1.Algorithm(), Sim: cfg.Sim, Opts: cfg.Opts, Props: []string{explore.Safety}, NoReduce: true, Exhaust: true})
	require.NoError(t, err)
	assert.Equal(t, full.States, res.States, "the product of a graph with itself is the graph")
}

// "Better" parts from the first listing where numbers tie: the first
// listing defers, "Better" replies to the smaller id. The divergence is
// the shortest run to it and replays.
func TestConformFindsTheTieBreak(t *testing.T) {
	cfg := explore.Config{Alg: rav2.Algorithm(), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}}
	res, err := explore.Conform(cfg, rav1.Algorithm())
	require.NoError(t, err)
	d := res.Divergence
	require.NotNil(t, d)
	assert.Len(t, d.Events, 7, "%v", d.Lines)
	assert.Len(t, d.Lines, 7)
	assert.Contains(t, d.Ref, "P11 requestedNum=myNum=")
	assert.Contains(t, d.Ref, "add N1 to deferred")
	assert.Contains(t, d.Got, "send(reply,N1,myID)")
	assert.Contains(t, d.Summary, "The reference can do")
	assert.Equal(t, explore.Step, d.Where)
	assert.Equal(t, d.Got, d.Lines[len(d.Lines)-1])
}

// Different variables are a divergence even where the events agree:
// "Better Better" shows highestNum, the first listing does not.
func TestConformComparesStates(t *testing.T) {
	cfg := explore.Config{Alg: rav3.Algorithm(), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}}
	res, err := explore.Conform(cfg, rav2.Algorithm())
	require.NoError(t, err)
	require.NotNil(t, res.Divergence)
	assert.Contains(t, res.Divergence.Summary, "The initial states differ: N1's variables differ")
	assert.Empty(t, res.Divergence.Events)
	assert.Equal(t, explore.InitialState, res.Divergence.Where)
}

// The bound stops the search without a verdict.
func TestConformBound(t *testing.T) {
	cfg := explore.Config{Alg: benari.Algorithm(), Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, MaxStates: 50}
	res, err := explore.Conform(cfg, benari.Algorithm())
	require.NoError(t, err)
	assert.False(t, res.Complete)
	assert.Nil(t, res.Divergence)
	assert.Equal(t, 50, res.States)
}

// lazyToken is a token ring whose OnToken takes the token but never
// enters: the delivery is labelled alike, the state after it differs.
type lazyToken struct{ *tokenringsteps.Vars }

func (n lazyToken) Enter() {
	if n.Token {
		n.State = tokenringsteps.Held
	} else {
		n.State = tokenringsteps.Wanted
	}
}
func (n lazyToken) Leave()   { n.State = tokenringsteps.Released; n.Pass() }
func (n lazyToken) OnToken() { n.Token = true }
func (n lazyToken) Pass() {
	if n.N() > 1 {
		n.Token = false
		n.SendToken((n.MyID() + 1) % n.N())
	}
}

func TestConformFindsAStateDifference(t *testing.T) {
	alg := tokenringsteps.Algorithm("token-ring", func(v *tokenringsteps.Vars) tokenringsteps.Steps { return lazyToken{v} })
	res, err := explore.Conform(explore.Config{Alg: alg, Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}}, tokenring.Algorithm())
	require.NoError(t, err)
	d := res.Divergence
	require.NotNil(t, d)
	assert.Equal(t, explore.State, d.Where)
	last := d.Lines[len(d.Lines)-1]
	assert.Contains(t, last, "deliver N1->N2 token")
	assert.Contains(t, d.Summary, "N2's variables differ")
	assert.Contains(t, d.Ref, "phase=in-cs")
	assert.Contains(t, d.Got, "phase=wanting")
}
