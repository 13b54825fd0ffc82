package ricart

import "dmelab/algorithms/sim"

// LocalStep implements sim.Reducible. P4 and P9 only send: they read myNum
// and the loop variable, which only the main process writes, so they
// commute with everything the receive process, the other nodes and the
// network can do, and they change no phase.
func (n *node) LocalStep(s sim.Step) bool {
	return s.Proc == procMain && (n.main == p4 || n.main == p9)
}

// LocalMsg implements sim.Reducible. Receiving a reply only counts it. The
// count is read by P5, which waits for all N-1 replies of the node's current
// request; as every request is answered at most once, no reply can be in
// flight once P5 is enabled, so the delivery never disables P5.
func (n *node) LocalMsg(m sim.Msg) bool { return m.Kind == Reply }
