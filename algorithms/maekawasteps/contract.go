package maekawasteps

import (
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// maxQueue bounds the queue: a correct one never holds more than one
// request per node and run, so anything longer is a runaway handler.
const maxQueue = 64

// check returns why a handler broke its contract (see the package
// comment), or "".
func (n *node) check(op Op, old, v *Vars, out []Msg) string {
	nn := n.At().N
	var changed []string
	mayWrite := writable(op)
	for _, f := range []struct {
		name string
		diff bool
	}{
		{"state", v.State != old.State},
		{"voted", v.Voted != old.Voted},
		{"queue", !slices.Equal(v.Q, old.Q)},
		{"replies", v.Replies != old.Replies},
		{"V", !slices.Equal(v.V, old.V)},
	} {
		if f.diff && !stepwire.Listed(mayWrite, f.name) {
			changed = append(changed, f.name)
		}
	}
	if len(changed) > 0 {
		return fmt.Sprintf("changed %s, but %s may only change %s", strings.Join(changed, " and "), op, strings.ReplaceAll(mayWrite, " ", " and "))
	}
	switch {
	case op == OpEnter && v.State != Wanted:
		return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted", v.State.GoName())
	case op == OpLeave && v.State != Released:
		return fmt.Sprintf("left state = %s, but Leave() sets state = Released", v.State.GoName())
	case op == OpReply && v.State != old.State && !(old.State == Wanted && v.State == Held):
		return fmt.Sprintf("changed state from %s to %s, but a reply can only move Wanted to Held", old.State.GoName(), v.State.GoName())
	case len(v.Q) > maxQueue:
		return fmt.Sprintf("let the queue grow to %d requests (at most one per node is ever pending)", len(v.Q))
	}
	for _, j := range v.Q {
		if j < 0 || j >= nn {
			return fmt.Sprintf("put %d in the queue, which holds node indices 0..%d", j, nn-1)
		}
	}
	kind := sends(op)
	for _, m := range out {
		switch {
		case m.To < 0 || m.To >= nn:
			return fmt.Sprintf("sent a message to node %d, but the nodes are 0..%d", m.To, nn-1)
		case m.Kind != kind && kind < 0:
			return fmt.Sprintf("sent %s, but %s sends nothing", msgText(m), op)
		case m.Kind != kind:
			return fmt.Sprintf("sent %s, but %s sends only %s", msgText(m), op, kindPlural(kind))
		}
	}
	if len(out) > maxSends {
		return fmt.Sprintf("sent %d messages in one handler", len(out))
	}
	return ""
}

// writable lists the variables handler op may change, separated by spaces.
// check runs at every event of a search, so these are switches rather
// than maps: a map literal is built again at each call (a tenth of a
// maekawa grading when they were).
func writable(op Op) string {
	switch op {
	case OpEnter, OpLeave:
		return "state replies"
	case OpRequest, OpRelease:
		return "voted queue"
	case OpReply:
		return "replies state"
	}
	return ""
}

// sends is the kind of message handler op may send, or -1 for none.
func sends(op Op) int {
	switch op {
	case OpEnter:
		return Request
	case OpLeave:
		return Release
	case OpRequest, OpRelease:
		return Reply
	}
	return -1
}

func kindName(k int) string {
	switch k {
	case Request:
		return "request"
	case Reply:
		return "reply"
	case Release:
		return "release"
	}
	return fmt.Sprintf("kind%d", k)
}

// kindPlural is the plural of kind k's name, for "sends only replies"
// (kindName with an s read "replys").
func kindPlural(k int) string {
	if k == Reply {
		return "replies"
	}
	return kindName(k) + "s"
}

func msgText(m Msg) string { return fmt.Sprintf("%s to %s", kindName(m.Kind), name(m.To)) }

// Encode writes the state as the registry's maekawa does (so the
// reference has its states), then voted and whether the node failed.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.V.State))
	e.Int(n.votedFor)
	e.Ints(n.V.Q)
	e.Int(n.V.Replies)
	e.Bool(n.V.Voted)
	n.PutFault(e)
}

// Decode reads what Encode wrote; a failed node's reason is not encoded.
func (n *node) Decode(d *sim.Dec) {
	n.V.State = State(d.Int())
	n.votedFor = d.Int()
	n.V.Q = d.IntsInto(n.V.Q)
	n.V.Replies = d.Int()
	n.V.Voted = d.Bool()
	n.GetFault(d)
}

// Vars shows the node as the registry's maekawa does, plus the fault of a
// failed node.
func (n *node) Vars() []sim.Var {
	voted := "false"
	switch {
	case n.V.Voted && n.votedFor >= 0:
		voted = name(n.votedFor)
	case n.V.Voted:
		voted = "true"
	}
	return n.WithFault([]sim.Var{
		{Name: "state", Value: n.V.State.String()},
		{Name: "voted", Value: voted},
		{Name: "queue", Value: "[" + names(n.V.Q, " ") + "]"},
		{Name: "replies", Value: fmt.Sprintf("%d/%d", n.V.Replies, len(n.V.V))},
		{Name: "V", Value: "{" + names(n.V.V, ",") + "}"},
	})
}
