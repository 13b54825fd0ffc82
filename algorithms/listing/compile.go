package listing

import (
	"strconv"
	"strings"

	"dmelab/algorithms/sim"
)

// compiler turns a parsed File into a program, reporting every problem
// it finds at its position.
type compiler struct {
	quants  int // quantifiers compiled so far (see instr.loops)
	errs    *ErrorList
	prog    *program
	slots   []slot
	globals map[string]int
	msgs    map[string]int
	labels  map[string]Pos
	// receivers[kind]: the process that receives it, or -1
	receivers map[int]int
}

func compile(f *File, errs *ErrorList) *program {
	c := &compiler{errs: errs, prog: &program{name: f.Name, main: -1}, globals: map[string]int{},
		msgs: map[string]int{}, labels: map[string]Pos{}, receivers: map[int]int{}}
	var procs []*Process
	var handlers []*Handler
	var whens []*When
	// Messages first: a global's initial value may name a kind
	// ("global kind q[n] = release").
	for _, d := range f.Decls {
		if m, ok := d.(*Message); ok {
			c.message(m)
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *Servers:
			if d.K < 1 || d.K > 31 || c.prog.servers > 0 {
				c.errs.add(d.Pos, "servers is said once, with 1 to 31 nodes")
			}
			c.prog.servers = d.K
		case *Option:
			c.option(d)
		case *Var:
			c.global(d)
		case *Process:
			procs = append(procs, d)
		case *Handler:
			handlers = append(handlers, d)
		case *When:
			whens = append(whens, d)
		}
	}
	if len(c.prog.msgs) > 250 {
		errs.add(Pos{1, 1}, "more than 250 message kinds")
	}
	if len(procs) == 0 && !hasEnter(handlers) {
		errs.add(f.NamePos, "the listing has no process: write one, as in process main:, or handlers (on enter:, on exit:, on receive(...):)")
	}
	if len(procs) > 8 {
		errs.add(procs[8].Pos, "more than 8 processes in a node")
	}
	for i, p := range procs {
		c.process(i, p)
	}
	c.prog.handlers = make([]*handler, len(c.prog.msgs))
	for _, h := range handlers {
		c.handler(h)
	}
	for _, w := range whens {
		c.when(w)
	}
	if c.prog.direct {
		c.directCheck()
	}
	if c.prog.start != nil {
		c.electionStyle(f, procs)
	} else if c.prog.enter != nil || c.prog.exit != nil {
		c.handlerStyle(f, procs)
	}
	if m := c.prog.main; m >= 0 && c.prog.enter == nil && !c.has(m, iCS) || m >= 0 && !c.has(m, iNCS) {
		errs.add(procs[m].Pos, "process %s has NCS or CS but not both: its loop goes through P1: NCS (enter() ends it) and a CS step (exit() ends it)", procs[m].Name)
	}
	if c.prog.main < 0 && len(procs) > 0 && !hasEnter(handlers) {
		errs.add(procs[0].Pos, "no process has NCS and CS: the main process's loop goes through P1: NCS (enter() ends it) and a CS step (exit() ends it)")
	}
	c.prog.slots = c.slots
	if len(errs.list()) == 0 {
		c.prog.reduction()
	}
	return c.prog
}

func (c *compiler) message(d *Message) {
	if _, dup := c.msgs[d.Name]; dup {
		c.errs.add(d.Pos, "message %s is declared twice", d.Name)
		return
	}
	if len(d.Fields) > 2 {
		c.errs.add(d.Pos, "message %s carries %d numbers, but a message carries at most two", d.Name, len(d.Fields))
	}
	c.msgs[d.Name] = len(c.prog.msgs)
	c.prog.msgs = append(c.prog.msgs, d)
}

func (c *compiler) kind(name string, pos Pos) (int, *Message) {
	k, ok := c.msgs[name]
	if !ok {
		names := make([]string, 0, len(c.msgs))
		for n := range c.msgs {
			names = append(names, n)
		}
		if hint := suggest(name, names); hint != "" {
			c.errs.add(pos, "message %s is not declared%s", name, hint)
		} else {
			c.errs.add(pos, "message %s is not declared: declare it at the top, as in message %s(num)", name, name)
		}
		return -1, nil
	}
	return k, c.prog.msgs[k]
}

