// suzuki-kasami: write the handlers. Read exercise.md for the rules.
package student

import "dmelab/algorithms/suzukikasamisteps"

// Node is one node. The harness owns its variables (suzukikasamisteps.Vars).
type Node struct{ *suzukikasamisteps.Vars }

// Enter(): enter at once with the token; otherwise RN[i]++ and
// broadcast REQUEST(i, RN[i]).
func (n Node) Enter() {
	// TODO
}

// Exit(): LN[i] = RN[i]; queue the outstanding requests; send the
// token to Q's head.
func (n Node) Exit() {
	// TODO
}

// OnRequest(from, num): RN[from] = max(RN[from], num); an idle holder
// sends the token if the request is outstanding.
func (n Node) OnRequest(from, num int) {
	// TODO
}

// OnToken(): the token has come (LN and Q are loaded): enter.
func (n Node) OnToken() {
	// TODO
}
