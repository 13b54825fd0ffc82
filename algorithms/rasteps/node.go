package rasteps

import (
	"fmt"
	"strconv"

	"dmelab/algorithms/internal/ricart"
	"dmelab/algorithms/sim"
)

// New builds a Steps for the node whose variables are v. The student's
// version is func(v *rasteps.Vars) rasteps.Steps { return &Node{v} }.
type New func(v *Vars) Steps

// Algorithm returns the descriptor of the algorithm whose steps s
// implements, under the given name (the exercise's algorithm, ra-benari,
// so that schedules written for it and counterexamples replay alike).
func Algorithm(name string, s New) *sim.Algorithm {
	return ListingAlgorithm(name, BenAriCode(s))
}

// ListingAlgorithm returns the descriptor of the listing c is written for,
// with c's steps, under the given name (the registry's name of that
// listing: ra-v1, ra-v2, ra-v3 or ra-benari).
func ListingAlgorithm(name string, c Code) *sim.Algorithm {
	return &sim.Algorithm{
		Name:     name,
		Summary:  fmt.Sprintf("seed 000, %s, with the steps written by a student", c.Listing),
		New:      func(cfg sim.Config) ([]sim.Node, error) { return newNodes(c, cfg) },
		MsgKinds: []string{"request", "reply"},
		FormatMsg: func(m sim.Msg) string {
			if m.Kind == Request {
				return fmt.Sprintf("request(%d)", m.A)
			}
			return "reply"
		},
	}
}

func newNodes(c Code, cfg sim.Config) ([]sim.Node, error) {
	if c.build == nil {
		return nil, fmt.Errorf("rasteps: no steps")
	}
	k := 0
	if c.Listing.choose() {
		// chooseNumber()'s range, as the core's engine reads it.
		k = cfg.Numbers
		if k == 0 {
			k = ricart.DefaultNumbers
		}
		if k < 1 {
			return nil, fmt.Errorf("rasteps: chooseNumber() needs numbers >= 1, got %d", k)
		}
	}
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		n := &node{code: &c, k: k, main: p1, loop: -1, recv: p10}
		n.v.id, n.v.n, n.v.Source = i, cfg.N, -1
		nodes[i] = n
	}
	return nodes, nil
}

// Program counters, as in the core's engine; P3 is folded into P4.
type pc uint8

const (
	p1 pc = iota
	p2
	p4
	p5
	p6
	p6a
	p7
	p8
	p9
	p10
	p11
	p12
)

var pcNames = [...]string{"P1", "P2", "P4", "P5", "P6", "P6a", "P7", "P8", "P9", "P10", "P11", "P12"}

func (p pc) String() string {
	if int(p) < len(pcNames) {
		return pcNames[p]
	}
	return "P?"
}

// op is the student's step that runs at main's counter p.
var mainOp = map[pc]Op{p2: OpP2, p4: OpP4, p6a: OpP6a, p7: OpP7, p8: OpP8, p9: OpP9}

// Processes, as sim.Step.Proc.
const (
	procMain = 0
	procRecv = 1
)

// node is one node: the harness's control state and the student-visible
// variables. Everything that can change is in Encode.
type node struct {
	code    *Code // shared, never changes
	k       int   // chooseNumber()'s range 1..k (First, Better)
	v       Vars
	main    pc
	loop    int // main's N at P4 and P8–P9, -1 elsewhere
	replies int // replies received since the last P5
	recv    pc
	// fault says why the node stopped (empty: it did not).
	fault string
}

func (n *node) Clone() sim.Node {
	c := *n
	c.v.out = nil
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	*n = *o.(*node)
	n.v.out = nil
}

func (n *node) Phase() sim.Phase {
	switch n.main {
	case p1:
		return sim.Idle
	case p6:
		return sim.InCS
	case p6a, p7, p8, p9:
		return sim.Exiting
	}
	return sim.Wanting
}

// Fault says why the node stopped, or "" while it works.
func (n *node) Fault() string { return n.fault }

// Request is P1 done: the application leaves its non-critical section.
func (n *node) Request(*sim.Ctx) { n.main = p2 }

// Exit is P6 done: the application leaves the critical section (to P6a
// in Ben-Ari's fix, to P7 in the seed's listings).
func (n *node) Exit(*sim.Ctx) {
	n.main = p7
	if n.code.Listing.flag() {
		n.main = p6a
	}
}

// CanReceive: replies are counted at any time; a request waits in the
// network until the receive process is back at P10. A failed node takes
// nothing.
func (n *node) CanReceive(m sim.Msg) bool {
	return n.fault == "" && (m.Kind != Request || n.recv == p10)
}

// Receive counts a reply, or is P10 for a request:
//
//	P10: receive(request,source,requestedNum)
func (n *node) Receive(_ *sim.Ctx, m sim.Msg) {
	if m.Kind == Reply {
		n.replies++
		return
	}
	n.v.Source, n.v.RequestedNum = int(m.From), int(m.A)
	n.recv = p11
}

