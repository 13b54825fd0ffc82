// Early returns everywhere: a ring of one returns before passing, Enter returns once it is in, OnToken returns unless the node waits, and Pass checks that it holds the token while idle before giving it away.
package ring

import "dmelab/algorithms/tokenringsteps"

type Node struct{ *tokenringsteps.Vars }

func (n Node) Enter() {
	if n.Token {
		n.State = tokenringsteps.Held
		return
	}
	n.State = tokenringsteps.Wanted
}

func (n Node) Leave() {
	n.State = tokenringsteps.Released
	if n.N() == 1 {
		return
	}
	n.Token = false
	n.SendToken((n.MyID() + 1) % n.N())
}

func (n Node) OnToken() {
	n.Token = true
	if n.State != tokenringsteps.Wanted {
		return
	}
	n.State = tokenringsteps.Held
}

func (n Node) Pass() {
	if !n.Token || n.State != tokenringsteps.Released || n.N() == 1 {
		return
	}
	n.Token = false
	n.SendToken((n.MyID() + 1) % n.N())
}
