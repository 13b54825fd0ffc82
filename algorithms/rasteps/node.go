package rasteps

import (
	"cmp"
	"fmt"
	"strconv"

	"dmelab/algorithms/internal/ricart"
	"dmelab/algorithms/internal/stepwire"
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
	// A fault names the step as the listing numbers it.
	h := &stepwire.Harness[Vars, Msg]{Wire: wire, Pkg: "rasteps", Say: func(op, _ int) string { return c.Listing.opName(Op(op)) }}
	return &sim.Algorithm{
		Name:     name,
		Summary:  fmt.Sprintf("seed 000, %s, with the steps written by a student", c.Listing),
		New:      func(cfg sim.Config) ([]sim.Node, error) { return newNodes(h, c, cfg) },
		MsgKinds: []string{"request", "reply"},
		Stuck:    func(w *sim.World) string { return stuck(c.Listing, w) },
		FormatMsg: func(m sim.Msg) string {
			if m.Kind == Request {
				return fmt.Sprintf("request(%d)", m.A)
			}
			return "reply"
		},
	}
}

// stuck is the registry's explanation of a deadlock (ricart.Stuck), read
// from the variables the student's steps keep and the harness's control
// state: only for a state with no message in flight, no crash and no
// failed node; ricart.Stuck checks the rest (the replies each waiting
// node counted and the nodes that defer it make N-1).
func stuck(l Listing, w *sim.World) string {
	if w.Crashed != 0 || len(w.Net) > 0 {
		return ""
	}
	v := ricart.Variant{Choose: l.choose(), TieBreak: l.tieBreak(), Highest: l.highest()}
	if l.flag() {
		v.Flag = ricart.FlagAtomic
	}
	ws := make([]ricart.Waiter, len(w.Nodes))
	for i, x := range w.Nodes {
		n, ok := x.(*node)
		if !ok || n.Fault() != "" {
			return ""
		}
		ws[i] = ricart.Waiter{Idle: n.main == p1, Waiting: n.main == p5, AtP10: n.recv == p10, Replies: n.replies,
			MyNum: n.V.MyNum, Flag: n.V.RequestCS, Deferred: n.V.Deferred.Members()}
		if i < len(w.App) {
			ws[i].Left = w.App[i].Left
		}
	}
	return ricart.Stuck(v, ws)
}

