// Permission ring (seed 002): write the five handlers. Read the statement
// for the rules.
package ring

import "dmelab/algorithms/permringsteps"

// Node is one node. The harness owns its variable (permringsteps.Vars):
// State. Node ids are 0-based: N1 is 0.
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *permringsteps.Vars }

// Enter(): state = Trying; send my request to my successor (a ring of
// one: state = Held at once).
func (n Node) Enter() {
	// TODO: n.SendRequest(successor, n.MyID())
}

// OnRequest(owner): my own request is back: enter (if Trying);
// trying myself (Trying or Held): refuse it; else pass it on.
func (n Node) OnRequest(owner int) {
	// TODO
}

// OnRefuse(): if state == Trying, state = Refused (back off).
func (n Node) OnRefuse() {
	// TODO
}

// Retry(): state = Trying; send my request to my successor.
func (n Node) Retry() {
	// TODO
}

// Leave(): state = Released.
func (n Node) Leave() {
	// TODO
}
