// A switch on the state in OnRequest instead of a switch on the owner: each state says what it does with any request, its own or another's.
package ring

import pr "dmelab/algorithms/permringsteps"

type Node struct{ *pr.Vars }

func (n Node) succ() int { return (n.MyID() + 1) % n.N() }

func (n Node) Enter() {
	switch n.N() {
	case 1:
		n.State = pr.Held
	default:
		n.State = pr.Trying
		n.SendRequest(n.succ(), n.MyID())
	}
}

func (n Node) OnRequest(owner int) {
	switch n.State {
	case pr.Trying:
		if owner == n.MyID() {
			n.State = pr.Held
		} else {
			n.SendRefuse(owner)
		}
	case pr.Held:
		if owner != n.MyID() {
			n.SendRefuse(owner)
		}
	default: // Released or Refused: not trying, so accept
		if owner != n.MyID() {
			n.SendRequest(n.succ(), owner)
		}
	}
}

func (n Node) OnRefuse() {
	switch n.State {
	case pr.Trying:
		n.State = pr.Refused
	}
}

func (n Node) Retry() {
	n.State = pr.Trying
	n.SendRequest(n.succ(), n.MyID())
}

func (n Node) Leave() { n.State = pr.Released }
