// Exit marks the queued nodes in a slice of booleans before scanning, builds the token's new queue in a fresh slice, and the handlers switch on the state.
package suzuki

import sk "dmelab/algorithms/suzukikasamisteps"

type Node struct{ *sk.Vars }

func (n Node) Enter() {
	switch {
	case n.HasToken():
		n.State = sk.Held
	default:
		n.State = sk.Wanted
		n.RN[n.MyID()] += 1
		num := n.RN[n.MyID()]
		for to := n.N() - 1; to >= 0; to-- {
			if to != n.MyID() {
				n.SendRequest(to, num)
			}
		}
	}
}

func (n Node) OnRequest(from, num int) {
	n.RN[from] = max(num, n.RN[from])
	if !n.HasToken() {
		return
	}
	switch n.State {
	case sk.Released:
		if n.RN[from] == n.LN[from]+1 {
			n.SendToken(from)
		}
	}
}

func (n Node) Exit() {
	n.State = sk.Released
	i := n.MyID()
	n.LN[i] = n.RN[i]
	queued := make([]bool, n.N())
	for _, j := range n.Q {
		queued[j] = true
	}
	q := append([]int{}, n.Q...)
	for j := range queued {
		if !queued[j] && n.RN[j] == n.LN[j]+1 {
			q = append(q, j)
		}
	}
	if len(q) > 0 {
		n.Q = q[1:]
		n.SendToken(q[0])
	} else {
		n.Q = q
	}
}

func (n Node) OnToken() {
	switch n.State {
	case sk.Wanted:
		n.State = sk.Held
	}
}
