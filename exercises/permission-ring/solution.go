// Reference solution: seed 002's ring of permissions.
package ring

import "dmelab/algorithms/permringsteps"

// Node is one node; the harness owns its variables.
type Node struct{ *permringsteps.Vars }

// next is my successor on the ring.
func (n Node) next() int { return (n.MyID() + 1) % n.N() }

// Enter(): state = Trying; send my request round (a ring of one enters).
func (n Node) Enter() {
	if n.N() == 1 {
		n.State = permringsteps.Held
		return
	}
	n.State = permringsteps.Trying
	n.SendRequest(n.next(), n.MyID())
}

// OnRequest(owner): back home: enter; trying: refuse; else pass it on.
func (n Node) OnRequest(owner int) {
	switch {
	case owner == n.MyID():
		if n.State == permringsteps.Trying {
			n.State = permringsteps.Held
		}
	case n.State == permringsteps.Trying || n.State == permringsteps.Held:
		n.SendRefuse(owner)
	default:
		n.SendRequest(n.next(), owner)
	}
}

// OnRefuse(): back off.
func (n Node) OnRefuse() {
	if n.State == permringsteps.Trying {
		n.State = permringsteps.Refused
	}
}

// Retry(): try again.
func (n Node) Retry() {
	n.State = permringsteps.Trying
	n.SendRequest(n.next(), n.MyID())
}

// Leave(): state = Released.
func (n Node) Leave() { n.State = permringsteps.Released }
