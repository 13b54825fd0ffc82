// OnRelease first checks that the release comes from the holder (it always does here) and keeps the queue as head and tail with slices.Clone; OnRequest returns early when it queues.
package server

import (
	"slices"

	c "dmelab/algorithms/centralsteps"
)

type Node struct{ *c.Vars }

func (n Node) Enter() {
	n.State = c.Wanted
	n.SendRequest()
}

func (n Node) Exit() {
	n.State = c.Released
	n.SendRelease()
}

func (n Node) OnRequest(from int) {
	if n.Holder >= 0 {
		n.Queue = append(slices.Clone(n.Queue), from)
		return
	}
	n.Holder = from
	n.SendGrant(n.Holder)
}

// OnRelease: only the holder can release; the queue's head gets the CS.
func (n Node) OnRelease(from int) {
	if from != n.Holder {
		return
	}
	if head, tail, ok := split(n.Queue); ok {
		n.Queue = tail
		n.Holder = head
		n.SendGrant(head)
	} else {
		n.Holder = c.None
	}
}

// split returns the first of q and the rest, or ok = false if q is empty.
func split(q []int) (head int, tail []int, ok bool) {
	if len(q) == 0 {
		return 0, nil, false
	}
	return q[0], slices.Clone(q[1:]), true
}

func (n Node) OnGrant() {
	switch n.State {
	case c.Wanted:
		n.State = c.Held
	}
}
