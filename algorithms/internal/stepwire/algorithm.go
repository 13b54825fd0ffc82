package stepwire

import "dmelab/algorithms/sim"

// Descriptor is the algorithm of the student's code c under the given
// name: the Harness's Alg, whose nodes are Init's variables in Wrap's
// node, so that an interface says only what is its own.
func (h *Harness[V, S]) Descriptor(name string, c Code[V]) *sim.Algorithm {
	a := h.Alg
	a.Name = name
	a.New = func(cfg sim.Config) ([]sim.Node, error) {
		init := func(int) V { var v V; return v }
		if h.Init != nil {
			init = func(i int) V { return h.Init(i, cfg.N) }
		}
		return Nodes(h, c, cfg.N, init, h.Wrap)
	}
	return &a
}
