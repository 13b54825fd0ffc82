// Reference solution: Raymond's tree (1989).
package tree

import "dmelab/algorithms/raymondsteps"

// Node is one node; the harness owns its variables.
type Node struct{ *raymondsteps.Vars }

// Enter(): state = Wanted; enqueue(request_Q, self).
func (n Node) Enter() {
	n.State = raymondsteps.Wanted
	n.Queue = append(n.Queue, n.MyID())
	n.after()
}

// Exit(): state = Released.
func (n Node) Exit() {
	n.State = raymondsteps.Released
	n.after()
}

// OnRequest(from): enqueue(request_Q, from).
func (n Node) OnRequest(from int) {
	n.Queue = append(n.Queue, from)
	n.after()
}

// OnPrivilege(): HOLDER = self.
func (n Node) OnPrivilege() {
	n.Holder = n.MyID()
	n.after()
}

// after ends every handler: ASSIGN_PRIVILEGE, then MAKE_REQUEST.
func (n Node) after() {
	n.assignPrivilege()
	n.makeRequest()
}

// assignPrivilege is ASSIGN_PRIVILEGE: an idle holder hands the privilege
// to the first of its queue, which may be itself.
func (n Node) assignPrivilege() {
	if n.Holder != n.MyID() || n.State == raymondsteps.Held || len(n.Queue) == 0 {
		return
	}
	n.Holder = n.Queue[0]
	n.Queue = n.Queue[1:]
	n.Asked = false
	if n.Holder == n.MyID() {
		n.State = raymondsteps.Held
	} else {
		n.SendPrivilege(n.Holder)
	}
}

// makeRequest is MAKE_REQUEST: a node that is not the holder and has
// somebody queued asks its HOLDER, once.
func (n Node) makeRequest() {
	if n.Holder == n.MyID() || len(n.Queue) == 0 || n.Asked {
		return
	}
	n.SendRequest(n.Holder)
	n.Asked = true
}
