package suzukikasami

import "dmelab/algorithms/sim"

// The node helps the explorer's partial-order reduction (sim.Reducible).
// Why each claim holds, given the invariant that the token is only ever
// sent to a node whose request is outstanding, so that it arrives at a
// node that is Wanting:
//
//   - A node's RN is read only by the node while it holds the token (on
//     a REQUEST as the idle holder, and on release). So a REQUEST
//     delivered to a node that does not hold the token and never will
//     again (Idle, its application done) only updates RN: it commutes
//     with everything. So does a stale REQUEST (its number no higher
//     than RN already says), which changes nothing.
//   - The token's arrival at a Wanting node touches that node only, and
//     commutes with every REQUEST delivered to it (before, the request
//     only updates RN; after, the node is in the CS and also only updates
//     RN); the node's enter() cannot happen until it has left the CS,
//     which the reduction never takes as a lone step.
//   - enter() at a node without the token raises its own RN entry and
//     sends; REQUESTs delivered to it meanwhile write other entries, and
//     no token can be on its way to it (it is Idle).
//
// The tests compare the reduced search with the full one.

// Persistent implements sim.Reducible: the node has no steps of its own.
func (n *node) Persistent(dst []sim.Step, final bool) []sim.Step { return dst }

// LocalMsg implements sim.Reducible.
func (n *node) LocalMsg(m sim.Msg, final bool) bool {
	switch m.Kind {
	case Request:
		j := int(m.From)
		if j < 0 || j >= len(n.rn) {
			return false
		}
		return int(m.A) <= n.rn[j] || !n.has && n.phase == sim.Idle && final
	case Token:
		return !n.has && n.phase == sim.Wanting
	}
	return false
}

// LocalRequest implements sim.Reducible: see the package's reduction note.
func (n *node) LocalRequest() bool { return !n.has }
