// Package central is the central-server algorithm of seed 002:
//
//	"One solution is a central server that queues all enter() requests to
//	the critical section and then asserts only one process enters at a
//	time."
//
// Choices where the seed is vague: node N1 is the server and only the
// server (sim.Algorithm.Servers): its application never calls enter(), so
// with n nodes there are n-1 clients. A server that was also a client would
// take its own requests without a message, and the comparison of seed 002
// (3 messages and 2 message delays per entry, see package metrics) would
// come out cheaper than the algorithm is. A client asks with Request, the
// server answers with Grant when the CS is free and the client is first in
// its queue, and the client hands the CS back with Release. The queue is
// first-come first-served in arrival order.
// Every handler is atomic.
//
// The server orders requests by arrival, not by happened-before, so a
// request that was caused by an earlier one can overtake it on the way to
// the server: Order fails, as it does in the textbook discussion.
package central

import (
	"dmelab/algorithms/seeds"
	"fmt"
	"strings"

	"dmelab/algorithms/sim"
)

// Message kinds.
const (
	Request = iota // client → server: let me in
	Grant          // server → client: you may enter
	Release        // client → server: I am out
)

// Server is the index of the server node.
const Server = 0

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "central",
		Group:    seeds.Seed002,
		Summary:  "central server queues requests and grants one at a time (seed 002)",
		Servers:  1,
		New:      newNodes,
		MsgKinds: []string{"request", "grant", "release"},
		Listing:  listing(),
	}
}

func newNodes(cfg sim.Config) ([]sim.Node, error) {
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{id: i, holder: -1}
	}
	return nodes, nil
}

type node struct {
	id    int
	phase sim.Phase
	// Server state (used only at node Server).
	holder int   // who has the CS, -1 for nobody
	queue  []int // waiting clients, in arrival order
}

func (n *node) Clone() sim.Node {
	c := *n
	c.queue = append([]int(nil), n.queue...)
	return &c
}

func (n *node) Phase() sim.Phase { return n.phase }

// Request and Exit run at clients only: the simulator never calls enter()
// at the server.
func (n *node) Request(c *sim.Ctx) {
	n.phase = sim.Wanting
	c.Send(Server, sim.Msg{Kind: Request})
}

func (n *node) Exit(c *sim.Ctx) {
	n.phase = sim.Idle
	c.Send(Server, sim.Msg{Kind: Release})
}

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch m.Kind {
	case Request:
		n.enqueue(c, int(m.From))
	case Release:
		n.release(c)
	case Grant:
		n.phase = sim.InCS
	}
}

// enqueue is the server's handling of a request from client.
func (n *node) enqueue(c *sim.Ctx, client int) {
	n.queue = append(n.queue, client)
	n.grantNext(c)
}

// release is the server's handling of the holder leaving the CS.
func (n *node) release(c *sim.Ctx) {
	n.holder = -1
	n.grantNext(c)
}

func (n *node) grantNext(c *sim.Ctx) {
	if n.holder >= 0 || len(n.queue) == 0 {
		return
	}
	n.holder = n.queue[0]
	n.queue = n.queue[1:]
	c.Send(n.holder, sim.Msg{Kind: Grant})
}

func (n *node) Steps(dst []sim.Step) []sim.Step { return dst }
func (n *node) Do(*sim.Ctx, sim.Step)           {}
func (n *node) StepLabel(sim.Step) string       { return "" }

func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.phase))
	if n.id == Server {
		e.Int(n.holder)
		e.Ints(n.queue)
	}
}

func (n *node) Decode(d *sim.Dec) {
	n.phase = sim.Phase(d.Int())
	if n.id == Server {
		n.holder = d.Int()
		n.queue = d.IntsInto(n.queue)
	}
}

func (n *node) Vars() []sim.Var {
	v := []sim.Var{{Name: "phase", Value: n.phase.String()}}
	if n.id == Server {
		h := "-"
		if n.holder >= 0 {
			h = fmt.Sprintf("N%d", n.holder+1)
		}
		q := make([]string, len(n.queue))
		for i, x := range n.queue {
			q[i] = fmt.Sprintf("N%d", x+1)
		}
		v = append(v, sim.Var{Name: "holder", Value: h}, sim.Var{Name: "queue", Value: "[" + strings.Join(q, " ") + "]"})
	}
	return v
}
