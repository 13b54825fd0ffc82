// Package permring is the ring of seed 002 as its prose tells it: not a
// circulating token (that is package tokenring) but a ring of permissions.
//
//	"when a process asks to enter the critical section, it asks the next
//	process in the line, which will then either disregard the request if
//	it itself is trying to access the critical section or accept and ask
//	the next process for access. If the request manages to go all the way
//	around the token ring, that means all processes accepted that the
//	initial process can access the resource, then it will enter. If it
//	isn't accepted, it will try again unless another process is currently
//	attempting to enter."
//
// A node's request travels N_i → N_i+1 → … → N_i; every node it passes
// either forwards it to its successor or stops it; when it comes back to
// its owner, the owner enters.
//
// Choices where the seed is vague:
//   - "Trying to access the critical section" is having a request of one's
//     own on its way round, or being in the CS. A node in the CS that let
//     a request pass would let its owner in beside it.
//   - "Disregard" stops the request (it goes no further) and tells its
//     owner so, with a refuse message sent straight to it: the owner has
//     to learn that it "isn't accepted" to try again, and a message is
//     the only way the seed's nodes learn anything.
//   - A refused node backs off: it still wants the CS, but it is no longer
//     "attempting to enter", so it forwards the requests of others in the
//     meantime ("unless another process is currently attempting to
//     enter": it lets the other one through). It tries again with the
//     internal step "retry", which is enabled for as long as it is backed
//     off; the explorer chooses when. A node that kept refusing while
//     backed off could never get in once two nodes contend.
//   - enter(), exit() and every receipt are atomic; exit() sends nothing.
//     A ring of one node enters at once.
//
// A node has at most one request or refusal of its own in flight, so the
// state stays small and finite with no bound on retries.
//
// Safe: a request that comes back has passed every other node while that
// node was neither on its way round nor in the CS; of two nodes in the
// CS, each would have had to pass the other's request after sending its
// own, and the later sender refuses. Not ordered (as the seed says): a
// node whose enter() happened-before another's can be refused by it and
// let it through while backed off. Not live: two nodes can refuse each
// other, back off and retry together for ever, a livelock the explorer
// reports as starvation.
package permring

import (
	"dmelab/algorithms/seeds"
	"fmt"
	"strconv"

	"dmelab/algorithms/sim"
)

// Message kinds.
const (
	// Request is a request going round; A is its owner's index.
	Request = iota
	// Refuse tells a request's owner that its request was stopped.
	Refuse
)

// Ask is where a wanting node's request is.
type Ask uint8

const (
	// None: the node does not want the CS, or is in it.
	None Ask = iota
	// Travelling: the node's request is on its way round; the node is
	// trying and stops the requests of others.
	Travelling
	// Refused: the node's request was stopped; it has backed off and
	// forwards the requests of others until it retries.
	Refused
)

func (a Ask) String() string {
	switch a {
	case None:
		return "none"
	case Travelling:
		return "travelling"
	case Refused:
		return "refused"
	}
	return "?"
}

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm {
	return &sim.Algorithm{
		Name:      "permission-ring",
		Group:     seeds.Seed002,
		Summary:   "a request goes round the ring; a node trying itself refuses it, a refused node backs off and retries (seed 002's prose; breaks Order, first come first served, and liveness)",
		New:       newNodes,
		MsgKinds:  []string{"request", "refuse"},
		FormatMsg: FormatMsg,
		Listing:   listing(),
	}
}

// FormatMsg renders a request with its owner's number, "request(1)" for
// N1's, and a refusal as "refuse".
func FormatMsg(m sim.Msg) string {
	switch m.Kind {
	case Request:
		return "request(" + strconv.Itoa(int(m.A)+1) + ")"
	case Refuse:
		return "refuse"
	}
	return "kind" + strconv.Itoa(int(m.Kind))
}

func newNodes(cfg sim.Config) ([]sim.Node, error) {
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{id: i, n: cfg.N}
	}
	return nodes, nil
}

type node struct {
	id, n int
	phase sim.Phase
	ask   Ask
}

func (n *node) next() int { return (n.id + 1) % n.n }

// trying is the seed's "itself is trying to access the critical section".
func (n *node) trying() bool { return n.ask == Travelling || n.phase == sim.InCS }

func (n *node) Clone() sim.Node {
	c := *n
	return &c
}

// CopyFrom implements sim.Copier.
func (n *node) CopyFrom(o sim.Node) { *n = *o.(*node) }

func (n *node) Phase() sim.Phase { return n.phase }

func (n *node) Request(c *sim.Ctx) {
	if n.n == 1 {
		n.phase = sim.InCS
		return
	}
	n.phase = sim.Wanting
	n.send(c)
}

// send starts the node's request on its way round.
func (n *node) send(c *sim.Ctx) {
	n.ask = Travelling
	c.Send(n.next(), sim.Msg{Kind: Request, A: int32(n.id)})
}

func (n *node) Exit(*sim.Ctx) { n.phase = sim.Idle }

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch m.Kind {
	case Request:
		owner := int(m.A)
		switch {
		case owner == n.id:
			// All the way round: everyone accepted.
			if n.ask == Travelling {
				n.ask = None
				n.phase = sim.InCS
			}
		case n.trying():
			c.Send(owner, sim.Msg{Kind: Refuse})
		default:
			c.Send(n.next(), sim.Msg{Kind: Request, A: m.A})
		}
	case Refuse:
		if n.ask == Travelling {
			n.ask = Refused
		}
	}
}

// Steps offers the retry of a refused node.
func (n *node) Steps(dst []sim.Step) []sim.Step {
	if n.ask == Refused {
		dst = append(dst, sim.Step{})
	}
	return dst
}

func (n *node) Do(c *sim.Ctx, _ sim.Step) {
	if n.ask == Refused {
		n.send(c)
	}
}

func (n *node) StepLabel(sim.Step) string {
	return fmt.Sprintf("retry: send request to N%d", n.next()+1)
}

func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.phase))
	e.Int(int(n.ask))
}

func (n *node) Decode(d *sim.Dec) {
	n.phase = sim.Phase(d.Int())
	n.ask = Ask(d.Int())
}

func (n *node) Vars() []sim.Var {
	return []sim.Var{{Name: "phase", Value: n.phase.String()}, {Name: "request", Value: n.ask.String()}}
}
