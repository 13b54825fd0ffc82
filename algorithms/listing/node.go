package listing

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"dmelab/algorithms/sim"
)

// node is one node running a program: a program counter per process and
// one number per variable slot (a set is a bit mask of node indices).
type node struct {
	p     *program
	id, n int
	k     int // chooseNumber()'s range 1..k
	pc    []int32
	v     []int64
	fault string // why the node stopped: a listing that did the impossible
	vset  int64  // V, the node's voting set (seed 003), when the listing uses it
	// During an event only: its context (clock reads it) and the
	// messages the node sent itself under self direct, not yet handled.
	ctx  *sim.Ctx
	loop []sim.Msg
	// rounds counts the event's rounds of loops and quantifiers (see
	// maxRounds), sent its messages to other nodes (maxSends); cut says
	// that a question asked outside an event passed maxRounds.
	rounds, sent int
	cut          bool
}

func newNode(p *program, id, n, k int, vset int64) *node {
	nd := &node{p: p, id: id, n: n, k: k, vset: vset, pc: make([]int32, len(p.procs)), v: make([]int64, len(p.slots)+n*len(p.arrays))}
	for i, s := range p.slots {
		nd.v[i] = s.init
		if s.initAt != nil {
			nd.v[i] = s.initAt(nd)
		}
		if s.array {
			for j := 0; j < n; j++ {
				nd.v[nd.elem(s.arr, int64(j))] = nd.v[i]
			}
			nd.v[i] = 0
		}
	}
	for i, pr := range p.procs {
		nd.pc[i] = int32(pr.entry)
		nd.settle(i)
	}
	if nd.cut { // the start is the node's own event, without a context
		nd.failf("its start went round its loops and quantifiers more than %d times: nest fewer of them", maxRounds)
	}
	return nd
}

// failf stops the node: it does nothing more, and its application waits
// forever, which the explorer reports as a liveness failure with the
// reason among the node's variables.
func (n *node) failf(format string, args ...any) {
	if n.fault == "" {
		n.fault = fmt.Sprintf(format, args...)
	}
}

// settle runs process i's control (jumps, loop and if headers that are
// not steps) until it rests, then resets its dead locals.
func (n *node) settle(i int) {
	code := n.p.procs[i].code
	pc := int(n.pc[i])
	for guard := 0; !code[pc].rest && code[pc].kind != iNCS && code[pc].kind != iCS && code[pc].kind != iReceive; guard++ {
		if guard > 4*len(code)+64*n.n {
			n.failf("process %s looped without a step", n.p.procs[i].name)
			break
		}
		pc = n.control(&code[pc])
	}
	n.pc[i] = int32(pc)
	for _, d := range n.p.procs[i].dead[pc] {
		n.v[d] = n.p.slots[d].init
	}
}

// control runs a control instruction and returns where to go.
func (n *node) control(in *instr) int {
	switch in.kind {
	case iForInit:
		n.v[in.loop] = -1
	case iForNext:
		if in.set >= 0 {
			j := first(n.p.slots[in.set].typ, n.v[in.set])
			if j < 0 {
				return in.alt
			}
			n.v[in.loop] = j
			return in.next
		}
		for j := n.v[in.loop] + 1; j < int64(n.n); j++ {
			if !in.other || j != int64(n.id) {
				n.v[in.loop] = j
				return in.next
			}
		}
		n.v[in.loop] = -1
		return in.alt
	case iBranch:
		if !in.cond(n) {
			return in.alt
		}
	}
	return in.next
}

func (n *node) Clone() sim.Node {
	c := *n
	c.ctx, c.loop = nil, nil
	c.pc = append([]int32(nil), n.pc...)
	c.v = append([]int64(nil), n.v...)
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	pc, v := append(n.pc[:0], src.pc...), append(n.v[:0], src.v...)
	*n = *src
	n.pc, n.v = pc, v
	n.ctx, n.loop = nil, nil
}

func (n *node) at(i int) *instr { return &n.p.procs[i].code[n.pc[i]] }

func (n *node) Phase() sim.Phase {
	if n.p.start != nil {
		return sim.Idle // an election may start at any time
	}
	if n.fault != "" {
		return sim.Wanting
	}
	if n.p.main < 0 {
		switch n.v[n.p.state] {
		case released:
			return sim.Idle
		case held:
			return sim.InCS
		}
		return sim.Wanting
	}
	m := n.p.main
	switch in := n.at(m); {
	case in.kind == iNCS:
		return sim.Idle
	case in.kind == iCS:
		return sim.InCS
	case n.p.procs[m].exiting[n.pc[m]]:
		return sim.Exiting
	}
	return sim.Wanting
}

