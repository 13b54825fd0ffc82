// Pointer receivers; Enter picks the state from a two-entry table indexed by whether the node holds the token, and the ring's next node comes from a successor function written with subtraction instead of %.
package ring

import tr "dmelab/algorithms/tokenringsteps"

type Node struct{ *tr.Vars }

// next is id+1, or 0 past the last node.
func next(id, n int) int {
	id++
	if id >= n {
		id -= n
	}
	return id
}

func (n *Node) Enter() {
	n.State = map[bool]tr.State{true: tr.Held, false: tr.Wanted}[n.Token]
}

func (n *Node) give() {
	if to := next(n.MyID(), n.N()); to != n.MyID() {
		n.Token = false
		n.SendToken(to)
	}
}

func (n *Node) Leave() {
	n.State = tr.Released
	n.give()
}

func (n *Node) OnToken() {
	if n.State == tr.Wanted {
		n.State = tr.Held
	}
	n.Token = true
}

func (n *Node) Pass() { n.give() }
