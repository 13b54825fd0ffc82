package listing

import "dmelab/algorithms/sim"

// Elections (seed 002's ring and bully algorithms) as listings: "on
// start:" runs when the application starts an election (the simulator's
// Request, sim.Algorithm.Election), the node's choice is its variable
// "global node leader = none" (seed 002's elected_i, none while
// undecided), and alive(j) is the perfect failure detector the Go models
// use to skip crashed nodes (sim.Ctx.Alive). There is no enter() or
// exit(): the node's phase is always idle.

// electionStyle checks a listing that elects.
func (c *compiler) electionStyle(f *File, procs []*Process) {
	if c.prog.main >= 0 || c.prog.enter != nil || c.prog.exit != nil {
		c.errs.add(f.NamePos, "a listing that elects has on start:, not a critical section (NCS and CS, on enter:, on exit:)")
	}
	i, ok := c.globals["leader"]
	if !ok || c.slots[i].typ != Node || c.slots[i].array {
		c.errs.add(f.NamePos, "a listing that elects keeps its choice in global node leader = none")
		return
	}
	c.prog.leader = i
}

// Leader implements sim.Elector: the leader a listing that elects has
// chosen, or -1 (every other listing, whose nodes elect no one).
func (n *node) Leader() int {
	if n.p.start == nil || n.fault != "" {
		return -1
	}
	return int(n.v[n.p.leader])
}

// alive compiles alive(j): whether node j has not crashed, as the event
// running sees it.
func (s *scope) alive(e *Call) value {
	if len(e.Args) != 1 {
		s.c.errs.add(e.Pos, "alive takes one node, as in alive(j)")
		return value{fn: zero, typ: Bool}
	}
	if s.noClock != "" {
		s.c.errs.add(e.Pos, "alive() is asked in an event's statements, not in %s: copy it into a variable there", s.noClock)
	}
	x := s.expr(e.Args[0])
	s.wantNum(e.Args[0], x, "alive")
	f, t := x.fn, x.typ
	return value{typ: Bool, reads: x.reads, fn: func(n *node) int64 {
		j := f(n)
		if j < 0 || j >= int64(n.n) {
			val, nodes := n.notNode(t, j)
			n.failf("asked alive(%s), but the nodes are %s", val, nodes)
			return 0
		}
		return b2i(n.ctx == nil || n.ctx.Alive(int(j)))
	}}
}

var _ sim.Elector = (*node)(nil)
