package play

import (
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// named is a token-ring node whose variable token is called name: what
// the playground says of an enter() that returns at once must come from
// sim.TokenHolder, not from the variables' names. It is no TokenHolder.
type named struct {
	sim.Node
	name string
}

func (n named) Clone() sim.Node { return named{n.Node.Clone(), n.name} }

func (n named) Vars() []sim.Var {
	v := n.Node.Vars()
	for i := range v {
		if v[i].Name == "token" {
			v[i].Name = n.name
		}
	}
	return v
}

// holder is a named node that answers sim.TokenHolder as token-ring does.
type holder struct{ named }

func (h holder) Clone() sim.Node { return holder{h.named.Clone().(named)} }

func (h holder) HoldsToken() bool { return sim.HoldsToken(h.Node) }

// enterAtOnce runs token-ring's N1 enter() with its nodes wrapped by wrap
// and returns what the playground says of it.
func enterAtOnce(t *testing.T, wrap func(sim.Node) sim.Node) string {
	alg := *registry.Lookup("token-ring")
	inner := alg.New
	alg.New = func(cfg sim.Config) ([]sim.Node, error) {
		nodes, err := inner(cfg)
		for i := range nodes {
			nodes[i] = wrap(nodes[i])
		}
		return nodes, err
	}
	p := Params{Algo: alg.Name, Nodes: 2, Requests: 1}
	cfg, opts := p.config()
	w, err := sim.NewWorld(&alg, cfg, opts)
	require.NoError(t, err)
	r, err := NewRunFrom(p, w, nil)
	require.NoError(t, err)
	require.NoError(t, r.Apply("request N1"))
	st := r.State().Steps[0]
	require.True(t, st.Entered)
	return st.Say
}

// The playground gives the token as the reason an enter() returned at
// once when, and only when, the node says it holds it (sim.TokenHolder),
// whatever its variables are called.
func TestEnterAtOnceAsksTheAlgorithmForTheToken(t *testing.T) {
	const said = "N1 calls enter() and enters the critical section at once"
	require.Equal(t, said+" (it holds the token)", enterAtOnce(t, func(n sim.Node) sim.Node { return n }), "token-ring as it is")
	require.Equal(t, said+" (it holds the token)", enterAtOnce(t, func(n sim.Node) sim.Node { return holder{named{n, "baton"}} }),
		"a holder whose variable is not called token")
	require.Equal(t, said, enterAtOnce(t, func(n sim.Node) sim.Node { return named{n, "token"} }),
		"a node with a variable token = yes that does not say it holds a token")
}
