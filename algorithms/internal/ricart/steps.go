package ricart

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// The step table. Each case below is one numbered step of the seed, with
// the seed's pseudocode beside it; Steps says which are enabled, Do performs
// one and StepLabel names it. P1 and P6 are not steps: they end with the
// application's Request and Exit events (ricart.go).

// Processes, as sim.Step.Proc.
const (
	procMain = 0
	procRecv = 1
)

// Steps appends the enabled steps: at most one per process, except that
// chooseNumber() offers one step per value it may return.
func (n *node) Steps(dst []sim.Step) []sim.Step {
	switch n.main {
	case p1, p6:
		// waiting for the application
	case p2:
		if n.v.Choose {
			for x := 1; x <= n.k; x++ {
				dst = append(dst, sim.Step{Proc: procMain, Arg: int32(x)})
			}
		} else {
			dst = append(dst, sim.Step{Proc: procMain})
		}
	case p5:
		if n.replies == n.n-1 {
			dst = append(dst, sim.Step{Proc: procMain})
		}
	default:
		dst = append(dst, sim.Step{Proc: procMain})
	}
	if n.recv != p10 { // P10 is the delivery of a request, not a step
		dst = append(dst, sim.Step{Proc: procRecv})
	}
	return dst
}

// Do performs s, which Steps listed.
func (n *node) Do(c *sim.Ctx, s sim.Step) {
	if s.Proc == procRecv {
		n.doRecv(c)
		return
	}
	switch n.main {
	case p2:
		// ra-v1, ra-v2:  P2: MyNum = chooseNumber()
		// ra-v3:         P2: MyNum = highestNum + 1
		// ra-benari:     P2: requestCS = true; myNum = highestNum + 1 (atomic)
		if n.v.Choose {
			n.myNum = int(s.Arg)
		} else {
			n.myNum = n.highestNum + 1
		}
		if n.v.Flag == FlagAtomic {
			n.requestCS = true
		}
		n.startSends()
	case p2a:
		// flagfirst:  P2a: requestCS = true
		// numfirst:   P2a: myNum = highestNum + 1
		if n.v.Flag == FlagFirst {
			n.requestCS = true
		} else {
			n.myNum = n.highestNum + 1
		}
		n.main = p2b
	case p2b:
		// flagfirst:  P2b: myNum = highestNum + 1
		// numfirst:   P2b: requestCS = true
		if n.v.Flag == FlagFirst {
			n.myNum = n.highestNum + 1
		} else {
			n.requestCS = true
		}
		n.startSends()
	case p4:
		// P3: for all other Node N:
		// P4:     send(request,N,myID,myNum)
		c.Send(n.loop, sim.Msg{Kind: Request, A: int32(n.myNum)})
		n.loop = n.nextOther(n.loop)
		if n.loop < 0 {
			n.main = p5
		}
	case p5:
		// P5: await reply's from all other nodes
		n.replies = 0
		n.main = p6
	case p6a:
		// Ben-Ari: requestCS = false (after the CS, before P7)
		n.requestCS = false
		n.main = p7
	case p7:
		// P7: for all Node in deferred:
		if len(n.deferred) == 0 {
			n.main = p1
			return
		}
		n.loop = n.deferred[0]
		n.main = p8
	case p8:
		// P8: remove N from deferred. N is not always the first member
		// any more: in the listings without requestCS, a node with a
		// smaller index may have been deferred since P7 chose N.
		n.deferred = remove(n.deferred, n.loop)
		n.main = p9
	case p9:
		// P9: send(reply,N,myID)
		c.Send(n.loop, sim.Msg{Kind: Reply})
		n.loop = -1
		n.main = p7
	}
}

// startSends ends P2: main moves to the P3/P4 loop at the first other node.
func (n *node) startSends() {
	n.loop = n.nextOther(-1)
	n.main = p4
	if n.loop < 0 {
		n.main = p5
	}
}

// doRecv performs the receive process's step after P10.
func (n *node) doRecv(c *sim.Ctx) {
	if n.recv == p11 && n.v.Highest {
		// P11: highestNum = max(highestNum,requestedNum)
		n.highestNum = max(n.highestNum, n.requestedNum)
		n.recv = p12
		return
	}
	// ra-v1:  P11: if requestedNum < myNum:
	// ra-v2:  P11: if (requestedNum < myNum) or ((requestedNum=myNum) and (source < myID)):
	// ra-v3:  P12: the same as ra-v2's P11
	// Ben-Ari P12: if not requestCS or (requestedNum,source) << (myNum,myID):
	//                  send(reply,source,myID)
	//              else:
	//                  add source to deferred
	if n.replyNow() {
		c.Send(n.source, sim.Msg{Kind: Reply})
	} else {
		n.deferred = insert(n.deferred, n.source)
	}
	n.recv, n.source, n.requestedNum = p10, -1, 0
}

