// Package tokenring is the token ring of seed 002, in the classic form the
// specification asks for: one token circulates around the ring
// N1 → N2 → … → Nn → N1, and only its holder may enter the CS.
//
// Seed 002's prose tells it differently: a node that wants the CS sends a
// request around the ring, every node either lets it pass or disregards it
// (when it wants the CS itself), and the requester enters once its request
// has come all the way round. Both versions hand out permission by a trip
// around the ring rather than by timestamps, and both miss the seed's
// verdict "does not meet the order criteria": a node whose enter()
// happened-after another's can be reached first. The circulating token is
// the version the course's properties and exercises are checked against.
//
// Choices:
//   - N1 holds the token initially.
//   - An idle node holding the token passes it to its successor (i+1 mod N)
//     as an internal step, "pass token to N2", so that a token circulating
//     forever with nobody asking is part of the explored state space. With
//     N = 1 there is nobody to pass to and the node keeps it.
//   - enter() while holding the token enters at once; a node that wants the
//     CS enters in the same atomic step as the token's arrival; exit() sends
//     the token on to the successor in the same step.
//
// Safe: there is one token. Live only under fairness: the token must keep
// moving, which the explorer's weak fairness on internal steps and message
// deliveries provides.
package tokenring

import (
	"dmelab/algorithms/seeds"
	"fmt"

	"dmelab/algorithms/sim"
)

// Token is the only message kind.
const Token = 0

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "token-ring",
		Group:    seeds.Seed002,
		Summary:  "a token circulates around the ring; its holder may enter (seed 002; breaks Order: not first come, first served)",
		New:      newNodes,
		MsgKinds: []string{"token"},
		Listing:  listing(),
	}
}

func newNodes(cfg sim.Config) ([]sim.Node, error) {
	nodes := make([]sim.Node, cfg.N)
	for i := range nodes {
		nodes[i] = &node{id: i, n: cfg.N, token: i == 0}
	}
	return nodes, nil
}

type node struct {
	id, n int
	phase sim.Phase
	token bool
}

func (n *node) next() int { return (n.id + 1) % n.n }

func (n *node) Clone() sim.Node {
	c := *n
	return &c
}

func (n *node) Phase() sim.Phase { return n.phase }

// HoldsToken says whether the token is here (sim.TokenHolder): its holder
// enters at once.
func (n *node) HoldsToken() bool { return n.token }

func (n *node) Request(*sim.Ctx) {
	if n.token {
		n.phase = sim.InCS
		return
	}
	n.phase = sim.Wanting
}

func (n *node) Exit(c *sim.Ctx) {
	n.phase = sim.Idle
	n.pass(c)
}

// pass sends the token to the successor (a single node keeps it).
func (n *node) pass(c *sim.Ctx) {
	if n.n > 1 {
		n.token = false
		c.Send(n.next(), sim.Msg{Kind: Token})
	}
}

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) Receive(_ *sim.Ctx, m sim.Msg) {
	if m.Kind != Token {
		return
	}
	n.token = true
	if n.phase == sim.Wanting {
		n.phase = sim.InCS
	}
}

// Steps offers passing the token on when the node holds it and does not
// want it.
func (n *node) Steps(dst []sim.Step) []sim.Step {
	if n.token && n.phase == sim.Idle && n.n > 1 {
		dst = append(dst, sim.Step{})
	}
	return dst
}

func (n *node) Do(c *sim.Ctx, _ sim.Step) {
	if n.token && n.phase == sim.Idle {
		n.pass(c)
	}
}

func (n *node) StepLabel(sim.Step) string {
	return fmt.Sprintf("pass token to N%d", n.next()+1)
}

func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.phase))
	e.Bool(n.token)
}

func (n *node) Decode(d *sim.Dec) {
	n.phase = sim.Phase(d.Int())
	n.token = d.Bool()
}

func (n *node) Vars() []sim.Var {
	t := "no"
	if n.token {
		t = "yes"
	}
	return []sim.Var{{Name: "phase", Value: n.phase.String()}, {Name: "token", Value: t}}
}
