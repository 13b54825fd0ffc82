package lamport

import (
	"strconv"
	"strings"

	"dmelab/algorithms/sim"
)

// stuck is sim.Algorithm.Stuck: why the waiting nodes of a deadlock
// never meet rule 3 (written without fmt, whose printer would otherwise
// come into every student module built with this package). Only channels that do not keep order deadlock this
// algorithm: rules 4 and 5 overwrite q[j] with whatever arrived last, so a
// stale message from j that arrives after a newer one (a Request overtaken
// by its own Release) stays in q[j] for good once j has nothing more to
// send. With nothing in flight (a deadlock has nothing in flight: every
// message can be received) each waiting node is kept out by the first slot
// of q that fails rule 3 (as the playground's explanation picks it):
//
//   - 3a, an earlier Request of a node that still waits with it: the node
//     waits behind that one, which waits itself;
//   - 3a, an earlier Request its sender no longer holds in its own q: the
//     sender has released it since, and its Release, sent after it, arrived
//     first;
//   - 3b, a Reply or Release older than the node's request: the sender got
//     the request (nothing is in flight) and everything it sent after that
//     is later, so this old message arrived after a newer one.
//
// Any other state (a message in flight, a crash, a node in the CS, a slot
// that fits none of these) gets "": the explorer's generic sentence stays.
func stuck(w *sim.World) string {
	if w.Crashed != 0 || len(w.Net) > 0 || w.Failed() != 0 {
		return ""
	}
	ns := make([]*node, len(w.Nodes))
	for i, x := range w.Nodes {
		n, ok := x.(*node)
		if !ok || n.id != i || len(n.q) != len(w.Nodes) || n.phase == sim.InCS {
			return ""
		}
		ns[i] = n
	}
	var parts []string
	for _, n := range ns {
		if n.phase != sim.Wanting {
			continue
		}
		s, ok := n.stuckOn(ns)
		if !ok {
			return ""
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, " ")
}

// stuckOn says why waiting node n does not enter, in one sentence.
func (n *node) stuckOn(ns []*node) (string, bool) {
	me, mine := nodeName(n.id), n.q[n.id]
	if mine.kind != Request {
		return "", false
	}
	for j, x := range n.q {
		if j == n.id || x.kind != Request || !n.earlier(j, n.id) {
			continue
		}
		// 3a
		src, own := nodeName(j), ns[j].q[j]
		if ns[j].phase == sim.Wanting && own == x {
			return me + " waits (rule 3a) behind " + src + "'s earlier request (T=" + strconv.Itoa(x.t) + "), and " + src + " cannot enter either.", true
		}
		if own.kind == Request && own.t == x.t {
			return "", false
		}
		then := "idle: it sends " + me + " nothing more unless it calls enter() again"
		if ns[j].phase == sim.Wanting {
			then = "waiting itself: it sends " + me + " nothing more"
		}
		return me + " waits (rule 3a) behind the request (T=" + strconv.Itoa(x.t) + ") in its q[" + src + "], which is stale: " +
			src + " has released it since (" + src + "'s own q[" + src + "] holds " + kindName(own.kind, true) + "@" + strconv.Itoa(own.t) + "), " +
			"but that release reached " + me + " first and the request, arriving after it, replaced it (rule 2); " +
			"only a newer message from " + src + " would replace it, and " + src + " is " + then + ".", true
	}
	for j, x := range n.q {
		if j == n.id || n.earlier(n.id, j) {
			continue
		}
		// 3b: a Reply or Release (an earlier Request was 3a's)
		if x.kind == Request {
			return "", false
		}
		src := nodeName(j)
		rule := "4"
		if x.kind == Reply {
			rule = "5"
		}
		return me + " waits (rule 3b) for a message from " + src + " later than its request (T=" + strconv.Itoa(mine.t) + "), but q[" + src + "] holds " +
			kindName(x.kind, true) + "@" + strconv.Itoa(x.t) + ": " + src + " has received the request and everything it sent after that is later, " +
			"so this older message arrived after a newer one and replaced it (rule " + rule + ").", true
	}
	return "", false
}

// nodeName is name without fmt.
func nodeName(i int) string { return "N" + strconv.Itoa(i+1) }
