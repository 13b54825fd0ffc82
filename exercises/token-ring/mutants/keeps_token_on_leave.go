// Leave sends the token on but keeps Token = true: two tokens, two nodes in the CS.
package ring

import "dmelab/algorithms/tokenringsteps"

type Node struct{ *tokenringsteps.Vars }

func (n Node) Enter() {
	if n.Token {
		n.State = tokenringsteps.Held
	} else {
		n.State = tokenringsteps.Wanted
	}
}

func (n Node) Leave() {
	n.State = tokenringsteps.Released
	if n.N() > 1 {
		n.SendToken((n.MyID() + 1) % n.N())
	}
}

func (n Node) OnToken() {
	n.Token = true
	if n.State == tokenringsteps.Wanted {
		n.State = tokenringsteps.Held
	}
}

func (n Node) Pass() {
	if n.N() > 1 {
		n.Token = false
		n.SendToken((n.MyID() + 1) % n.N())
	}
}
