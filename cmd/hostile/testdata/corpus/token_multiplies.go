// Forgets to give the token up when it passes it on: every pass makes
// one more token, and the tokens in flight grow without end.
// exercise: token-ring
// exit: 0
// score: 0-12
// says: messages in flight kept growing
package ring

import "dmelab/algorithms/tokenringsteps"

// Node is one node; the harness owns its variables.
type Node struct{ *tokenringsteps.Vars }

// Enter(): if I hold the token, state = Held; else state = Wanted.
func (n Node) Enter() {
	if n.Token {
		n.State = tokenringsteps.Held
	} else {
		n.State = tokenringsteps.Wanted
	}
}

// Leave(): state = Released; pass the token to my successor.
func (n Node) Leave() {
	n.State = tokenringsteps.Released
	n.pass()
}

// OnToken(): I hold the token; if state == Wanted, state = Held.
func (n Node) OnToken() {
	n.Token = true
	if n.State == tokenringsteps.Wanted {
		n.State = tokenringsteps.Held
	}
}

// Pass(): pass the token to my successor.
func (n Node) Pass() { n.pass() }

// pass gives the token to the successor; a ring of one keeps it.
func (n Node) pass() {
	if n.N() > 1 {
		// forgot: n.Token = false
		n.SendToken((n.MyID() + 1) % n.N())
	}
}
