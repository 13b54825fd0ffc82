package stepwire

import "dmelab/algorithms/sim"

// Algorithm is the descriptor a whose New builds the nodes of the
// student's code c, each with the variables init(i) gives it (the zero
// ones when init is nil) and each wrap(its Node): an interface's
// Algorithm then says only what is its own (name, messages).
func (h *Harness[V, S]) Algorithm(a sim.Algorithm, c Code[V], init func(i int) V, wrap func(Node[V, S]) sim.Node) *sim.Algorithm {
	if init == nil {
		init = func(int) V { var v V; return v }
	}
	a.New = func(cfg sim.Config) ([]sim.Node, error) { return Nodes(h, c, cfg.N, init, wrap) }
	return &a
}