// newSlot adds a variable; a name already taken in the same scope is an
// error.
func (c *compiler) newSlot(name string, t Type, init int64, owner int, pos Pos, scope map[string]int) int {
	if _, dup := scope[name]; dup || reserved[name] {
		c.errs.add(pos, "%s is declared twice", name)
	}
	if _, g := c.globals[name]; g && owner != -1 {
		c.errs.add(pos, "%s is already a global variable", name)
	}
	if len(c.slots) == maxSlots {
		c.errs.add(pos, "more than %d variables: a node's state is shown whole at every step, so a listing keeps few", maxSlots)
	}
	c.slots = append(c.slots, slot{name: name, typ: t, init: init, proc: owner})
	scope[name] = len(c.slots) - 1
	return len(c.slots) - 1
}

// maxSlots bounds a listing's variables (its loops' and quantifiers'
// included): the seeds' listings have under twenty, and three thousand
// pasted by mistake held the page for half a minute, which draws every
// node's state at every step.
const maxSlots = 128

// initial evaluates a declaration's initial value, which must be a
// constant.
func (c *compiler) initial(v *Var) int64 {
	init, at := c.initialAt(v)
	if at != nil && at(&node{id: 0, n: 1}) != at(&node{id: 1, n: 2}) {
		c.errs.add(v.Init.At(), "a process's variable starts with a constant, not %s: give it its value in a step", ExprString(v.Init))
	}
	return init
}

// initialAt evaluates a declaration's initial value, which may depend on
// the node (myID, n) but reads no variable: the value at node 0 of 1,
// and the function giving it at any node.
func (c *compiler) initialAt(v *Var) (int64, func(*node) int64) {
	if v.Init == nil {
		if v.Type == Node {
			return -1, nil
		}
		return 0, nil
	}
	s := &scope{c: c, local: map[string]int{}, proc: -1, noClock: "an initial value"}
	val := s.expr(v.Init)
	if len(val.reads) > 0 {
		c.errs.add(v.Init.At(), "an initial value reads no variable, but %s does", ExprString(v.Init))
		return 0, nil
	}
	if !fits(v.Type, val.typ) {
		c.errs.add(v.Init.At(), "%s is %s, but its initial value %s is %s", v.Names[0], a(v.Type.String()), ExprString(v.Init), a(typeName(val)))
	}
	return val.fn(&node{id: 0, n: 1}), val.fn
}

// reserved are the names of constants, which no variable may take.
var reserved = map[string]bool{"myID": true, "n": true, "none": true, "empty": true, "V": true, "clock": true}

func (c *compiler) global(v *Var) {
	init, at := c.initialAt(v)
	for k, name := range v.Names {
		i := c.newSlot(name, v.Type, init, -1, v.Pos, c.globals)
		c.slots[i].initAt = at
		if k < len(v.Array) && v.Array[k] {
			c.array(v, i)
		}
	}
}

func (c *compiler) handler(h *Handler) {
	if h.Event != "receive" {
		s := &scope{c: c, local: map[string]int{}, proc: -1}
		a := s.atomic(s.locals(h.Body, -2), false)
		hd := &handler{act: a.act, reads: a.reads, writes: a.writes, line: h.Pos.Line, end: lastLine(h.Body, h.Pos.Line), on: h.Event}
		for _, i := range s.local {
			hd.reset = append(hd.reset, i)
		}
		at := &c.prog.enter
		switch h.Event {
		case "exit":
			at = &c.prog.exit
		case "start":
			at, hd.on = &c.prog.start, "enter" // the application's enter() starts it
		}
		if *at != nil {
			c.errs.add(h.Pos, "a second on %s", h.Event)
		}
		*at = hd
		return
	}
	k, m := c.kind(h.Kind, h.KindPos)
	if m == nil {
		return
	}
	if c.prog.handlers[k] != nil {
		c.errs.add(h.Pos, "a second handler for %s", h.Kind)
		return
	}
	if p, ok := c.receivers[k]; ok {
		c.errs.add(h.Pos, "%s is received by process %s already: a message kind is taken by a handler or by one process's receive", h.Kind, c.prog.procs[p].name)
		return
	}
	if len(h.Args) != len(m.Fields) && len(h.Args) > 0 {
		c.errs.add(h.Pos, "%s carries %s (%v), but the handler names %d", h.Kind, count(len(m.Fields), "number"), m.Fields, len(h.Args))
	}
	s := &scope{c: c, local: map[string]int{}, proc: -1}
	hd := &handler{line: h.Pos.Line, end: lastLine(h.Body, h.Pos.Line), on: "receive " + h.Kind}
	if h.Source != "" {
		hd.bind = append(hd.bind, c.newSlot(h.Source, Node, -1, -2, h.Pos, s.local))
	}
	for _, a := range h.Args {
		hd.bind = append(hd.bind, c.newSlot(a, Int, 0, -2, h.Pos, s.local))
	}
	for _, st := range h.Body {
		if l := st.base(); l.Label != "" {
			c.errs.add(l.LabelPos, "a handler runs whole, as one event: its lines have no step numbers")
		}
	}
	a := s.atomic(s.locals(h.Body, -2), false)
	hd.act, hd.reads, hd.writes = a.act, a.reads, a.writes
	for _, i := range s.local {
		hd.reset = append(hd.reset, i)
	}
	c.prog.handlers[k] = hd
}

