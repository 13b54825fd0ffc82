// Pointer receivers and a grantTo helper shared by OnRequest and OnRelease; the queue is taken apart with slices.Delete and the free server is tested with a switch.
package server

import (
	"slices"

	"dmelab/algorithms/centralsteps"
)

type Node struct{ *centralsteps.Vars }

// grantTo makes p the holder and tells it so.
func (n *Node) grantTo(p int) {
	n.Holder = p
	n.SendGrant(p)
}

func (n *Node) free() bool { return n.Holder == centralsteps.None }

func (n *Node) Enter() {
	n.State = centralsteps.Wanted
	n.SendRequest()
}

func (n *Node) Exit() {
	n.State = centralsteps.Released
	n.SendRelease()
}

func (n *Node) OnRequest(from int) {
	switch {
	case n.free():
		n.grantTo(from)
	default:
		n.Queue = append(n.Queue, from)
	}
}

func (n *Node) OnRelease(from int) {
	n.Holder = centralsteps.None
	if len(n.Queue) == 0 {
		return
	}
	first := n.Queue[0]
	n.Queue = slices.Delete(n.Queue, 0, 1)
	n.grantTo(first)
}

func (n *Node) OnGrant() { n.State = centralsteps.Held }