// Request is NCS done: the application calls enter() (or its handler
// runs, in a listing written as handlers).
func (n *node) Request(c *sim.Ctx) {
	n.ctx, n.rounds, n.sent = c, 0, 0
	if n.p.start != nil {
		n.run(n.p.start, c)
	} else if n.p.enter != nil {
		n.run(n.p.enter, c)
	} else {
		n.pass(iNCS)
	}
	n.after(c)
	n.ctx = nil
}

// Exit is CS done: the application calls exit().
func (n *node) Exit(c *sim.Ctx) {
	n.ctx, n.rounds, n.sent = c, 0, 0
	if n.p.exit != nil {
		n.run(n.p.exit, c)
	} else {
		n.pass(iCS)
	}
	n.after(c)
	n.ctx = nil
}

// run runs a handler whole, then resets its own variables.
func (n *node) run(h *handler, c *sim.Ctx) {
	if n.fault != "" {
		return
	}
	if h.act != nil {
		h.act(n, c, 0)
	}
	for _, s := range h.reset {
		n.v[s] = n.p.slots[s].init
	}
}

func (n *node) pass(k instrKind) {
	m := n.p.main
	if in := n.at(m); in.kind == k && n.fault == "" {
		n.pc[m] = int32(in.next)
		n.settle(m)
	}
}

// receiver is the process waiting to receive a message of kind k, or -1.
func (n *node) receiver(k uint8) int {
	for i := range n.pc {
		if in := n.at(i); in.kind == iReceive && in.kind_ == int(k) {
			return i
		}
	}
	return -1
}

// CanReceive: a handler takes its messages at any time; a message a
// process receives waits in the network until the process is at its
// receive.
func (n *node) CanReceive(m sim.Msg) bool {
	if n.fault != "" || int(m.Kind) >= len(n.p.handlers) {
		return false
	}
	return n.p.handlers[m.Kind] != nil || n.receiver(m.Kind) >= 0
}

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	n.ctx, n.rounds, n.sent = c, 0, 0
	if h := n.p.handlers[m.Kind]; h != nil {
		n.bind(h, m)
		n.run(h, c)
	} else if i := n.receiver(m.Kind); i >= 0 {
		in := n.at(i)
		vals := [3]int64{int64(m.From), int64(m.A), int64(m.B)}
		for j, s := range in.bind {
			n.v[s] = vals[j]
		}
		n.pc[i] = int32(in.next)
		n.settle(i)
	}
	n.after(c)
	n.ctx = nil
}

// bind gives a handler's parameters the message's sender and numbers.
func (n *node) bind(h *handler, m sim.Msg) {
	vals := [3]int64{int64(m.From), int64(m.A), int64(m.B)}
	for i, s := range h.bind {
		n.v[s] = vals[i]
	}
}

// Steps lists each process's enabled step; a chooseNumber() step is one
// step per value it may choose (Step.Arg).
func (n *node) Steps(dst []sim.Step) []sim.Step {
	if n.fault != "" {
		return dst
	}
	for i := range n.pc {
		dst = n.stepsOf(dst, i, n.at(i))
	}
	return dst
}

// stepsOf appends process i's steps at in, if enabled.
func (n *node) stepsOf(dst []sim.Step, i int, in *instr) []sim.Step {
	if !n.enabled(in) {
		return dst
	}
	if in.choose {
		for x := 1; x <= n.k; x++ {
			dst = append(dst, sim.Step{Proc: uint8(i), Arg: int32(x)})
		}
		return dst
	}
	return append(dst, sim.Step{Proc: uint8(i)})
}

func (n *node) Do(c *sim.Ctx, s sim.Step) {
	n.ctx, n.rounds, n.sent = c, 0, 0
	i := int(s.Proc)
	in := n.at(i)
	if in.kind == iStep {
		if in.loops {
			// A guard whose quantifiers pass the bound was taken to
			// hold (enabled): here, in the event, it fails the node.
			in.guard(n)
		}
		if in.act != nil && n.fault == "" {
			in.act(n, c, int64(s.Arg))
		}
		n.pc[i] = int32(in.next)
	} else {
		n.pc[i] = int32(n.control(in))
	}
	n.settle(i)
	n.after(c)
	n.ctx = nil
}

