// Helper methods: trying() says whether the node disregards requests, ask(owner) sends a request to the successor, and each handler is written with them.
package ring

import "dmelab/algorithms/permringsteps"

type Node struct{ *permringsteps.Vars }

// trying: my request is travelling, or I am in the CS.
func (n Node) trying() bool {
	return n.State == permringsteps.Trying || n.State == permringsteps.Held
}

// ask sends owner's request to my successor.
func (n Node) ask(owner int) {
	succ := n.MyID() + 1
	if succ == n.N() {
		succ = 0
	}
	n.SendRequest(succ, owner)
}

func (n Node) Enter() {
	if n.N() > 1 {
		n.State = permringsteps.Trying
		n.ask(n.MyID())
	} else {
		n.State = permringsteps.Held
	}
}

func (n Node) OnRequest(owner int) {
	mine := owner == n.MyID()
	if mine && n.State == permringsteps.Trying {
		n.State = permringsteps.Held
	} else if !mine && n.trying() {
		n.SendRefuse(owner)
	} else if !mine {
		n.ask(owner)
	}
}

func (n Node) OnRefuse() {
	if n.State == permringsteps.Trying {
		n.State = permringsteps.Refused
	}
}

func (n Node) Retry() {
	n.State = permringsteps.Trying
	n.ask(n.MyID())
}

func (n Node) Leave() { n.State = permringsteps.Released }
