package listing

import "dmelab/algorithms/sim"

// The partial-order reduction for listings (sim.Reducible), derived from
// which variables each instruction may read and write, so that a listing
// a student edits is reduced as soundly as the one shipped:
//
//   - a process's enabled step is persistent alone when it keeps the
//     node's phase and touches nothing that the handlers and the other
//     processes may touch from where they are on (it writes nothing they
//     read or write, and reads nothing they write). Other nodes share no
//     variables with it, and sends commute with everything under
//     unordered channels (the explorer reduces only then). P4 and P9,
//     which only send, are such steps; so is the receive process's
//     decision once the main process rests at NCS and its application
//     will not call enter() again (its future is then empty);
//   - when every process of the node rests at a step (none waits for
//     enter(), exit() or a message), their enabled steps together form a
//     persistent set if none touches what the handlers touch and none
//     changes the phase;
//   - enter() commutes with everything when the control it runs on the
//     way to the next step touches nothing the node's other processes and
//     handlers write.
//
// The tests compare the reduced with the full search on every shipped
// listing.

func maskOf(list []int) uint64 {
	var m uint64
	for _, s := range list {
		m |= 1 << s
	}
	return m
}

// free reports whether touching r and w is independent of o.
func free(r, w uint64, o masks) bool { return w&(o.r|o.w) == 0 && r&o.w == 0 }

// class is the phase the main process has at pc (others: 0).
func (p *program) class(proc, pc int) int {
	if proc != p.main {
		return 0
	}
	pr := p.procs[proc]
	switch {
	case pr.code[pc].kind == iNCS:
		return 1
	case pr.code[pc].kind == iCS:
		return 2
	case pr.exiting[pc]:
		return 3
	}
	return 4
}

func waitsOutside(in *instr) bool { return in.kind == iNCS || in.kind == iCS || in.kind == iReceive }

// reach walks the control from pc to the places the process rests at,
// adding what the control touches to m; it reports whether each of those
// places has the phase class want.
func (p *program) reach(proc, pc, want int, m *masks) (keep bool) {
	pr := p.procs[proc]
	seen := map[int]bool{}
	keep = true
	var walk func(i int)
	walk = func(i int) {
		if i >= len(pr.code) || seen[i] {
			return
		}
		seen[i] = true
		in := &pr.code[i]
		if in.rest || waitsOutside(in) {
			keep = keep && p.class(proc, i) == want
			return
		}
		m.r |= maskOf(in.reads)
		m.w |= maskOf(in.writes)
		for _, j := range pr.succ(i) {
			walk(j)
		}
	}
	walk(pc)
	return keep
}

// futures is, for each pc of process proc, what the process may touch
// from pc on; stopNCS stops at NCS (whose application will not call
// enter() again): the union of the instructions' masks over what is
// reachable from pc, an NCS adding nothing and reaching nothing. It is
// the least solution of fut[pc] = own(pc) | fut[each successor], found
// by sweeping the code backwards until nothing changes: a few sweeps
// (one more for each loop a back edge closes), where a search from every
// pc cost the square of the code's length (6,000 steps took 0.8 s).
func (p *program) futures(proc int, stopNCS bool) []masks {
	pr := p.procs[proc]
	n := len(pr.code)
	fut := make([]masks, n)
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			in := &pr.code[i]
			if stopNCS && in.kind == iNCS {
				continue
			}
			m := masks{fut[i].r | maskOf(in.reads), fut[i].w | maskOf(in.writes)}
			for _, j := range pr.succ(i) {
				if j < n {
					m.r, m.w = m.r|fut[j].r, m.w|fut[j].w
				}
			}
			if m != fut[i] {
				fut[i], changed = m, true
			}
		}
	}
	return fut
}

