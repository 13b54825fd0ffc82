// Token ring (seed 002): write the four handlers. Read the statement for the
// rules.
package ring

import "dmelab/algorithms/tokenringsteps"

// Node is one node. The harness owns its variables (tokenringsteps.Vars):
// State and Token. Node ids are 0-based: N1 is 0.
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *tokenringsteps.Vars }

// Enter(): if I hold the token, state = Held (enter at once);
// else state = Wanted (wait for it).
func (n Node) Enter() {
	// TODO
}

// Leave(): state = Released; pass the token to my successor.
func (n Node) Leave() {
	// TODO: n.SendToken(to), to being my successor
}

// OnToken(): the token arrives: I hold it; if state == Wanted, state = Held.
func (n Node) OnToken() {
	// TODO
}

// Pass(): I hold the token and state == Released: pass it to my successor.
func (n Node) Pass() {
	// TODO
}