// Steps lists at most one step per process; a failed node has none.
func (n *node) Steps(dst []sim.Step) []sim.Step {
	if n.fault != "" {
		return dst
	}
	switch n.main {
	case p1, p6:
	case p2:
		if n.code.Listing.choose() { // one step per value chooseNumber() may return
			for x := 1; x <= n.k; x++ {
				dst = append(dst, sim.Step{Proc: procMain, Arg: int32(x)})
			}
		} else {
			dst = append(dst, sim.Step{Proc: procMain})
		}
	case p5:
		if n.replies == n.v.n-1 {
			dst = append(dst, sim.Step{Proc: procMain})
		}
	default:
		dst = append(dst, sim.Step{Proc: procMain})
	}
	if n.recv != p10 {
		dst = append(dst, sim.Step{Proc: procRecv})
	}
	return dst
}

// current is the student's step that s runs and its argument; ok is false
// for P5, which the harness does itself. The decision is OpP12 in every
// listing (the listings without highestNum number it P11).
func (n *node) current(s sim.Step) (op Op, arg int, ok bool) {
	if s.Proc == procRecv {
		if n.recv == p11 && n.code.Listing.highest() {
			return OpP11, 0, true
		}
		return OpP12, 0, true
	}
	op, ok = mainOp[n.main]
	if op == OpP2 {
		return op, int(s.Arg), ok
	}
	return op, n.loop, ok
}

// Do performs s: the student's step, checked against its contract, then
// the harness's control flow.
func (n *node) Do(c *sim.Ctx, s sim.Step) {
	op, arg, ok := n.current(s)
	if !ok { // P5: await reply's from all other nodes
		n.replies = 0
		n.main = p6
		return
	}
	r := n.call(op, arg)
	if r.fault != "" {
		n.fault = n.code.Listing.opName(op) + " " + r.fault
		return
	}
	n.v = r.v
	for _, m := range r.v.out {
		c.Send(m.To, sim.Msg{Kind: uint8(m.Kind), A: int32(m.Num)})
	}
	n.v.out = nil
	switch op {
	case OpP2:
		n.startSends()
	case OpP4:
		n.loop = n.nextOther(n.loop)
		if n.loop < 0 {
			n.main = p5
		}
	case OpP6a:
		n.main = p7
	case OpP7:
		if r.ret < 0 {
			n.main = p1
		} else {
			n.loop, n.main = r.ret, p8
		}
	case OpP8:
		n.main = p9
	case OpP9:
		n.loop, n.main = -1, p7
	case OpP11:
		n.recv = p12
	case OpP12:
		n.recv, n.v.Source, n.v.RequestedNum = p10, -1, 0
	}
}

// startSends ends P2: main moves to the P3/P4 loop at the first other node.
func (n *node) startSends() {
	n.loop = n.nextOther(-1)
	n.main = p4
	if n.loop < 0 {
		n.main = p5
	}
}

// nextOther is the smallest node index above after that is not n itself,
// or -1.
func (n *node) nextOther(after int) int {
	for j := after + 1; j < n.v.n; j++ {
		if j != n.v.id {
			return j
		}
	}
	return -1
}

// Encode writes every variable that can change, in the order of the core's
// engine (so the reference has exactly ra-benari's states), and whether
// the node failed.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.main))
	e.Int(n.loop)
	e.Int(n.replies)
	e.Int(int(n.recv))
	e.Int(n.v.Source)
	e.Int(n.v.RequestedNum)
	e.Int(n.v.MyNum)
	e.Int(n.v.HighestNum)
	e.Bool(n.v.RequestCS)
	e.Int(int(n.v.Deferred))
	e.Bool(n.fault != "")
}

// Decode reads what Encode wrote. The reason for a failure is not encoded
// (only that there was one); a decoded failed node says so in general.
func (n *node) Decode(d *sim.Dec) {
	n.main = pc(d.Int())
	n.loop = d.Int()
	n.replies = d.Int()
	n.recv = pc(d.Int())
	n.v.Source = d.Int()
	n.v.RequestedNum = d.Int()
	n.v.MyNum = d.Int()
	n.v.HighestNum = d.Int()
	n.v.RequestCS = d.Bool()
	n.v.Deferred = Set(d.Int())
	n.fault = ""
	if d.Bool() {
		n.fault = "failed"
	}
}

// Vars shows the node as the core's engine shows the listing (highestNum
// and requestCS only where the listing has them), plus the fault of a
// failed node.
func (n *node) Vars() []sim.Var {
	v := []sim.Var{
		{Name: "main", Value: n.main.String()},
		{Name: "N", Value: nodeOrDash(n.loop)},
		{Name: "recv", Value: n.recv.String()},
		{Name: "source", Value: nodeOrDash(n.v.Source)},
		{Name: "requestedNum", Value: "-"},
		{Name: "myNum", Value: strconv.Itoa(n.v.MyNum)},
	}
	if n.recv != p10 {
		v[4].Value = strconv.Itoa(n.v.RequestedNum)
	}
	if n.code.Listing.highest() {
		v = append(v, sim.Var{Name: "highestNum", Value: strconv.Itoa(n.v.HighestNum)})
	}
	if n.code.Listing.flag() {
		v = append(v, sim.Var{Name: "requestCS", Value: strconv.FormatBool(n.v.RequestCS)})
	}
	v = append(v,
		sim.Var{Name: "deferred", Value: n.v.Deferred.String()},
		sim.Var{Name: "replies", Value: strconv.Itoa(n.replies)},
	)
	if n.fault != "" {
		v = append(v, sim.Var{Name: "fault", Value: n.fault})
	}
	return v
}

func name(i int) string { return "N" + strconv.Itoa(i+1) }

func nodeOrDash(i int) string {
	if i < 0 {
		return "-"
	}
	return name(i)
}