func (p *program) reduction() {
	if len(p.slots) > 64 {
		return
	}
	p.reducible = true
	for _, h := range append([]*handler{p.enter, p.exit, p.start}, p.handlers...) {
		if h != nil {
			p.hr |= maskOf(h.reads)
			p.hw |= maskOf(h.writes)
		}
	}
	for _, h := range p.whens {
		p.wr |= maskOf(h.reads)
		p.ww |= maskOf(h.writes)
	}
	p.hr, p.hw = p.hr|p.wr, p.hw|p.ww
	// A step also runs the when rules and, under self direct, the
	// handlers of the messages it sends itself.
	after := masks{p.wr, p.ww}
	if p.direct {
		after = masks{p.hr, p.hw}
	}
	for i, pr := range p.procs {
		pr.fut, pr.futNCS = p.futures(i, false), p.futures(i, true)
		for pc := range pr.code {
			in := &pr.code[pc]
			if !in.rest || waitsOutside(in) || in.label == "end" {
				continue
			}
			// What taking the step touches: the instruction and the
			// control it runs on to the next place it rests.
			m := masks{maskOf(in.reads) | after.r, maskOf(in.writes) | after.w}
			cls := p.class(i, pc)
			in.keepNext = p.reach(i, in.next, cls, &m)
			if in.kind == iBranch || in.kind == iForNext {
				in.keepAlt = p.reach(i, in.alt, cls, &m)
			}
			in.rmask, in.wmask = m.r, m.w
			if p.main < 0 && p.enter != nil && m.w&(1<<p.state) != 0 {
				// the phase is the variable state: writing it may change it
				in.keepNext, in.keepAlt = false, false
			}
			in.group = free(m.r, m.w, masks{p.hr, p.hw})
		}
	}
	if p.main < 0 {
		return
	}
	pr := p.procs[p.main]
	for _, in := range pr.code {
		if in.kind == iNCS {
			var m masks
			p.reach(p.main, in.next, 0, &m)
			others := masks{p.hr, p.hw}
			for j, q := range p.procs {
				if j != p.main {
					others.r |= q.fut[q.entry].r
					others.w |= q.fut[q.entry].w
				}
			}
			p.localRequest = free(m.r, m.w, others) && len(p.whens) == 0 && !p.direct
		}
	}
}

// keeps reports whether taking the enabled step in keeps the phase, the
// way it will go being known at a branch.
func (n *node) keeps(in *instr) bool {
	switch in.kind {
	case iBranch:
		if n.ctx == nil {
			n.rounds, n.cut = 0, false
		}
		c := in.cond(n)
		if n.cut {
			return false // not known: the step is not reduced
		}
		if !c {
			return in.keepAlt
		}
	case iForNext:
		if in.set >= 0 {
			if n.v[in.set] == 0 {
				return in.keepAlt
			}
			break
		}
		for j := n.v[in.loop] + 1; j < int64(n.n); j++ {
			if !in.other || j != int64(n.id) {
				return in.keepNext
			}
		}
		return in.keepAlt
	}
	return in.keepNext
}

func (n *node) enabled(in *instr) bool {
	if n.ctx == nil {
		n.rounds, n.cut = 0, false // a question of its own, not part of an event
	}
	switch in.kind {
	case iStep:
		if in.guard == nil {
			return true
		}
		// A guard cut short by the bound is taken to hold, so that its
		// step's event runs and fails the node, saying why.
		return in.guard(n) || n.cut
	case iBranch, iForNext:
		return in.rest
	}
	return false
}

// Persistent implements sim.Reducible (see the comment at the top).
func (n *node) Persistent(dst []sim.Step, final bool) []sim.Step {
	p := n.p
	if n.fault != "" || !p.reducible {
		return dst
	}
	for i := range n.pc {
		in := n.at(i)
		if waitsOutside(in) || !n.enabled(in) || !n.keeps(in) {
			continue
		}
		others := masks{p.hr, p.hw}
		for j, q := range p.procs {
			if j == i {
				continue
			}
			f := q.fut[n.pc[j]]
			if final && j == p.main {
				f = q.futNCS[n.pc[j]]
			}
			others.r |= f.r
			others.w |= f.w
		}
		if free(in.rmask, in.wmask, others) {
			return n.stepsOf(dst, i, in)
		}
	}
	for i := range n.pc {
		in := n.at(i)
		if waitsOutside(in) || !in.group || n.enabled(in) && !n.keeps(in) {
			return dst
		}
	}
	return n.Steps(dst)
}

// LocalMsg implements sim.Reducible: no delivery is claimed local.
func (n *node) LocalMsg(sim.Msg, bool) bool { return false }

// LocalRequest implements sim.Reducible.
func (n *node) LocalRequest() bool { return n.p.localRequest }