// replyNow is decide without the explanation (the search calls it often).
func (n *node) replyNow() bool {
	return n.v.Flag != NoFlag && !n.requestCS || n.requestBeats()
}

// requestBeats reports whether the request being received comes before
// the node's own number: (requestedNum,source) << (myNum,myID), ties
// going to the lower id only where the variant breaks them.
func (n *node) requestBeats() bool {
	r, m := n.requestedNum, n.myNum
	return r < m || r == m && n.v.TieBreak && n.source < n.id
}

// decide is the receive process's test: whether to reply now, and why in
// the seed's terms.
func (n *node) decide() (bool, string) {
	r, m := n.requestedNum, n.myNum
	pre := ""
	if n.v.Flag != NoFlag {
		if !n.requestCS {
			return true, "not requestCS"
		}
		pre = "requestCS and "
	}
	switch {
	case r < m:
		return true, fmt.Sprintf("%srequestedNum=%d < myNum=%d", pre, r, m)
	case r > m:
		return false, fmt.Sprintf("%srequestedNum=%d > myNum=%d", pre, r, m)
	case !n.v.TieBreak:
		return false, fmt.Sprintf("%srequestedNum=myNum=%d", pre, r)
	case n.source < n.id:
		return true, fmt.Sprintf("%srequestedNum=myNum=%d and source=%s < myID=%s", pre, r, name(n.source), name(n.id))
	}
	return false, fmt.Sprintf("%srequestedNum=myNum=%d and source=%s > myID=%s", pre, r, name(n.source), name(n.id))
}

// StepLabel names s in the seed's words, with the values it uses.
func (n *node) StepLabel(s sim.Step) string {
	if s.Proc == procRecv {
		if n.recv == p11 && n.v.Highest {
			return fmt.Sprintf("P11 highestNum = max(highestNum,requestedNum) = %d", max(n.highestNum, n.requestedNum))
		}
		reply, why := n.decide()
		if reply {
			return fmt.Sprintf("%s %s: send(reply,%s,myID)", n.recv, why, name(n.source))
		}
		return fmt.Sprintf("%s %s: add %s to deferred", n.recv, why, name(n.source))
	}
	next := n.highestNum + 1
	switch n.main {
	case p2:
		switch {
		case n.v.Choose:
			return fmt.Sprintf("P2 myNum = chooseNumber() = %d", s.Arg)
		case n.v.Flag == FlagAtomic:
			return fmt.Sprintf("P2 requestCS = true; myNum = highestNum + 1 = %d", next)
		}
		return fmt.Sprintf("P2 myNum = highestNum + 1 = %d", next)
	case p2a, p2b:
		if (n.main == p2a) == (n.v.Flag == FlagFirst) {
			return n.main.String() + " requestCS = true"
		}
		return fmt.Sprintf("%s myNum = highestNum + 1 = %d", n.main, next)
	case p4:
		return fmt.Sprintf("P4 send(request,%s,myID,myNum=%d)", name(n.loop), n.myNum)
	case p5:
		return fmt.Sprintf("P5 all %d replies received: enter the CS", n.replies)
	case p6a:
		return "P6a requestCS = false"
	case p7:
		if len(n.deferred) == 0 {
			return "P7 deferred empty: back to P1"
		}
		return fmt.Sprintf("P7 N = %s, next in deferred", name(n.deferred[0]))
	case p8:
		return fmt.Sprintf("P8 remove %s from deferred", name(n.loop))
	case p9:
		return fmt.Sprintf("P9 send(reply,%s,myID)", name(n.loop))
	}
	return n.main.String() + " (not a step)"
}

// remove takes x out of the increasing set s.
func remove(s []int, x int) []int {
	for k, y := range s {
		if y == x {
			return append(s[:k], s[k+1:]...)
		}
	}
	return s
}

// insert adds x to the increasing set s.
func insert(s []int, x int) []int {
	k := 0
	for k < len(s) && s[k] < x {
		k++
	}
	if k < len(s) && s[k] == x {
		return s
	}
	s = append(s, 0)
	copy(s[k+1:], s[k:])
	s[k] = x
	return s
}
