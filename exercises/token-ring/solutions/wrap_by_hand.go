// Finds the successor with an if (the last node wraps to N1) instead of a modulo, recognises a ring of one by the successor being itself, and sets Wanted first in Enter, overriding it with Held when the token is there.
package ring

import trs "dmelab/algorithms/tokenringsteps"

type Node struct{ *trs.Vars }

func (n Node) successor() int {
	if n.MyID() == n.N()-1 {
		return 0
	}
	return n.MyID() + 1
}

// handOn sends the token to the successor, unless that is the node itself.
func (n Node) handOn() {
	next := n.successor()
	if next == n.MyID() {
		return
	}
	n.SendToken(next)
	n.Token = false
}

func (n Node) Enter() {
	n.State = trs.Wanted
	if n.Token {
		n.State = trs.Held
	}
}

func (n Node) Leave() {
	n.handOn()
	n.State = trs.Released
}

func (n Node) OnToken() {
	n.Token = true
	switch n.State {
	case trs.Wanted:
		n.State = trs.Held
	}
}

func (n Node) Pass() { n.handOn() }