func newNodes(h *stepwire.Harness[Vars, Msg], c Code, cfg sim.Config) ([]sim.Node, error) {
	k := 0
	var err error
	if c.Listing.choose() {
		if k, err = cfg.ChooseRange(); err != nil {
			err = fmt.Errorf("rasteps: %v", err)
		}
	}
	nodes, nerr := stepwire.Nodes(h, c.code, cfg.N, func(int) Vars { return Vars{Source: -1} },
		func(b stepwire.Node[Vars, Msg]) sim.Node {
			return &node{Node: b, l: c.Listing, k: k, main: p1, loop: -1, recv: p10}
		})
	if err = cmp.Or(nerr, err); err != nil {
		return nil, err
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

// node is one node: the harness's control state beside the shared part,
// which holds the student-visible variables. Everything that can change
// is in Encode.
type node struct {
	stepwire.Node[Vars, Msg]
	l       Listing
	k       int // chooseNumber()'s range 1..k (First, Better)
	main    pc
	loop    int // main's N at P4 and P8–P9, -1 elsewhere
	replies int // replies received since the last P5
	recv    pc
}

func (n *node) Clone() sim.Node {
	c := *n
	c.Node = n.Node.Copy()
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	base := n.Node
	*n = *src
	n.Node = base // n's own, which Take fills: no two nodes may share a list (see stepwire.Node.Call)
	n.Take(&src.Node)
}

// Phase follows main's counter, a failed node's too: it stays where it
// stopped.
// Phase follows the main process; a failed node waits for ever (Wanting),
// as in every interface, so that the explorer reports it even while the
// others go on.
func (n *node) Phase() sim.Phase {
	p := sim.Wanting
	switch n.main {
	case p1:
		p = sim.Idle
	case p6:
		p = sim.InCS
	case p6a, p7, p8, p9:
		p = sim.Exiting
	}
	return n.Waits(p)
}

// Request is P1 done: the application leaves its non-critical section.
func (n *node) Request(*sim.Ctx) { n.main = p2 }

// Exit is P6 done: the application leaves the critical section (to P6a
// in Ben-Ari's fix, to P7 in the seed's listings).
func (n *node) Exit(*sim.Ctx) {
	n.main = p7
	if n.l.flag() {
		n.main = p6a
	}
}

// CanReceive: replies are counted at any time; a request waits in the
// network until the receive process is back at P10. A failed node takes
// nothing.
func (n *node) CanReceive(m sim.Msg) bool {
	return n.Node.CanReceive(m) && (m.Kind != Request || n.recv == p10)
}

// Receive counts a reply, or is P10 for a request:
//
//	P10: receive(request,source,requestedNum)
func (n *node) Receive(_ *sim.Ctx, m sim.Msg) {
	if m.Kind == Reply {
		n.replies++
		return
	}
	n.V.Source, n.V.RequestedNum = int(m.From), int(m.A)
	n.recv = p11
}

// Steps lists at most one step per process; a failed node has none.
func (n *node) Steps(dst []sim.Step) []sim.Step {
	if n.Fault() != "" {
		return dst
	}
	switch {
	case n.main == p2 && n.l.choose(): // one step per value chooseNumber() may return
		for x := 1; x <= n.k; x++ {
			dst = append(dst, sim.Step{Proc: procMain, Arg: int32(x)})
		}
	case n.main == p1, n.main == p6, n.main == p5 && n.replies != n.At().N-1:
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
		if n.recv == p11 && n.l.highest() {
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
	out, ret, ok := n.call(c, op, arg)
	if !ok {
		return
	}
	for _, m := range out {
		c.Send(m.To, sim.Msg{Kind: uint8(m.Kind), A: int32(m.Num)})
	}
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
		if ret < 0 {
			n.main = p1
		} else {
			n.loop, n.main = ret, p8
		}
	case OpP8:
		n.main = p9
	case OpP9:
		n.loop, n.main = -1, p7
	case OpP11:
		n.recv = p12
	case OpP12:
		n.recv, n.V.Source, n.V.RequestedNum = p10, -1, 0
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
	for j := after + 1; j < n.At().N; j++ {
		if j != n.At().ID {
			return j
		}
	}
	return -1
}

// Encode writes every variable that can change, in the order of the core's
// engine (so the reference has exactly ra-benari's states), and whether
// the node failed.
func (n *node) Encode(e *sim.Enc) {
	for _, x := range [...]int{int(n.main), n.loop, n.replies, int(n.recv), n.V.Source, n.V.RequestedNum, n.V.MyNum, n.V.HighestNum} {
		e.Int(x)
	}
	e.Bool(n.V.RequestCS)
	e.Int(int(n.V.Deferred))
	n.PutFault(e)
}

// Decode reads what Encode wrote. The reason for a failure is not encoded
// (only that there was one); a decoded failed node says so in general.
func (n *node) Decode(d *sim.Dec) {
	n.main, n.loop, n.replies, n.recv = pc(d.Int()), d.Int(), d.Int(), pc(d.Int())
	n.V.Source, n.V.RequestedNum, n.V.MyNum, n.V.HighestNum = d.Int(), d.Int(), d.Int(), d.Int()
	n.V.RequestCS, n.V.Deferred = d.Bool(), Set(d.Int())
	n.GetFault(d)
}

// Vars shows the node as the core's engine shows the listing (highestNum
// and requestCS only where the listing has them), plus the fault of a
// failed node.
func (n *node) Vars() []sim.Var {
	v := []sim.Var{
		{Name: "main", Value: n.main.String()},
		{Name: "N", Value: nodeOrDash(n.loop)},
		{Name: "recv", Value: n.recv.String()},
		{Name: "source", Value: nodeOrDash(n.V.Source)},
		{Name: "requestedNum", Value: "-"},
		{Name: "myNum", Value: strconv.Itoa(n.V.MyNum)},
	}
	if n.recv != p10 {
		v[4].Value = strconv.Itoa(n.V.RequestedNum)
	}
	if n.l.highest() {
		v = append(v, sim.Var{Name: "highestNum", Value: strconv.Itoa(n.V.HighestNum)})
	}
	if n.l.flag() {
		v = append(v, sim.Var{Name: "requestCS", Value: strconv.FormatBool(n.V.RequestCS)})
	}
	v = append(v,
		sim.Var{Name: "deferred", Value: n.V.Deferred.String()},
		sim.Var{Name: "replies", Value: strconv.Itoa(n.replies)},
	)
	return n.WithFault(v)
}

var name = stepwire.NodeName

func nodeOrDash(i int) string {
	if i < 0 {
		return "-"
	}
	return name(i)
}
