package listing

import "dmelab/algorithms/sim"

// A process compiles to a table of instructions. Its numbered steps, NCS,
// CS and receives are where it rests between events; loop forever, and
// the headers of loops and ifs whose blocks hold numbered steps, are
// control that runs as part of the step that reaches it, except that a
// numbered header reading a variable the node's other processes or
// handlers may change (P7: for all N in deferred) is a step of its own:
// when it looks is then a choice the explorer makes.

type pcomp struct {
	*scope
	p    *proc
	name string
}

func (c *compiler) process(idx int, pr *Process) {
	p := &proc{name: pr.Name}
	c.prog.procs = append(c.prog.procs, p)
	pc := &pcomp{scope: &scope{c: c, local: map[string]int{}, proc: idx}, p: p, name: pr.Name}
	body := pr.Body
	for len(body) > 0 {
		if lv, ok := body[0].(*LocalVar); ok {
			if len(lv.Var.Array) > 0 {
				c.errs.add(lv.Pos, "an array is global: declare it at the top (global %s)", varText(lv.Var))
			}
			init := c.initial(lv.Var)
			for _, n := range lv.Var.Names {
				c.newSlot(n, lv.Var.Type, init, idx, lv.Pos, pc.local)
			}
			if lv.Label != "" {
				c.errs.add(lv.LabelPos, "a declaration is not a step")
			}
			body = body[1:]
			continue
		}
		if _, ok := body[0].(*CommentStmt); ok {
			body = body[1:]
			continue
		}
		break
	}
	p.entry = 0
	pc.stmts(body)
	if len(p.code) == 0 {
		c.errs.add(pr.Pos, "process %s has no steps", pr.Name)
		p.code = append(p.code, instr{kind: iJump, next: 0})
		return
	}
	// Falling off the end: the process is done and rests there for good.
	p.code = append(p.code, instr{kind: iStep, rest: true, label: "end", guard: func(*node) bool { return false }})
	pc.checkCycles(pr.Pos)
	pc.analyse()
}

func (pc *pcomp) emit(in instr) int {
	pc.p.code = append(pc.p.code, in)
	return len(pc.p.code) - 1
}

// hasLabel reports whether a block holds a numbered line.
func hasLabel(list []Stmt) bool {
	for _, s := range list {
		if s.base().Label != "" {
			return true
		}
		switch s := s.(type) {
		case *Loop:
			if hasLabel(s.Body) {
				return true
			}
		case *ForAll:
			if hasLabel(s.Body) {
				return true
			}
		case *If:
			if hasLabel(s.Then) || hasLabel(s.Else) {
				return true
			}
		}
	}
	return false
}

func (pc *pcomp) label(ln *Line) {
	if ln.Label == "" {
		return
	}
	if prev, dup := pc.c.labels[ln.Label]; dup {
		pc.c.errs.add(ln.LabelPos, "step %s is numbered twice (first at line %d)", ln.Label, prev.Line)
		return
	}
	pc.c.labels[ln.Label] = ln.LabelPos
}

func (pc *pcomp) stmts(list []Stmt) {
	for _, s := range list {
		pc.stmt(s)
	}
}

func (pc *pcomp) stmt(s Stmt) {
	c := pc.c
	ln := s.base()
	pc.label(ln)
	text := StmtString(s)
	switch s := s.(type) {
	case *CommentStmt:
		return
	case *Loop:
		top := len(pc.p.code)
		pc.stmts(s.Body)
		pc.emit(instr{kind: iJump, next: top, line: ln.Pos.Line})
		return
	case *ForAll:
		if hasLabel(s.Body) {
			pc.stepFor(s)
			return
		}
		if len(s.Body) == 0 {
			example := "P4 under P3, not beside it"
			if s.Label != "" {
				example = "the steps it repeats under " + s.Label + ", not beside it"
			}
			c.errs.add(s.Pos, "the loop has no block: indent the lines it repeats deeper than column %d, where its statement starts (%s)", s.Pos.Col, example)
			return
		}
	case *If:
		if hasLabel(s.Then) || hasLabel(s.Else) {
			pc.stepIf(s)
			return
		}
	case *LocalVar:
		c.errs.add(s.Pos, "declare a process's variables at its start, before its steps")
		return
	}
	if ln.Label == "" {
		c.errs.add(ln.Pos, "number this statement as a step (P1:, P2:, ...): a process moves one numbered step at a time")
	}
	in := instr{kind: iStep, rest: true, label: ln.Label, line: ln.Pos.Line, text: text}
	switch s := s.(type) {
	case *Section:
		in.kind = iNCS
		if s.CS {
			in.kind = iCS
		}
		pc.section(s)
	case *Receive:
		pc.receive(s, &in)
	default:
		body := []Stmt{s}
		if seq, ok := s.(*Seq); ok {
			body = seq.List
		}
		if aw, ok := body[0].(*Await); ok {
			pc.noClock = "an await"
			q := pc.c.quants
			cond := pc.expr(aw.Cond)
			in.loops = pc.c.quants > q
			pc.noClock = ""
			pc.want(aw.Cond, cond, Bool, "await")
			f := cond.fn
			in.guard = func(n *node) bool { return f(n) != 0 }
			in.uses = cond.reads
			in.reads = cond.reads
			body = body[1:]
		}
		if st, ok := only(body).(*If); ok {
			// The condition again, for the step's label alone (see
			// node.StepLabel); its problems were said compiling the step.
			errs := len(*c.errs)
			if cond := pc.expr(st.Cond); len(*c.errs) == errs && cond.typ == Bool {
				f := cond.fn
				in.holds, in.hasElse = func(n *node) bool { return f(n) != 0 }, len(st.Else) > 0
			}
			*c.errs = (*c.errs)[:errs]
		}
		pc.step = ln.Label
		code := pc.atomic(body, true)
		pc.step = ""
		for _, u := range code.uses {
			if !contains(in.uses, u) {
				in.uses = append(in.uses, u)
			}
		}
		in.act, in.defs = code.act, code.defs
		in.reads, in.writes = append(in.reads, code.reads...), code.writes
		in.choose = chooses(body)
	}
	in.next = len(pc.p.code) + 1
	pc.emit(in)
}

