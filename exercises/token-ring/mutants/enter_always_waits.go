// Enter always waits, even when the node holds the token: the holder never enters.
package ring

import "dmelab/algorithms/tokenringsteps"

type Node struct{ *tokenringsteps.Vars }

func (n Node) Enter() { n.State = tokenringsteps.Wanted }

func (n Node) Leave() {
	n.State = tokenringsteps.Released
	n.pass()
}

func (n Node) OnToken() {
	n.Token = true
	if n.State == tokenringsteps.Wanted {
		n.State = tokenringsteps.Held
	}
}

func (n Node) Pass() { n.pass() }

func (n Node) pass() {
	if n.N() > 1 {
		n.Token = false
		n.SendToken((n.MyID() + 1) % n.N())
	}
}