// StepLabel is the step's number and its statement, with the value
// chooseNumber() returned: "P2 myNum = chooseNumber() = 2".
func (n *node) StepLabel(s sim.Step) string {
	in := n.at(int(s.Proc))
	out := in.label + " " + in.text
	if in.choose {
		return out + " = " + strconv.Itoa(int(s.Arg))
	}
	// The values the step reads, as the seeds' worked examples give
	// them: "P4 send(request, N, myNum) with N=N2 myNum=1".
	var vals []string
	for _, r := range in.reads {
		if n.p.slots[r].proc == -2 {
			continue // a quantifier's variable
		}
		v := n.p.slots[r].name + "=" + n.value(r)
		if !slices.Contains(vals, v) {
			vals = append(vals, v)
		}
	}
	if len(vals) > 0 {
		out += " with " + strings.Join(vals, " ")
	}
	// A step that is an if says which way it goes, as the built-in
	// algorithms' texts do ("N2 defers N1's request"): the values alone
	// leave the student to work out the condition.
	if in.holds != nil {
		n.rounds = 0
		switch {
		case in.holds(n):
			out += ": true"
		case in.hasElse:
			out += ": false, so its else runs"
		default:
			out += ": false"
		}
	}
	return out
}

// At says where each process rests (sim.Locator).
func (n *node) At() []string {
	out := make([]string, len(n.pc))
	for i := range n.pc {
		out[i] = n.at(i).label
	}
	return out
}

// Encode writes the program counters, then every variable (a handler's
// parameters are always at their initial values and are left out).
func (n *node) Encode(e *sim.Enc) {
	for _, pc := range n.pc {
		e.Int(int(pc))
	}
	for i, x := range n.v {
		if i >= len(n.p.slots) || n.p.slots[i].proc != -2 && !n.p.slots[i].array {
			e.Int(int(x))
		}
	}
	e.Bool(n.fault != "")
}

func (n *node) Decode(d *sim.Dec) {
	for i := range n.pc {
		n.pc[i] = int32(d.Int())
	}
	for i := range n.v {
		switch {
		case i >= len(n.p.slots) || n.p.slots[i].proc != -2 && !n.p.slots[i].array:
			n.v[i] = int64(d.Int())
		case n.p.slots[i].array:
			n.v[i] = 0
		default:
			n.v[i] = n.p.slots[i].init
		}
	}
	n.fault = ""
	if d.Bool() {
		n.fault = "failed"
	}
}

// Fault is why the node stopped (a step that broke a rule), or "" (see
// sim.Faulter): the explorer's and the grader's explanations and the
// playground name a failed listing node as they do a failed Go one.
func (n *node) Fault() string { return n.fault }

// Vars shows the globals, then each process's place and locals.
func (n *node) Vars() []sim.Var {
	var out []sim.Var
	show := func(owner int) {
		for i, s := range n.p.slots {
			if s.proc == owner {
				out = append(out, sim.Var{Name: s.name, Value: n.value(i)})
			}
		}
	}
	show(-1)
	for i, pr := range n.p.procs {
		label := n.at(i).label
		if label == "" {
			label = "-"
		}
		out = append(out, sim.Var{Name: pr.name, Value: label})
		show(i)
	}
	if n.fault != "" {
		out = append(out, sim.Var{Name: "fault", Value: n.fault})
	}
	return out
}

// value shows slot i's value; an array's as "[N1:x N2:y]"; a handler
// listing's state by its name (RELEASED, WANTED, HELD).
func (n *node) value(i int) string {
	s := n.p.slots[i]
	if n.p.main < 0 && n.p.start == nil && i == n.p.state {
		if x := n.v[i]; x >= released && x <= held {
			return [...]string{"RELEASED", "WANTED", "HELD"}[x]
		}
	}
	if !s.array {
		return n.show(s.typ, n.v[i])
	}
	parts := make([]string, n.n)
	for j := range parts {
		parts[j] = "N" + strconv.Itoa(j+1) + ":" + n.show(s.typ, n.v[n.elem(s.arr, int64(j))])
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func (n *node) show(t Type, x int64) string {
	switch t {
	case Kind:
		if x >= 0 && x < int64(len(n.p.msgs)) {
			return n.p.msgs[x].Name
		}
		return "?"
	case Bool:
		return strconv.FormatBool(x != 0)
	case Node:
		if x < 0 {
			return "-"
		}
		return "N" + strconv.Itoa(int(x)+1)
	case Set, Queue:
		var parts []string
		for _, j := range members(t, x, nil) {
			parts = append(parts, "N"+strconv.Itoa(int(j)+1))
		}
		if t == Queue {
			return "[" + strings.Join(parts, " ") + "]"
		}
		return "{" + strings.Join(parts, " ") + "}"
	}
	return strconv.FormatInt(x, 10)
}
