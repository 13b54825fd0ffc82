// OnRelease grants to the last of the queue, not the first: the queue is served last come, first served.
package server

import "dmelab/algorithms/centralsteps"

// Node is one node; the harness owns its variables.
type Node struct{ *centralsteps.Vars }

// Enter(): state = Wanted; send Request to the server.
func (n Node) Enter() {
	n.State = centralsteps.Wanted
	n.SendRequest()
}

// Exit(): state = Released; send Release to the server.
func (n Node) Exit() {
	n.State = centralsteps.Released
	n.SendRelease()
}

// OnRequest(from): grant if nobody holds the CS, else queue.
func (n Node) OnRequest(from int) {
	if n.Holder == centralsteps.None {
		n.Holder = from
		n.SendGrant(from)
		return
	}
	n.Queue = append(n.Queue, from)
}

// OnRelease(from): grant to the first of the queue, else free.
func (n Node) OnRelease(from int) {
	if len(n.Queue) == 0 {
		n.Holder = centralsteps.None
		return
	}
	n.Holder = n.Queue[len(n.Queue)-1]
	n.Queue = n.Queue[:len(n.Queue)-1]
	n.SendGrant(n.Holder)
}

// OnGrant(): state = Held.
func (n Node) OnGrant() { n.State = centralsteps.Held }
