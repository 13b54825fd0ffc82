// Suzuki–Kasami: write the four handlers. Read the statement for the rules.
package suzuki

import sk "dmelab/algorithms/suzukikasamisteps"

// Node is one node. The harness owns its variables (sk.Vars): State, RN,
// and while the node holds the token (n.HasToken()) the token's LN and Q.
// Node ids are 0-based: N1 is 0, and i is n.MyID().
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *sk.Vars }

// Enter(): if the node holds the token, enter (State = Held); otherwise
// State = Wanted, RN[i]++, and send REQUEST(i, RN[i]) to every other node.
func (n Node) Enter() {
	// TODO: n.SendRequest(to, num)
}

// OnRequest(from, num): RN[from] = max(RN[from], num); if the node holds
// the token, State == Released and RN[from] == LN[from]+1, send it the
// token.
func (n Node) OnRequest(from, num int) {
	// TODO: n.SendToken(to)
}

// Exit(): State = Released; LN[i] = RN[i]; append to Q every node j not
// in Q with RN[j] == LN[j]+1; if Q is not empty, remove its head and
// send it the token.
func (n Node) Exit() {
	// TODO
}

// OnToken(): the token has come (LN and Q are the token's now): enter if
// the node wants to.
func (n Node) OnToken() {
	// TODO
}
