// Entering on its own returning request is forgotten: the request is passed on once more, and its owner never enters.
package ring

import "dmelab/algorithms/permringsteps"

type Node struct{ *permringsteps.Vars }

func (n Node) next() int { return (n.MyID() + 1) % n.N() }

func (n Node) Enter() {
	if n.N() == 1 {
		n.State = permringsteps.Held
		return
	}
	n.State = permringsteps.Trying
	n.SendRequest(n.next(), n.MyID())
}

func (n Node) OnRequest(owner int) {
	switch {
	case n.State == permringsteps.Trying && owner != n.MyID() || n.State == permringsteps.Held:
		n.SendRefuse(owner)
	case owner == n.MyID():
		n.SendRequest(n.next(), owner)
	default:
		n.SendRequest(n.next(), owner)
	}
}

func (n Node) OnRefuse() {
	if n.State == permringsteps.Trying {
		n.State = permringsteps.Refused
	}
}

func (n Node) Retry() {
	n.State = permringsteps.Trying
	n.SendRequest(n.next(), n.MyID())
}

func (n Node) Leave() { n.State = permringsteps.Released }
