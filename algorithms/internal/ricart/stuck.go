package ricart

import (
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/internal/waitfor"
	"dmelab/algorithms/sim"
)

// stuck is every variant's sim.Algorithm.Stuck: who waits at P5 for whose
// reply, why that node deferred the request, and why it will never send
// the reply. The reply to a deferred request is sent only at P7–P9, after
// the deferring node's own CS, so a node that waits at P5 for a node that
// itself waits at P5, or that is idle at P1, waits for ever.
//
// A deadlock of these listings is a state with no message in flight (a
// reply can always be counted, and a request is taken as soon as receive
// is back at P10, which it always comes back to), receive at P10 in every
// node, and main at P1 or waiting at P5 with replies < N-1 (every other
// step of main is enabled, and the CS ends with the application's exit(),
// which must happen). In such a state every request of a node at P5 has
// been received, so each node it lacks a reply from holds it in deferred:
// stuck checks that (replies plus the nodes deferring it make N-1) and
// returns "" for any state that is not of this kind, or that the rules
// cannot reach, or where a node crashed or failed.
//
// What the state does not say is when a request was deferred, so the
// comparison given is P11's (P12's) with the numbers as they are now, the
// requester's number being the one its request carried (myNum is only
// written at P2, before the requests go out). Where that comparison would
// reply, the request must have been deferred with an older myNum, and the
// text says so: before the node's P2 in seed 000's listings, between P2a
// and P2b in ra-benari-flagfirst (requestCS already true, myNum not yet
// raised). A node at P1 cannot have changed its myNum since it deferred (a
// P2 would have led through P7, which empties deferred), so its comparison
// is the one it made.
func stuck(w *sim.World) string {
	if w.Crashed != 0 || len(w.Net) > 0 || w.Failed() != 0 {
		return ""
	}
	ns := make([]*node, len(w.Nodes))
	for i, x := range w.Nodes {
		n, ok := x.(*node)
		if !ok {
			return ""
		}
		ns[i] = n
	}
	left := make([]int, len(ns))
	for i := range left {
		if i < len(w.App) {
			left[i] = w.App[i].Left
		}
	}
	return explainStuck(ns, left)
}

// explainStuck is stuck on the nodes themselves; left[i] is how many
// enter() calls node i's application still has.
func explainStuck(ns []*node, left []int) string {
	n := len(ns)
	waiting := make([]bool, n)
	var who []int // the waiting nodes, ascending
	for i, x := range ns {
		if x.id != i || x.recv != p10 || x.source >= 0 {
			return ""
		}
		switch x.main {
		case p1:
		case p5:
			if x.replies >= n-1 || x.v.Flag != NoFlag && !x.requestCS {
				return ""
			}
			waiting[i] = true
			who = append(who, i)
		default:
			return ""
		}
	}
	if len(who) == 0 {
		return ""
	}
	// by[i]: the nodes that hold i in deferred, ascending.
	by := make([][]int, n)
	for j, x := range ns {
		for _, i := range x.deferred {
			if i < 0 || i >= n || i == j || !waiting[i] {
				return "" // only a request of a node at P5 can be deferred
			}
			if x.main == p1 && x.v.Flag != NoFlag {
				return "" // requestCS false defers nothing, and P6a–P7 empty deferred
			}
			by[i] = append(by[i], j)
		}
	}
	for _, i := range who {
		if len(by[i])+ns[i].replies != n-1 {
			return "" // a reply counted twice, or a request never received
		}
		slices.Sort(by[i])
	}
	// next[i]: the waiting nodes that deferred waiting node i.
	next := make([][]int, n)
	var idle []int // the idle nodes that defer someone, ascending
	for j, x := range ns {
		if x.main == p1 && len(x.deferred) > 0 {
			idle = append(idle, j)
		}
	}
	for _, i := range who {
		for _, j := range by[i] {
			if waiting[j] {
				next[i] = append(next[i], j)
			}
			if _, ok := ns[j].why(ns[i]); !ok {
				return ""
			}
		}
	}

	var b strings.Builder
	cycle := waitfor.ShortestCycle(next)
	on := make([]bool, n)
	for _, i := range cycle {
		on[i] = true
	}
	switch len(cycle) {
	case 0:
	case 2:
		b.WriteString(name(cycle[0]) + " and " + name(cycle[1]) + " wait for each other: ")
	default:
		b.WriteString("Circular wait: ")
	}
	for k, i := range cycle {
		if k > 0 {
			b.WriteString("; ")
		}
		b.WriteString(waits(ns, by, i))
	}
	if len(cycle) > 0 {
		b.WriteString(".")
	}
	first := true
	for _, i := range who {
		if on[i] {
			continue
		}
		switch {
		case len(cycle) > 0:
			b.WriteString(" " + name(i) + " waits too:" + strings.TrimPrefix(waits(ns, by, i), name(i)+" waits") + ".")
		case first:
			b.WriteString(waits(ns, by, i))
		default:
			b.WriteString("; " + waits(ns, by, i))
		}
		first = false
	}
	if len(cycle) == 0 {
		b.WriteString(".")
	}

	b.WriteString(" A deferred request is answered only at P7–P9, after the deferring node's CS")
	if len(idle) > 0 {
		names := make([]string, len(idle))
		none := true // no idle application has an enter() call left
		for k, j := range idle {
			names[k] = name(j)
			none = none && j < len(left) && left[j] == 0
		}
		verb := "is"
		if len(idle) > 1 {
			verb = "are"
		}
		b.WriteString(", and " + waitfor.List(names) + " " + verb + " not asking for one")
		if none {
			b.WriteString(" (no enter() call left)")
		}
	}
	switch len(who) {
	case 1:
		b.WriteString(": " + name(who[0]) + " waits forever.")
	case 2:
		b.WriteString(": neither can enter, so neither will.")
	default:
		b.WriteString(": none of them can enter, so none will.")
	}
	return b.String()
}

