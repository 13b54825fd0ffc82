// The refusal travels on round the ring, to the successor, instead of back to the request's owner.
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
	case owner == n.MyID():
		if n.State == permringsteps.Trying {
			n.State = permringsteps.Held
		}
	case n.State == permringsteps.Trying || n.State == permringsteps.Held:
		n.SendRefuse(n.next())
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