// only is the one statement of list, or nil.
func only(list []Stmt) Stmt {
	if len(list) != 1 {
		return nil
	}
	return list[0]
}

func chooses(list []Stmt) bool {
	for _, s := range list {
		if a, ok := s.(*Assign); ok {
			if c, ok := a.Value.(*Call); ok && c.Name == "chooseNumber" {
				return true
			}
		}
	}
	return false
}

func (pc *pcomp) section(s *Section) {
	c := pc.c
	if c.prog.main >= 0 && c.prog.main != pc.scope.proc {
		c.errs.add(s.Pos, "NCS and CS belong to one process, %s", c.prog.procs[c.prog.main].name)
		return
	}
	for _, in := range pc.p.code {
		if in.kind == iNCS && !s.CS || in.kind == iCS && s.CS {
			c.errs.add(s.Pos, "%s appears twice", StmtString(s))
			return
		}
	}
	c.prog.main = pc.scope.proc
}

func (pc *pcomp) receive(s *Receive, in *instr) {
	c := pc.c
	in.kind = iReceive
	k, m := c.kind(s.Kind, s.KindPos)
	if m == nil {
		return
	}
	in.kind_ = k
	if p, ok := c.receivers[k]; ok && p != pc.scope.proc {
		c.errs.add(s.Pos, "%s is received by process %s already", s.Kind, c.prog.procs[p].name)
	}
	c.receivers[k] = pc.scope.proc
	if len(s.Names) != len(m.Fields) {
		c.errs.add(s.Pos, "%s carries %s (%v), but receive names %d", s.Kind, count(len(m.Fields), "number"), m.Fields, len(s.Names))
	}
	for _, name := range append([]string{s.Source}, s.Names...) {
		i, ok := pc.local[name]
		if !ok {
			if _, g := c.globals[name]; g {
				c.errs.add(s.Pos, "receive stores into the process's own variables, but %s is global", name)
			} else {
				c.errs.add(s.Pos, "%s is not declared: declare it at the process's start (int %s)%s", name, name, suggest(name, pc.names()))
			}
			continue
		}
		if c.slots[i].typ == Bool || coll(c.slots[i].typ) {
			c.errs.add(s.Pos, "%s is %s, but a message carries numbers", name, a(c.slots[i].typ.String()))
		}
		if name == s.Source && c.slots[i].typ == Int {
			c.slots[i].typ = Node // the seed's "int source" holds a node: show it as one
			if c.slots[i].init == 0 {
				c.slots[i].init = -1 // no node yet
			}
		}
		in.bind = append(in.bind, i)
		in.defs = append(in.defs, i)
		in.writes = append(in.writes, i)
	}
}

// stepFor compiles a loop whose body holds numbered steps: the variable
// is set to none, then each time round the header picks the next node
// (over the other nodes, in increasing order) or the smallest member of
// the set as it is then (the body must remove it, or the loop would never
// end).
func (pc *pcomp) stepFor(s *ForAll) {
	c := pc.c
	lv, ok := pc.local[s.Var]
	if !ok {
		lv = c.newSlot(s.Var, Node, -1, pc.scope.proc, s.Pos, pc.local)
	}
	pc.emit(instr{kind: iForInit, loop: lv, defs: []int{lv}, writes: []int{lv}, next: len(pc.p.code) + 1, line: s.Pos.Line})
	head := instr{kind: iForNext, loop: lv, set: -1, other: s.Other, line: s.Pos.Line, label: s.Label, text: StmtString(s),
		reads: []int{lv}, writes: []int{lv}}
	if s.Set == "" {
		head.uses = []int{lv}
	} else if i := pc.collection(s.Set, s.Pos); i >= 0 {
		head.set = i
		head.uses = []int{i}
		head.reads = []int{i}
		head.defs = []int{lv}
		if !removes(s.Body, s.Var, s.Set) {
			c.errs.add(s.Pos, "this loop takes the first member of %s each time round, so its body must remove %s from %s", s.Set, s.Var, s.Set)
		}
		// Shared: read by a step of its own when numbered.
		head.rest = s.Label != "" && c.slots[i].proc != pc.scope.proc
	}
	at := pc.emit(head)
	pc.p.code[at].next = at + 1
	pc.stmts(s.Body)
	pc.emit(instr{kind: iJump, next: at, line: s.Pos.Line})
	pc.p.code[at].alt = len(pc.p.code)
}

