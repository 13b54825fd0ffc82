package listing

import (
	"strings"

	"dmelab/algorithms/sim"
)

// What seed 004 and the deadlock-free Maekawa need beyond handlers:
//
//   - options: "channels fifo" (Lamport 1978 relies on it), "clocks
//     ticked" (only tick advances a clock, as package maekawasafe keeps
//     them) and "self direct" (a node's messages to itself skip the
//     network: they are handled when the event that sent them ends, in
//     the order sent, as package maekawasafe hands them over);
//   - "when cond:" rules, checked after every event, in the order
//     written: seed 004's rule 3 is not an event of its own, it is
//     checked after each rule that changes q;
//   - the quantifiers "all j: cond" and "some j: cond" (rule 3's "the
//     earliest", "all other messages are later");
//   - clock, the node's Lamport clock, read without ticking it (the
//     timestamp of seed 004's reply).

func (c *compiler) option(d *Option) {
	switch d.Name {
	case "channels":
		c.prog.fifo = true
	case "clocks":
		c.prog.ticked, c.prog.clocks = true, true
	case "self":
		c.prog.direct = true
	}
}

// locals declares the variables at the start of a handler or a when
// rule (owner -2: reset after every run, never part of the state) and
// returns the statements after them.
func (s *scope) locals(body []Stmt, owner int) []Stmt {
	c := s.c
	for len(body) > 0 {
		switch st := body[0].(type) {
		case *CommentStmt:
		case *LocalVar:
			if len(st.Var.Array) > 0 {
				c.errs.add(st.Pos, "an array is global: declare it at the top (global %s)", varText(st.Var))
			}
			init := c.initial(st.Var)
			for _, n := range st.Var.Names {
				c.newSlot(n, st.Var.Type, init, owner, st.Pos, s.local)
			}
		default:
			return body
		}
		body = body[1:]
	}
	return body
}

// when compiles a rule: its condition and its block, run as a handler.
func (c *compiler) when(w *When) {
	s := &scope{c: c, local: map[string]int{}, proc: -1}
	body := s.locals(w.Body, -2)
	cond := s.expr(w.Cond)
	s.want(w.Cond, cond, Bool, "when")
	for _, st := range body {
		if l := st.base(); l.Label != "" {
			c.errs.add(l.LabelPos, "a when rule runs whole, with the event that makes it hold: its lines have no step numbers")
		}
	}
	a := s.atomic(body, false)
	on := []string{"enter", "exit"}
	for _, m := range c.prog.msgs {
		on = append(on, "receive "+m.Name)
	}
	h := &handler{act: a.act, cond: cond.fn, reads: append(cond.reads, a.reads...), writes: a.writes,
		line: w.Pos.Line, end: lastLine(w.Body, w.Pos.Line), on: strings.Join(on, ", ")}
	for _, i := range s.local {
		h.reset = append(h.reset, i)
	}
	c.prog.whens = append(c.prog.whens, h)
}

// directCheck: with self direct, a node handles its own messages in the
// event that sends them, so a handler must take every kind.
func (c *compiler) directCheck() {
	for k, m := range c.prog.msgs {
		if c.prog.handlers[k] == nil {
			c.errs.add(m.Pos, "self direct hands a node's messages to itself to their handler at once: write on receive(%s, ...):", m.Name)
		}
	}
}

// clock is the node's Lamport clock, as it is in the event running.
func (s *scope) clock(pos Pos) value {
	if s.noClock != "" {
		s.c.errs.add(pos, "clock is read in an event's statements, not in %s: copy it into a variable there", s.noClock)
	}
	s.c.prog.clocks = true
	return value{typ: Int, fn: func(n *node) int64 {
		if n.ctx == nil {
			return 0
		}
		return int64(n.ctx.Clock())
	}}
}

// quant compiles "all j: cond" and "some j: cond". Its variable is a
// slot of its own, none outside the quantifier.
func (s *scope) quant(e *Quant) value {
	c := s.c
	c.quants++
	r := s.compileRange(e.Range, e.Pos)
	old, had := s.local[e.Var]
	lv := c.newSlot(e.Var, Node, -1, -2, e.Pos, s.local)
	cond := s.expr(e.Cond)
	if had {
		s.local[e.Var] = old
	} else {
		delete(s.local, e.Var)
	}
	what := "all"
	if e.Some {
		what = "some"
	}
	s.want(e.Cond, cond, Bool, what)
	f, some := cond.fn, e.Some
	reads := append([]int{lv}, cond.reads...)
	if r.set >= 0 {
		reads = append(reads, r.set)
	}
	return value{typ: Bool, reads: reads, fn: func(n *node) int64 {
		var buf [32]int64
		out := b2i(!some)
		for _, j := range r.list(n, buf[:0]) {
			n.v[lv] = j
			if (f(n) != 0) == some {
				out = b2i(some)
				break
			}
		}
		n.v[lv] = -1
		return out
	}}
}

// toSelf keeps a message the node sent itself under self direct, for
// after.
func (n *node) toSelf(m sim.Msg) {
	m.From, m.To = uint8(n.id), uint8(n.id)
	n.loop = append(n.loop, m)
}

// selfMax bounds the messages a node may send itself in one event: a
// listing that answers itself for ever stops with a fault.
const selfMax = 1024

// after ends an event: the when rules, then each message the node sent
// itself, handled in the order sent, each followed by the rules.
func (n *node) after(c *sim.Ctx) {
	n.whens(c)
	for k := 0; len(n.loop) > 0; k++ {
		if k == selfMax || n.fault != "" {
			n.failf("sent itself more than %d messages in one event", selfMax)
			break
		}
		m := n.loop[0]
		n.loop = n.loop[1:]
		if h := n.p.handlers[m.Kind]; h != nil {
			n.bind(h, m)
			n.run(h, c)
		}
		n.whens(c)
	}
	n.loop = nil
}

// whens runs the rules whose condition holds, in order.
func (n *node) whens(c *sim.Ctx) {
	for _, w := range n.p.whens {
		if n.fault == "" && w.cond(n) != 0 {
			n.run(w, c)
		}
	}
}
