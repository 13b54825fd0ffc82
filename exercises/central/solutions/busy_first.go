// Inverts OnRequest's test (queue while busy, else grant) and OnRelease's (grant the head, else free), sends before setting the state, and dequeues by copying the rest into a fresh slice.
package server

import cs "dmelab/algorithms/centralsteps"

type Node struct{ *cs.Vars }

func (n Node) Enter() {
	n.SendRequest()
	n.State = cs.Wanted
}

func (n Node) Exit() {
	n.SendRelease()
	n.State = cs.Released
}

func (n Node) OnRequest(from int) {
	if n.Holder != cs.None {
		n.Queue = append(n.Queue, from)
	} else {
		n.SendGrant(from)
		n.Holder = from
	}
}

func (n Node) OnRelease(from int) {
	if len(n.Queue) > 0 {
		next := n.Queue[0]
		n.Queue = append([]int(nil), n.Queue[1:]...)
		n.SendGrant(next)
		n.Holder = next
	} else {
		n.Holder = cs.None
	}
}

func (n Node) OnGrant() {
	if n.State == cs.Wanted {
		n.State = cs.Held
	}
}
