package rasteps

import (
	"fmt"
	"strings"

	"dmelab/algorithms/internal/stepwire"
	"dmelab/algorithms/sim"
)

// call runs the student's step op on node n (which must be the node
// itself or a clone of it, for a label) and checks the step contract (see
// the package comment): it returns what the step sent and P7's choice, or
// ok is false and n failed.
func (n *node) call(c *sim.Ctx, op Op, arg int) (out []Msg, ret int, ok bool) {
	return n.Call(c, int(op), arg, 0, func(old, v *Vars, out []Msg, ret int) string { return n.check(op, arg, old, v, out, ret) })
}

// check returns why the step broke its contract, or "".
func (n *node) check(op Op, arg int, old, v *Vars, out []Msg, ret int) string {
	l := n.l
	mayWrite := l.mayWrite(op) // never source or requestedNum: P10's
	var changed []string
	for _, f := range []struct {
		name string
		diff bool
	}{
		{"source", v.Source != old.Source},
		{"requestedNum", v.RequestedNum != old.RequestedNum},
		{"myNum", v.MyNum != old.MyNum},
		{"highestNum", v.HighestNum != old.HighestNum},
		{"requestCS", v.RequestCS != old.RequestCS},
		{"deferred", v.Deferred != old.Deferred},
	} {
		if f.diff && !stepwire.Listed(mayWrite, f.name) {
			changed = append(changed, f.name)
		}
	}
	if len(changed) > 0 {
		may := "changes no variable"
		if mayWrite != "" {
			may = "may only change " + strings.ReplaceAll(mayWrite, " ", " and ")
		}
		return fmt.Sprintf("changed %s, but %s %s", strings.Join(changed, " and "), l.opName(op), may)
	}
	switch op {
	case OpP8:
		if want := old.Deferred &^ (1 << arg); v.Deferred != want {
			return fmt.Sprintf("left deferred = %s, but P8 removes exactly %s from %s", v.Deferred, name(arg), old.Deferred)
		}
	case OpP12:
		if v.Deferred != old.Deferred && v.Deferred != old.Deferred|1<<old.Source {
			return fmt.Sprintf("changed deferred from %s to %s, but %s may only add source = %s", old.Deferred, v.Deferred, l.opName(op), name(old.Source))
		}
	case OpP7:
		if ret != -1 && !old.Deferred.Has(ret) {
			return fmt.Sprintf("returned %d, but P7 returns a node in deferred = %s (0-based) or -1 when the loop is done", ret, old.Deferred)
		}
	}
	return checkSends(l, op, arg, old, out, n.At().N)
}

// checkSends checks the messages a step sent in a system of nodes nodes:
// P4 at most one request to N, P9 at most one reply to N, P12 at most one
// reply to source, the others nothing.
func checkSends(l Listing, op Op, arg int, old *Vars, out []Msg, nodes int) string {
	kind, to := -1, -1
	switch op {
	case OpP4:
		kind, to = Request, arg
	case OpP9:
		kind, to = Reply, arg
	case OpP12:
		kind, to = Reply, old.Source
	}
	if kind < 0 {
		if len(out) > 0 {
			return fmt.Sprintf("sent %s, but %s sends nothing", msgText(out[0], nodes), l.opName(op))
		}
		return ""
	}
	if len(out) > 1 {
		return fmt.Sprintf("sent %d messages, but %s sends at most one", len(out), l.opName(op))
	}
	if len(out) == 1 && (out[0].Kind != kind || out[0].To != to) {
		return fmt.Sprintf("sent %s, but %s sends only %s", msgText(out[0], nodes), l.opName(op), wantText(kind, to))
	}
	return ""
}

// msgText is message m as the listing writes a send, in a system of nodes
// nodes. A receiver outside the system is "node 5", not "N6": a node name
// would read as a node the student could look for.
func msgText(m Msg, nodes int) string {
	to := fmt.Sprintf("node %d", m.To)
	if m.To >= 0 && m.To < nodes {
		to = name(m.To)
	}
	switch m.Kind {
	case Request:
		return fmt.Sprintf("send(request,%s,myID,%d)", to, m.Num)
	case Reply:
		return fmt.Sprintf("send(reply,%s,myID)", to)
	}
	return fmt.Sprintf("a message of kind %d to %s", m.Kind, to)
}

// wantText is the send a step makes, as its line writes it: a request
// carries myNum (the number is the variable's, not one the step chose;
// the contract leaves checking it to the schedules and conformance).
func wantText(kind, to int) string {
	if kind == Request {
		return fmt.Sprintf("send(request,%s,myID,myNum)", name(to))
	}
	return fmt.Sprintf("send(reply,%s,myID)", name(to))
}
