// Another style: a switch, a successor method, and Pass written as Leave's tail.
package ring

import trs "dmelab/algorithms/tokenringsteps"

type Node struct{ *trs.Vars }

func (n Node) successor() int { return (n.MyID() + 1) % n.N() }

func (n Node) Enter() {
	switch {
	case n.Token:
		n.State = trs.Held
	default:
		n.State = trs.Wanted
	}
}

func (n Node) Leave() {
	n.State = trs.Released
	n.Pass()
}

func (n Node) OnToken() {
	n.Token = true
	switch n.State {
	case trs.Wanted:
		n.State = trs.Held
	}
}

func (n Node) Pass() {
	if n.N() == 1 {
		return
	}
	n.Token = false
	n.SendToken(n.successor())
}
