package electionbullysteps

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Timers, as Step.Arg of a sim.TimerProc step: the registry's numbering,
// so that a step of a schedule is the same step here.
const (
	timerNoOK = iota
	timerNoCoordinator
	timerHeartbeat
	timerCheck
	timerNoLeader
)

// Leader implements sim.Elector; a failed node has decided nothing.
func (n *node) Leader() int { return n.Elected(n.V.Leader, None) }

func (n *node) Request(c *sim.Ctx) { n.handle(c, OpStart, 0) }

// Exit is never called: an election has no critical section.
func (n *node) Exit(*sim.Ctx) {}

// Recover implements sim.Recoverer: the simulator has reset the node to
// its initial variables; as in the registry's, it calls an election,
// which from those variables is what Start does.
func (n *node) Recover(c *sim.Ctx) { n.handle(c, OpStart, 0) }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch Kind(m.Kind) {
	case Election:
		n.handle(c, OpElection, int(m.From))
	case OK:
		n.handle(c, OpOK, int(m.From))
	case Coordinator:
		n.handle(c, OpCoordinator, int(m.A))
	}
}

// timer is the timer armed now, or -1: the registry's rule.
func (n *node) timer() int {
	id, nn := n.At().ID, n.At().N
	switch {
	case n.V.State == Electing:
		return timerNoOK
	case n.V.State == Waiting:
		return timerNoCoordinator
	case n.V.Leader == id:
		if id == 0 {
			return -1 // nobody below to tell
		}
		return timerHeartbeat
	case n.V.Leader >= 0:
		return timerCheck
	case id == nn-1:
		return -1 // the highest node is sent every election
	}
	return timerNoLeader // no leader, no election: wait for a result
}

func (n *node) Steps(dst []sim.Step) []sim.Step {
	if t := n.timer(); t >= 0 && n.Fault() == "" {
		dst = append(dst, sim.Step{Proc: sim.TimerProc, Arg: int32(t)})
	}
	return dst
}

// Do fires the timer. A "no coordinator" or "no leader" timeout while a
// higher node is alive, and a check with nothing heard while the leader
// is alive, have not really expired (the awaited message is still due):
// the step changes nothing and the handler is not called (see the
// package comment). An expired "no leader" timeout calls Start: the node
// is idle, so Start elects, as the registry's timeout does.
func (n *node) Do(c *sim.Ctx, s sim.Step) {
	switch s.Arg {
	case timerNoOK:
		n.handle(c, OpNoOK, 0)
	case timerNoCoordinator:
		if higherAlive(c, n.At().ID, n.At().N) {
			return
		}
		n.handle(c, OpNoCoordinator, 0)
	case timerNoLeader:
		if higherAlive(c, n.At().ID, n.At().N) {
			return
		}
		n.handle(c, OpStart, 0)
	case timerHeartbeat:
		n.handle(c, OpHeartbeat, 0)
	case timerCheck:
		if !n.V.Heard && c.Alive(n.V.Leader) {
			return
		}
		n.handle(c, OpCheck, 0)
	}
}

// higherAlive reports whether a node above id (of n) is alive.
func higherAlive(c *sim.Ctx, id, n int) bool {
	for j := id + 1; j < n; j++ {
		if c.Alive(j) {
			return true
		}
	}
	return false
}

// StepLabel says what the timer does, in the registry's words.
func (n *node) StepLabel(s sim.Step) string {
	switch s.Arg {
	case timerNoOK:
		return "timeout: no ok from higher nodes, I am the leader"
	case timerNoCoordinator:
		return "timeout: no coordinator, elect again if no higher node is alive"
	case timerHeartbeat:
		return fmt.Sprintf("heartbeat: send coordinator(%d) again", n.At().ID+1)
	case timerCheck:
		if n.V.Heard {
			return fmt.Sprintf("check: heard from N%d since the last check", n.V.Leader+1)
		}
		return fmt.Sprintf("check: nothing from N%d since the last check, elect if it has crashed", n.V.Leader+1)
	case timerNoLeader:
		return "timeout: no election result, elect if no higher node is alive"
	}
	return "?"
}

// handle runs one handler and, if it kept the contract, sends its
// messages.
func (n *node) handle(c *sim.Ctx, op Op, arg int) {
	out, _, _ := n.Call(c, int(op), arg, 0, func(old, v *Vars, out []Send, _ int) string { return n.check(op, arg, old, v, out) })
	for _, s := range out {
		m := sim.Msg{Kind: uint8(s.Kind)}
		if s.Kind == Coordinator {
			m.A = int32(n.At().ID)
		}
		c.Send(s.To, m)
	}
}

