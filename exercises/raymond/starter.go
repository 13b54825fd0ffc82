// Raymond's tree: write the four handlers and the two procedures. Read
// the statement for the rules.
package tree

import "dmelab/algorithms/raymondsteps"

// Node is one node. The harness owns its variables (raymondsteps.Vars):
// State, Holder (HOLDER), Queue (request_Q) and Asked (ASKED). Node ids
// are 0-based: N1 is 0, and "self" is n.MyID().
// Add no fields: the harness keeps all of a node's state in its variables.
type Node struct{ *raymondsteps.Vars }

// Enter(): state = Wanted; enqueue(request_Q, self);
// ASSIGN_PRIVILEGE; MAKE_REQUEST.
func (n Node) Enter() {
	// TODO
}

// Exit(): state = Released; ASSIGN_PRIVILEGE; MAKE_REQUEST.
func (n Node) Exit() {
	// TODO
}

// OnRequest(from): enqueue(request_Q, from); ASSIGN_PRIVILEGE; MAKE_REQUEST.
func (n Node) OnRequest(from int) {
	// TODO
}

// OnPrivilege(): HOLDER = self; ASSIGN_PRIVILEGE; MAKE_REQUEST.
func (n Node) OnPrivilege() {
	// TODO
}

// assignPrivilege is ASSIGN_PRIVILEGE: if HOLDER == self, state != Held
// and request_Q is not empty, HOLDER = dequeue(request_Q); ASKED = false;
// then either enter (HOLDER == self) or send the PRIVILEGE to HOLDER.
func (n Node) assignPrivilege() {
	// TODO: n.SendPrivilege(to)
}

// makeRequest is MAKE_REQUEST: if HOLDER != self, request_Q is not empty
// and not ASKED, send a REQUEST to HOLDER and set ASKED.
func (n Node) makeRequest() {
	// TODO: n.SendRequest(to)
}
