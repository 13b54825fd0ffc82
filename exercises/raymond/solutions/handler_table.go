// Each handler is its own first line, then the two procedures run from a table; the queue is copied by hand.
package tree

import "dmelab/algorithms/raymondsteps"

type Node struct{ *raymondsteps.Vars }

func (n Node) Enter() {
	n.State = raymondsteps.Wanted
	n.enqueue(n.MyID())
	n.then()
}

func (n Node) Exit() {
	n.State = raymondsteps.Released
	n.then()
}

func (n Node) OnRequest(from int) {
	n.enqueue(from)
	n.then()
}

func (n Node) OnPrivilege() {
	n.Holder = n.MyID()
	n.then()
}

func (n Node) enqueue(who int) { n.Queue = append(n.Queue, who) }

func (n Node) dequeue() int {
	first := n.Queue[0]
	rest := make([]int, len(n.Queue)-1)
	for i := range rest {
		rest[i] = n.Queue[i+1]
	}
	n.Queue = rest
	return first
}

func (n Node) then() {
	for _, step := range []func(Node){Node.assignPrivilege, Node.makeRequest} {
		step(n)
	}
}

func (n Node) assignPrivilege() {
	using := n.State == raymondsteps.Held
	if n.Holder == n.MyID() && !using && len(n.Queue) != 0 {
		n.Holder = n.dequeue()
		n.Asked = false
		if n.Holder != n.MyID() {
			n.SendPrivilege(n.Holder)
		} else {
			n.State = raymondsteps.Held
		}
	}
}

func (n Node) makeRequest() {
	if n.Holder != n.MyID() && len(n.Queue) != 0 && !n.Asked {
		n.Asked = true
		n.SendRequest(n.Holder)
	}
}