// opCall is how a fault names the call: "OnElection(N1)".
func opCall(o, arg int) string {
	op := Op(o)
	s := op.String()
	switch op {
	case OpElection, OpOK, OpCoordinator:
		s = s[:len(s)-1] + name(arg) + ")"
	}
	return s
}

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, arg int, old, v *Vars, out []Send) string {
	id, nn := n.At().ID, n.At().N
	switch {
	case v.State > Waiting:
		return fmt.Sprintf("set State = %s, but it is Idle, Electing or Waiting", v.State.GoName())
	case v.Leader != None && (v.Leader < 0 || v.Leader >= nn):
		return fmt.Sprintf("set Leader = %d, but it is None (-1) or a node 0..%d", v.Leader, nn-1)
	case v.Leader != old.Leader && v.Leader != None && v.Leader != id && !(op == OpCoordinator && v.Leader == arg):
		if op == OpCoordinator {
			return fmt.Sprintf("set Leader = %s, but coordinator(%s) names %s", name(v.Leader), name(arg), name(arg))
		}
		return fmt.Sprintf("set Leader = %s, but only a coordinator message from %s names it leader", name(v.Leader), name(v.Leader))
	case v.Heard && !old.Heard && op != OpCoordinator:
		return "set Heard, but only a coordinator message is news from the leader"
	case op == OpHeartbeat && (v.Leader != old.Leader || v.State != old.State || v.Heard != old.Heard):
		return "changed the variables, but Heartbeat() only repeats the announcement"
	case op == OpOK && len(out) > 0:
		return fmt.Sprintf("sent %s, but OnOK() sends nothing", out[0].Kind)
	}
	var sent [Coordinator + 1]uint32
	for _, s := range out {
		switch {
		case s.Kind > Coordinator:
			return fmt.Sprintf("sent a message of kind %d", s.Kind)
		case s.To < 0 || s.To >= nn:
			return fmt.Sprintf("sent %s to node %d, but the nodes are 0..%d", s.Kind, s.To, nn-1)
		case s.To == id:
			return fmt.Sprintf("sent %s to itself", s.Kind)
		case sent[s.Kind]&(1<<s.To) != 0:
			return fmt.Sprintf("sent %s to %s twice", s.Kind, name(s.To))
		case s.Kind == OK && op != OpElection:
			return "sent ok, but only OnElection() answers with ok"
		case s.Kind == OK && s.To != arg:
			return fmt.Sprintf("sent ok to %s, but only the sender of the election, %s, gets an answer", name(s.To), name(arg))
		case s.Kind == Coordinator && v.Leader != id:
			l := "None"
			if v.Leader != None {
				l = name(v.Leader)
			}
			return fmt.Sprintf("sent coordinator(%s) but returned with Leader = %s: only the leader announces itself", name(id), l)
		case s.Kind == Election && op == OpHeartbeat:
			return "sent election, but Heartbeat() sends only coordinator"
		}
		sent[s.Kind] |= 1 << s.To
	}
	return ""
}

// Encode writes the node's state as the registry's does, then whether it
// failed (the reason is not encoded).
func (n *node) Encode(e *sim.Enc) {
	e.Int(n.V.Leader)
	e.Int(int(n.V.State))
	e.Bool(n.V.Heard)
	n.PutFault(e)
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.V.Leader = d.Int()
	n.V.State = State(d.Int())
	n.V.Heard = d.Bool()
	n.GetFault(d)
}

// Vars shows the node as the registry's election-bully does (so
// schedules written for it replay), plus the fault of a failed node.
func (n *node) Vars() []sim.Var {
	l := "-"
	if n.V.Leader >= 0 {
		l = name(n.V.Leader)
	}
	h := "no"
	if n.V.Heard {
		h = "yes"
	}
	t := "-"
	if k := n.timer(); k >= 0 && n.Fault() == "" { // a failed node's timer never fires (Timers)
		t = []string{"no-ok", "no-coordinator", "heartbeat", "check", "no-leader"}[k]
	}
	st := "-"
	if n.V.State <= Waiting {
		st = n.V.State.String()
	}
	return n.WithFault([]sim.Var{{Name: "leader", Value: l}, {Name: "state", Value: st}, {Name: "heard", Value: h}, {Name: "timer", Value: t}})
}
