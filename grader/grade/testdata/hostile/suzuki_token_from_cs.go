// The reference, except that OnRequest hands the token on without
// looking at the state: a node in the critical section gives it away.
package suzuki

import (
	"slices"

	sk "dmelab/algorithms/suzukikasamisteps"
)

// Node is one node; the harness owns its variables.
type Node struct{ *sk.Vars }

// Enter(): the holder enters at once; anyone else numbers a new request
// and broadcasts it.
func (n Node) Enter() {
	if n.HasToken() {
		n.State = sk.Held
		return
	}
	n.State = sk.Wanted
	n.RN[n.MyID()]++
	for j := 0; j < n.N(); j++ {
		if j != n.MyID() {
			n.SendRequest(j, n.RN[n.MyID()])
		}
	}
}

// OnRequest(from, num): record the request; an idle holder sends the
// token if it is outstanding.
func (n Node) OnRequest(from, num int) {
	n.RN[from] = max(n.RN[from], num)
	if n.HasToken() && n.outstanding(from) {
		n.SendToken(from)
	}
}

// Exit(): the node's request is served; queue every outstanding request
// not queued yet and hand the token to the head of the queue.
func (n Node) Exit() {
	n.State = sk.Released
	n.LN[n.MyID()] = n.RN[n.MyID()]
	for j := 0; j < n.N(); j++ {
		if n.outstanding(j) && !slices.Contains(n.Q, j) {
			n.Q = append(n.Q, j)
		}
	}
	if len(n.Q) > 0 {
		k := n.Q[0]
		n.Q = n.Q[1:]
		n.SendToken(k)
	}
}

// OnToken(): the token came because this node asked: enter.
func (n Node) OnToken() {
	if n.State == sk.Wanted {
		n.State = sk.Held
	}
}

// outstanding reports whether j's latest request known here has not been
// served yet: RN[j] = LN[j] + 1 (at the holder only).
func (n Node) outstanding(j int) bool { return n.RN[j] == n.LN[j]+1 }