func removes(list []Stmt, v, set string) bool {
	for _, s := range list {
		switch s := s.(type) {
		case *SetOp:
			if id, ok := s.Elem.(*Ident); ok && !s.Add && id.Name == v && s.Set == set {
				return true
			}
		case *Seq:
			if removes(s.List, v, set) {
				return true
			}
		case *If:
			if removes(s.Then, v, set) && removes(s.Else, v, set) {
				return true
			}
		}
	}
	return false
}

// stepIf compiles an if whose branches hold numbered steps.
func (pc *pcomp) stepIf(s *If) {
	c := pc.c
	pc.noClock = "the condition of an if with numbered steps"
	cond := pc.expr(s.Cond)
	pc.noClock = ""
	pc.want(s.Cond, cond, Bool, "if")
	f := cond.fn
	shared := false
	for _, r := range cond.reads {
		shared = shared || c.slots[r].proc != pc.scope.proc
	}
	at := pc.emit(instr{kind: iBranch, rest: s.Label != "" && shared, cond: func(n *node) bool { return f(n) != 0 },
		uses: cond.reads, reads: cond.reads, label: s.Label, line: s.Pos.Line, text: StmtString(s)})
	pc.p.code[at].next = at + 1
	pc.stmts(s.Then)
	if len(s.Else) == 0 {
		pc.p.code[at].alt = len(pc.p.code)
		return
	}
	j := pc.emit(instr{kind: iJump, line: s.ElsePos.Line})
	pc.p.code[at].alt = len(pc.p.code)
	pc.stmts(s.Else)
	pc.p.code[j].next = len(pc.p.code)
}

// succ lists where control may go after instruction i.
func (p *proc) succ(i int) []int {
	in := &p.code[i]
	switch in.kind {
	case iBranch, iForNext:
		return []int{in.next, in.alt}
	}
	if in.label == "end" && in.rest {
		return nil
	}
	return []int{in.next}
}

// checkCycles reports a loop that can go round without resting at a
// step (it would run forever inside one step). A loop over the nodes
// ends by itself, so its way back to the header does not count.
func (pc *pcomp) checkCycles(at Pos) {
	p := pc.p
	state := make([]uint8, len(p.code)) // 0 new, 1 on the path, 2 done
	var visit func(i int) bool
	visit = func(i int) bool {
		if i >= len(p.code) || p.code[i].rest || state[i] == 2 {
			return false
		}
		if state[i] == 1 {
			return true
		}
		state[i] = 1
		for _, j := range p.succ(i) {
			if p.code[i].kind == iJump && j < len(p.code) && p.code[j].kind == iForNext && p.code[j].set < 0 {
				continue
			}
			if visit(j) {
				return true
			}
		}
		state[i] = 2
		return false
	}
	for i := range p.code {
		if visit(i) {
			pc.c.errs.add(Pos{p.code[i].line, 1}, "this loop can go round without a numbered step, and would never let the other processes move")
			return
		}
	}
	_ = at
}

// analyse computes, for every place the process rests, which of its
// locals are dead there, and for the main process which places come
// after CS and before NCS.
func (pc *pcomp) analyse() {
	p := pc.p
	var locals []int
	for i, s := range pc.c.slots {
		if s.proc == pc.scope.proc {
			locals = append(locals, i)
		}
	}
	live := make([]map[int]bool, len(p.code))
	for i := range live {
		live[i] = map[int]bool{}
	}
	for changed := true; changed; {
		changed = false
		for i := len(p.code) - 1; i >= 0; i-- {
			in := &p.code[i]
			out := map[int]bool{}
			for _, j := range p.succ(i) {
				if j < len(p.code) {
					for v := range live[j] {
						out[v] = true
					}
				}
			}
			for _, d := range in.defs {
				delete(out, d)
			}
			for _, u := range in.uses {
				out[u] = true
			}
			if in.kind == iStep && in.act == nil && in.guard == nil && in.label == "end" {
				out = map[int]bool{}
			}
			if len(out) != len(live[i]) {
				live[i], changed = out, true
			}
		}
	}
	p.dead = make([][]int, len(p.code))
	for i, in := range p.code {
		if !in.rest && in.kind != iNCS && in.kind != iCS && in.kind != iReceive {
			continue
		}
		for _, l := range locals {
			if !live[i][l] {
				p.dead[i] = append(p.dead[i], l)
			}
		}
	}
	p.exiting = make([]bool, len(p.code))
	for i, in := range p.code {
		if in.kind != iCS {
			continue
		}
		stack := []int{in.next}
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if j >= len(p.code) || p.exiting[j] || p.code[j].kind == iNCS {
				continue
			}
			p.exiting[j] = true
			stack = append(stack, p.succ(j)...)
		}
		_ = i
	}
}

var _ = sim.Idle