// stmtCode is a compiled atomic statement: its action, the slots it
// reads before writing them and those it surely writes.
type stmtCode struct {
	act  func(*node, *sim.Ctx, int64)
	uses []int
	defs []int
	// every slot it may read and may write, for the reduction
	reads, writes []int
}

func (a *stmtCode) then(b stmtCode) {
	for _, u := range b.uses {
		if !contains(a.defs, u) {
			a.uses = append(a.uses, u)
		}
	}
	a.defs = append(a.defs, b.defs...)
	a.reads = append(a.reads, b.reads...)
	a.writes = append(a.writes, b.writes...)
	if a.act == nil {
		a.act = b.act
		return
	}
	if b.act != nil {
		f, g := a.act, b.act
		a.act = func(n *node, c *sim.Ctx, arg int64) { f(n, c, arg); g(n, c, arg) }
	}
}

func contains(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// atomic compiles statements that run together in one step (or one
// handler). step says whether chooseNumber() may appear (a process's
// step; a handler has no choice).
func (s *scope) atomic(list []Stmt, step bool) stmtCode {
	var out stmtCode
	for _, st := range list {
		out.then(s.one(st, step))
	}
	return out
}

func (s *scope) one(st Stmt, step bool) stmtCode {
	c := s.c
	switch st := st.(type) {
	case *CommentStmt:
		return stmtCode{}
	case *Seq:
		return s.atomic(st.List, step)
	case *Assign:
		i, ok := s.lookup(st.Name)
		if !ok {
			s.undeclared(st.Pos, st.Name)
			return stmtCode{}
		}
		store, out := s.target(st, i)
		if call, ok := st.Value.(*Call); ok && call.Name == "chooseNumber" {
			if !step {
				c.errs.add(call.Pos, "chooseNumber() is a choice of a process's step, not of a handler")
			}
			if len(call.Args) > 0 {
				c.errs.add(call.Pos, "chooseNumber() takes no arguments: its range is the configuration's (--numbers)")
			}
			c.prog.choose = true
			out.act = func(n *node, _ *sim.Ctx, arg int64) { store(n, arg) }
			return out
		}
		if call, ok := st.Value.(*Call); ok && call.Name == "tick" {
			c.prog.clocks = true
			out.act = func(n *node, ctx *sim.Ctx, _ int64) { store(n, int64(ctx.Tick())) }
			return out
		}
		t := c.slots[i].typ
		if id, ok := st.Value.(*Ident); ok && t == Node && s.unknownName(id.Name) {
			// Declaring it as an int, as undeclared advises elsewhere,
			// would not do for a node: say what a node's value can be.
			s.c.errs.add(id.Pos, "%s is not declared: %s is a node, so its value is none, myID, a node's number (N1 is 0) or a node variable%s", id.Name, targetString(st), suggest(id.Name, append(s.names(), "none")))
			return stmtCode{}
		}
		v := s.expr(st.Value)
		if !fits(t, v.typ) {
			c.errs.add(st.Value.At(), "%s is %s, but %s is %s", targetString(st), a(t.String()), ExprString(st.Value), a(typeName(v)))
		}
		f := v.fn
		out.act = func(n *node, _ *sim.Ctx, _ int64) { store(n, f(n)) }
		out.uses = append(v.reads, out.uses...)
		out.reads = append(append([]int{}, v.reads...), out.reads...)
		return out
	case *Send:
		k, m := c.kind(st.Kind, st.KindPos)
		to := s.expr(st.To)
		s.wantNum(st.To, to, "send's destination")
		uses := append([]int{}, to.reads...)
		var vals []func(*node) int64
		for _, x := range st.Values {
			v := s.expr(x)
			if coll(v.typ) || v.typ == emptyType || v.typ == 0 {
				c.errs.add(x.At(), "a message carries numbers, not a %s", typeName(v))
			}
			vals = append(vals, v.fn)
			uses = append(uses, v.reads...)
		}
		if m == nil {
			return stmtCode{uses: uses}
		}
		if len(st.Values) != len(m.Fields) {
			hint := ""
			if len(st.Values) == len(m.Fields)+1 {
				hint = " (the sender travels with every message: do not send myID)"
			}
			c.errs.add(st.Pos, "%s carries %s, but this send gives %d%s", st.Kind, count(len(m.Fields), "number"), len(st.Values), hint)
			return stmtCode{uses: uses}
		}
		kind := uint8(k)
		dst, dt, in := to.fn, to.typ, s.faultAt(st)
		return stmtCode{uses: uses, reads: uses, act: func(n *node, ctx *sim.Ctx, _ int64) {
			j := dst(n)
			if j < 0 || j >= int64(n.n) {
				val, nodes := n.notNode(dt, j)
				n.failf("sent %s to %s, but the nodes are %s%s", st.Kind, val, nodes, in)
				return
			}
			msg := sim.Msg{Kind: kind}
			if len(vals) > 0 {
				msg.A = int32(vals[0](n))
			}
			if len(vals) > 1 {
				msg.B = int32(vals[1](n))
			}
			if n.p.direct && int(j) == n.id {
				n.toSelf(msg)
				return
			}
			if n.sent++; n.sent > maxSends(n.n) {
				n.failf("sent more than %d messages in one event: a step sends each other node a few at most", maxSends(n.n))
				return
			}
			ctx.Send(int(j), msg)
		}}
	case *SetOp:
		i := s.collection(st.Set, st.Pos)
		el := s.expr(st.Elem)
		s.wantNum(st.Elem, el, "a set's element")
		if i < 0 {
			return stmtCode{}
		}
		f, add, queue := el.fn, st.Add, c.slots[i].typ == Queue
		et, in := el.typ, s.faultAt(st)
		verb := "removed %s from %s, but the nodes are %s%s"
		if add {
			verb = "added %s to %s, but the nodes are %s%s"
		}
		rw := append([]int{i}, el.reads...)
		return stmtCode{uses: rw, reads: rw, writes: []int{i}, act: func(n *node, _ *sim.Ctx, _ int64) {
			j := f(n)
			if j < 0 || j >= int64(n.n) {
				val, nodes := n.notNode(et, j)
				n.failf(verb, val, st.Set, nodes, in)
				return
			}
			switch {
			case queue && add:
				q, ok := qPush(n.v[i], j)
				if !ok {
					n.failf("added %s to %s, which holds %d already", n.show(Node, j), st.Set, queueMax)
				}
				n.v[i] = q
			case queue:
				n.v[i] = qRemove(n.v[i], j)
			case add:
				n.v[i] |= 1 << j
			default:
				n.v[i] &^= 1 << j
			}
		}}
	case *If:
		cond := s.expr(st.Cond)
		s.want(st.Cond, cond, Bool, "if")
		th, el := s.atomic(st.Then, step), s.atomic(st.Else, step)
		out := stmtCode{uses: append(append(append([]int{}, cond.reads...), th.uses...), el.uses...),
			reads:  append(append(append([]int{}, cond.reads...), th.reads...), el.reads...),
			writes: append(append([]int{}, th.writes...), el.writes...)}
		for _, d := range th.defs {
			if contains(el.defs, d) {
				out.defs = append(out.defs, d)
			}
		}
		f, ta, ea := cond.fn, th.act, el.act
		out.act = func(n *node, ctx *sim.Ctx, arg int64) {
			if f(n) != 0 {
				if ta != nil {
					ta(n, ctx, arg)
				}
			} else if ea != nil {
				ea(n, ctx, arg)
			}
		}
		return out
	case *ForAll:
		return s.atomicFor(st, step)
	case *Tick:
		c.prog.clocks = true
		return stmtCode{act: func(_ *node, ctx *sim.Ctx, _ int64) { ctx.Tick() }}
	case *Await:
		c.errs.add(st.Pos, "await waits at the start of a step only: P5: await replies = n - 1")
	case *Receive:
		c.errs.add(st.Pos, "receive is a step of its own, as in P10: receive(request, source, requestedNum)")
	case *Section:
		c.errs.add(st.Pos, "%s is a step of its own in the main process", StmtString(st))
	case *Loop:
		c.errs.add(st.Pos, "loop forever belongs in a process, around its steps")
	case *LocalVar:
		c.errs.add(st.Pos, "declare a process's variables at its start")
	}
	return stmtCode{}
}

// faultAt is how a fault of statement st says where it is, after what
// went wrong: the statement as the listing writes it and its line, with
// its step's label in a process (", in remove holder from waiting at P8
// (line 23)"). A long statement is named by its first word alone, so
// that the fault stays short enough to be shown whole.
func (s *scope) faultAt(st Stmt) string {
	text := StmtString(st)
	if len(text) > 60 {
		word, _, _ := strings.Cut(text, " ")
		word, _, _ = strings.Cut(word, "(")
		text = "the " + word
	}
	at := "line " + strconv.Itoa(st.base().Pos.Line)
	if s.step != "" {
		at = s.step + " (" + at + ")"
	}
	return ", in " + text + " at " + at
}

// notNode says that x, of type t, is no node of n's system, as the
// listing spells it: "none", "N5", or a number where the listing
// computes one ("7", myID counting from 0); and which the nodes are, in
// the same terms ("N1..N3", "0..2").
func (n *node) notNode(t Type, x int64) (val, nodes string) {
	switch {
	case t != Node:
		return strconv.FormatInt(x, 10), "0.." + strconv.Itoa(n.n-1)
	case x == -1:
		val = "none"
	case x < 0:
		val = strconv.FormatInt(x, 10)
	default:
		val = "N" + strconv.FormatInt(x+1, 10)
	}
	return val, "N1..N" + strconv.Itoa(n.n)
}

// atomicFor is a loop inside one step: over the nodes, or over a set as
// it was when the loop started, in increasing order. Its variable is
// none again once the loop is done.
func (s *scope) atomicFor(st *ForAll, step bool) stmtCode {
	c := s.c
	r := s.compileRange(st.Range, st.Pos)
	lv, ok := s.local[st.Var]
	if !ok {
		lv = c.newSlot(st.Var, Node, -1, s.owner(), st.Pos, s.local)
	}
	body := s.atomic(st.Body, step)
	out := stmtCode{defs: []int{lv}, reads: body.reads, writes: append([]int{lv}, body.writes...)}
	if r.set >= 0 {
		out.uses = append(out.uses, r.set)
		out.reads = append(out.reads, r.set)
	}
	for _, u := range body.uses {
		if u != lv {
			out.uses = append(out.uses, u)
		}
	}
	act := body.act
	out.act = func(n *node, ctx *sim.Ctx, arg int64) {
		var buf [32]int64
		for _, j := range r.list(n, buf[:0]) { // the set as it is now
			if n.fault != "" {
				break
			}
			n.v[lv] = j
			if act != nil {
				act(n, ctx, arg)
			}
		}
		n.v[lv] = -1
	}
	return out
}

// rangeCode is a compiled Range: seed 003's voting set V (unless a
// variable of that name hides it), a set or queue variable's slot, or
// the nodes.
type rangeCode struct {
	voting, named, other bool
	set                  int // the set's slot, or -1
	ct                   Type
}

func (s *scope) compileRange(r Range, pos Pos) rangeCode {
	out := rangeCode{named: r.Set != "", other: r.Other, set: -1}
	if _, declared := s.lookup(r.Set); r.Set == "V" && !declared {
		out.voting, s.c.prog.votes = true, true
	} else if r.Set != "" {
		out.set = s.collection(r.Set, pos)
	}
	if out.set >= 0 {
		out.ct = s.c.slots[out.set].typ
	}
	return out
}

// list appends the members of the range in node n's state to buf.
//
// Every loop and quantifier runs over such a list, so the node counts
// their rounds here: an event that goes round more than maxRounds times
// (loops nested forty deep are two to the fortieth) stops the node with
// a fault, as a Go step that runs too long does, instead of holding the
// explorer, the grader or the page for ever.
func (r rangeCode) list(n *node, buf []int64) []int64 {
	out := r.members(n, buf)
	if n.rounds += len(out); n.rounds > maxRounds {
		// Outside an event (whether a step is enabled, whether the
		// reduction may keep it, its label) the node cannot fail: the
		// list is cut short and the question says so (n.cut), to answer
		// in the way that brings the event, where the node fails.
		if n.ctx != nil {
			n.failf("one event went round its loops and quantifiers more than %d times: nest fewer of them", maxRounds)
		} else {
			n.cut = true
		}
		return buf[:0]
	}
	return out
}

// maxSends bounds the messages a node sends in one event: twice the
// other nodes and some, where a broadcast is one each. It keeps what one
// event adds to a state within what the explorer expands.
func maxSends(n int) int { return 2*n + 8 }

// maxRounds bounds the rounds of loops and quantifiers in one event: a
// loop over the nodes nested three deep in a system of 32 is 32,768.
const maxRounds = 1 << 17

func (r rangeCode) members(n *node, buf []int64) []int64 {
	switch {
	case r.voting:
		return members(Set, n.vset, buf)
	case r.named && r.set >= 0:
		return members(r.ct, n.v[r.set], buf)
	case r.named:
		return buf // not a collection: reported when compiled
	}
	for j := 0; j < n.n; j++ {
		if !r.other || j != n.id {
			buf = append(buf, int64(j))
		}
	}
	return buf
}

// owner is the slot owner for variables a scope adds: its process, or a
// handler's (-2).
func (s *scope) owner() int {
	if s.proc < 0 {
		return -2
	}
	return s.proc
}

// count is "1 number", "2 numbers".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// has reports whether process i has an instruction of kind k.
func (c *compiler) has(i int, k instrKind) bool {
	for _, in := range c.prog.procs[i].code {
		if in.kind == k {
			return true
		}
	}
	return false
}

func hasEnter(hs []*Handler) bool {
	for _, h := range hs {
		if h.Event != "receive" {
			return true
		}
	}
	return false
}

// handlerStyle checks a listing written as handlers, as seeds 001–004
// write their algorithms: on enter, on exit, the receive handlers and a
// variable state whose value is the node's phase.
func (c *compiler) handlerStyle(f *File, procs []*Process) {
	if c.prog.main >= 0 {
		c.errs.add(procs[c.prog.main].Pos, "a listing is written with a main process (NCS and CS) or with handlers (on enter:, on exit:), not both")
		return
	}
	if c.prog.enter == nil || c.prog.exit == nil {
		c.errs.add(f.NamePos, "a listing written as handlers has both on enter: and on exit:")
	}
	i, ok := c.globals["state"]
	if !ok || c.slots[i].typ != Int {
		c.errs.add(f.NamePos, "a listing written as handlers keeps its phase in global int state = RELEASED (then WANTED, HELD)")
		return
	}
	c.prog.state = i
	for k, m := range c.prog.msgs {
		if c.prog.handlers[k] == nil {
			c.errs.add(m.Pos, "no handler receives %s: write on receive(%s, ...):", m.Name, m.Name)
		}
	}
}

// lastLine is the last line a block's statements take (at least line).
func lastLine(list []Stmt, line int) int {
	for _, s := range list {
		line = max(line, s.base().Pos.Line)
		switch s := s.(type) {
		case *Loop:
			line = lastLine(s.Body, line)
		case *ForAll:
			line = lastLine(s.Body, line)
		case *If:
			line = lastLine(s.Else, lastLine(s.Then, max(line, s.ElsePos.Line)))
		}
	}
	return line
}

// collection is the slot of the set or queue called name, or -1 after
// saying why there is none.
func (s *scope) collection(name string, pos Pos) int {
	i, ok := s.lookup(name)
	switch {
	case !ok && name == "V":
		s.c.errs.add(pos, "V, the voting set, never changes: go through it inside one step (for all j in V: send(request, j))")
	case !ok:
		s.c.errs.add(pos, "%s is not declared%s", name, suggest(name, s.names()))
	case !coll(s.c.slots[i].typ):
		s.c.errs.add(pos, "%s is %s, not a set or a queue", name, a(s.c.slots[i].typ.String()))
	default:
		return i
	}
	return -1
}
