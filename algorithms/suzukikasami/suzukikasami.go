// Package suzukikasami is Suzuki and Kasami's broadcast token algorithm
// (1985), beyond the course notes, as Kshemkalyani and Singhal's
// "Distributed Computing" states it:
//
//   - Each node S_i keeps RN_i[1..N], the highest request number it has
//     received from each node. The token carries LN[1..N], the number of
//     each node's most recently served request, and Q, a queue of nodes.
//   - Requesting: a node without the token increments RN_i[i] and sends
//     REQUEST(i, RN_i[i]) to every other node. A node that holds the token
//     enters at once.
//   - On REQUEST(j, n): RN_i[j] = max(RN_i[j], n); a holder of the idle
//     token sends it to S_j if the request is outstanding, RN_i[j] =
//     LN[j] + 1.
//   - Releasing: LN[i] = RN_i[i]; every node j not in Q whose request is
//     outstanding (RN_i[j] = LN[j] + 1) is appended to Q; if Q is not
//     empty its head is removed and sent the token.
//
// RN and LN tell an outstanding request from an outdated one, so a
// request that arrives late (channels do not keep order) never earns the
// token twice. An entry costs N messages (N-1 requests and the token), or
// none when the node already holds the token.
//
// Choices: N1 holds the token initially, with LN all 0 and Q empty. The
// release step scans j = 1..N in increasing order. A holder keeps an idle
// token until someone asks. The token is a message with a payload
// (sim.Msg.Data): LN and Q travel with it and are part of the state the
// explorer hashes. Every handler is atomic.
//
// The state space is finite without further bounds: each node's
// application calls enter() at most R times (Options.Requests), and only a
// new enter() call raises a request number, so RN and LN stay within 0..R.
//
// Safe: there is one token. Live: every outstanding request is either
// answered by the idle holder or queued by the next release.
package suzukikasami

import (
	"dmelab/algorithms/seeds"
	"strconv"
	"strings"

	"dmelab/algorithms/sim"
)

// Message kinds.
const (
	Request = iota // REQUEST(j, n): A = n, the sender is j
	Token          // the token; Data holds LN and Q
)

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm {
	return &sim.Algorithm{
		Name:      "suzuki-kasami",
		Group:     seeds.Beyond,
		Summary:   "broadcast requests numbered RN; the token carries LN and a queue (Suzuki–Kasami 1985, beyond the seeds)",
		New:       newNodes,
		Payloads:  true,
		MsgKinds:  []string{"request", "token"},
		FormatMsg: formatMsg,
		Listing:   listing(),
	}
}

func newNodes(cfg sim.Config) ([]sim.Node, error) {
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		n := &node{id: i, rn: make([]int, cfg.N), has: i == 0}
		if n.has {
			n.tok.ln = make([]int, cfg.N)
		}
		nodes[i] = n
	}
	return nodes, nil
}

type node struct {
	id    int
	phase sim.Phase
	rn    []int // RN_i
	has   bool  // holds the token
	tok   token // valid while has
}

func (n *node) Clone() sim.Node {
	c := &node{}
	c.CopyFrom(n)
	return c
}

// CopyFrom makes n a copy of o, reusing n's memory (sim.Copier).
func (n *node) CopyFrom(o sim.Node) {
	src := o.(*node)
	rn, ln, q := n.rn, n.tok.ln, n.tok.q
	*n = *src
	n.rn = append(rn[:0], src.rn...)
	n.tok.ln = append(ln[:0], src.tok.ln...)
	n.tok.q = append(q[:0], src.tok.q...)
}

func (n *node) Phase() sim.Phase { return n.phase }

// HoldsToken says whether the token is here (sim.TokenHolder): its holder
// enters at once when it is idle.
func (n *node) HoldsToken() bool { return n.has }

func (n *node) Request(c *sim.Ctx) {
	if n.has {
		n.phase = sim.InCS
		return
	}
	n.phase = sim.Wanting
	n.rn[n.id]++
	for j := 0; j < c.N; j++ {
		if j != n.id {
			c.Send(j, sim.Msg{Kind: Request, A: int32(n.rn[n.id])})
		}
	}
}

func (n *node) Exit(c *sim.Ctx) {
	n.phase = sim.Idle
	n.tok.ln[n.id] = n.rn[n.id]
	for j := range n.rn {
		if n.outstanding(j) && !n.queued(j) {
			n.tok.q = append(n.tok.q, j)
		}
	}
	if len(n.tok.q) > 0 {
		next := n.tok.q[0]
		n.tok.q = append(n.tok.q[:0], n.tok.q[1:]...)
		n.send(c, next)
	}
}

// outstanding reports whether node j's latest request known here has not
// been served: RN_i[j] = LN[j] + 1 (only meaningful while n has the token).
func (n *node) outstanding(j int) bool { return n.rn[j] == n.tok.ln[j]+1 }

func (n *node) queued(j int) bool {
	for _, x := range n.tok.q {
		if x == j {
			return true
		}
	}
	return false
}

// send gives the token away to node to.
func (n *node) send(c *sim.Ctx, to int) {
	c.Send(to, sim.Msg{Kind: Token, Data: n.tok.data()})
	n.has = false
	n.tok.ln, n.tok.q = n.tok.ln[:0], n.tok.q[:0]
}

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch m.Kind {
	case Request:
		j := int(m.From)
		n.rn[j] = max(n.rn[j], int(m.A))
		if n.has && n.phase == sim.Idle && n.outstanding(j) {
			n.send(c, j)
		}
	case Token:
		n.has = true
		n.tok.read(m.Data)
		if n.phase == sim.Wanting {
			n.phase = sim.InCS
		}
	}
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.phase))
	for _, x := range n.rn {
		e.Int(x)
	}
	e.Bool(n.has)
	if n.has {
		n.tok.encode(e)
	}
}

func (n *node) Decode(d *sim.Dec) {
	n.phase = sim.Phase(d.Int())
	for j := range n.rn {
		n.rn[j] = d.Int()
	}
	n.has = d.Bool()
	n.tok.ln, n.tok.q = n.tok.ln[:0], n.tok.q[:0]
	if n.has {
		n.tok.decode(d)
	}
}

func (n *node) Vars() []sim.Var { return Show(n.phase.String(), n.rn, n.has, n.tok.ln, n.tok.q) }

// Show is how a node's variables read (its phase's word, RN, whether it holds the
// token, and the token's LN and Q while it does), shared with the student
// interface so that schedules written for one replay on the other.
func Show(phase string, rn []int, has bool, ln, q []int) []sim.Var {
	t, lns, qs := "no", "-", "-"
	if has {
		t, lns, qs = "yes", list(ln, false), list(q, true)
	}
	return []sim.Var{
		{Name: "phase", Value: phase},
		{Name: "RN", Value: list(rn, false)},
		{Name: "token", Value: t},
		{Name: "LN", Value: lns},
		{Name: "Q", Value: qs},
	}
}

// list renders v as "[1 0 2]", node indices as names "[N3 N2]".
func list(v []int, nodes bool) string {
	return "[" + strings.Join(words(v, nodes), " ") + "]"
}

func name(i int) string { return "N" + strconv.Itoa(i+1) }
