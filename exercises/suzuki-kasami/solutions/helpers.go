// The rules as small functions on *sk.Vars (outstanding, inQueue, pop), Exit written as serve then pass, and the queue scanned with an index loop.
package suzuki

import sk "dmelab/algorithms/suzukikasamisteps"

type Node struct{ *sk.Vars }

func outstanding(v *sk.Vars, j int) bool { return v.RN[j]-v.LN[j] == 1 }

func inQueue(v *sk.Vars, j int) bool {
	for k := 0; k < len(v.Q); k++ {
		if v.Q[k] == j {
			return true
		}
	}
	return false
}

func pop(v *sk.Vars) int {
	head := v.Q[0]
	v.Q = v.Q[1:]
	return head
}

func (n Node) Enter() {
	if n.HasToken() {
		n.State = sk.Held
		return
	}
	n.State = sk.Wanted
	n.RN[n.MyID()]++
	for j := 0; j < n.N(); j++ {
		if j == n.MyID() {
			continue
		}
		n.SendRequest(j, n.RN[n.MyID()])
	}
}

func (n Node) OnRequest(from, num int) {
	if num > n.RN[from] {
		n.RN[from] = num
	}
	idle := n.HasToken() && n.State == sk.Released
	if idle && outstanding(n.Vars, from) {
		n.SendToken(from)
	}
}

func (n Node) Exit() {
	n.State = sk.Released
	n.serve()
	n.pass()
}

// serve records the node's request as served and queues the others'.
func (n Node) serve() {
	n.LN[n.MyID()] = n.RN[n.MyID()]
	for j := 0; j < n.N(); j++ {
		if outstanding(n.Vars, j) && !inQueue(n.Vars, j) {
			n.Q = append(n.Q, j)
		}
	}
}

// pass hands the token to the head of the queue, if anybody waits.
func (n Node) pass() {
	if len(n.Q) != 0 {
		n.SendToken(pop(n.Vars))
	}
}

func (n Node) OnToken() {
	if n.State != sk.Wanted {
		return
	}
	n.State = sk.Held
}