// waits says what waiting node i waits for: "N1 waits at P5 for N2's
// reply, which N2 deferred at P11 (...), and N3's, which ...".
func waits(ns []*node, by [][]int, i int) string {
	x := ns[i]
	s := name(i) + " waits at P5"
	if x.replies > 0 {
		s += fmt.Sprintf(" (replies = %d of %d)", x.replies, len(ns)-1)
	}
	for k, j := range by[i] {
		why, _ := ns[j].why(x)
		switch {
		case k == 0:
			s += " for " + name(j) + "'s reply, which " + why
		case k == len(by[i])-1:
			s += ", and for " + name(j) + "'s, which " + why
		default:
			s += ", for " + name(j) + "'s, which " + why
		}
	}
	return s
}

// why says why node j (the receiver) holds requester r in deferred, as the
// end of "N2's reply, which ...": "N2 deferred at P11 (N1's number 1 is
// not smaller than N2's myNum 1, and this listing breaks no ties)". ok is
// false when no run of the variant leaves the two nodes so.
func (j *node) why(r *node) (string, bool) {
	me, src := name(j.id), name(r.id)
	at := j.decideLabel()
	rn, m := r.myNum, j.myNum
	beats := rn < m || rn == m && j.v.TieBreak && r.id < j.id
	if beats {
		// The comparison as it stands would reply: the request was
		// deferred with the myNum j had before its latest number.
		switch {
		case j.main != p5:
			return "", false // an idle node's myNum is the one it compared with
		case j.v.Flag == NoFlag:
			return fmt.Sprintf("%s deferred at %s before its own P2, with an older myNum (its myNum now, %d, would let %s's %d through)", me, at, m, src, rn), true
		case j.v.Flag == FlagFirst:
			return fmt.Sprintf("%s deferred at %s between its P2a and P2b, requestCS already true but myNum not yet raised (its myNum now, %d, would let %s's %d through)", me, at, m, src, rn), true
		}
		return "", false // requestCS and myNum change together, or myNum first
	}
	mine := fmt.Sprintf("%s's myNum %d", me, m)
	if j.main == p1 {
		mine += ", its initial value"
		if m != 0 {
			mine = fmt.Sprintf("%s's myNum %d, left from its last request", me, m)
		}
	}
	var cmp string
	switch {
	case rn > m || !j.v.TieBreak:
		cmp = fmt.Sprintf("%s's number %d is not smaller than %s", src, rn, mine)
		if rn == m {
			cmp += ", and this listing breaks no ties"
		}
	default:
		cmp = fmt.Sprintf("%s's number %d equals %s, and %s < %s wins the tie", src, rn, mine, me, src)
	}
	if j.main == p1 {
		return fmt.Sprintf("%s deferred at %s although idle at P1 (%s)", me, at, cmp), true
	}
	if j.v.Flag != NoFlag {
		cmp = "requestCS is true and " + cmp
	}
	return fmt.Sprintf("%s deferred at %s (%s)", me, at, cmp), true
}

// Waiter is what Stuck reads of one node, for an interface that keeps the
// listings' variables in nodes of its own (rasteps, the steps written by a
// student).
type Waiter struct {
	Idle     bool // main at P1
	Waiting  bool // main at P5 (neither: main is elsewhere, no deadlock)
	AtP10    bool // receive at P10: no request taken and not decided yet
	Replies  int  // replies counted since the last P5
	MyNum    int
	Flag     bool  // requestCS
	Deferred []int // node indices
	Left     int   // enter() calls its application still has
}

// Stuck is the registry's explanation of a deadlock of v (see stuck) for
// nodes described by ws, node i being ws[i]; "" for a state it does not
// know, which includes every state whose variables the listing's rules
// cannot produce.
func Stuck(v Variant, ws []Waiter) string {
	ns := make([]*node, len(ws))
	left := make([]int, len(ws))
	for i, x := range ws {
		n := &node{v: &v, id: i, n: len(ws), main: p4, loop: -1, recv: p11, source: -1,
			replies: x.Replies, myNum: x.MyNum, requestCS: x.Flag, deferred: slices.Sorted(slices.Values(x.Deferred))}
		switch {
		case x.Idle:
			n.main = p1
		case x.Waiting:
			n.main = p5
		}
		if x.AtP10 {
			n.recv = p10
		}
		ns[i], left[i] = n, x.Left
	}
	return explainStuck(ns, left)
}
