package ricart

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// waiter is a node of v waiting at P5 with myNum num, deferring defer.
func waiter(v *Variant, id, n, num int, deferred ...int) *node {
	x := &node{v: v, id: id, n: n, main: p5, loop: -1, recv: p10, source: -1, myNum: num, deferred: deferred}
	if v.Flag != NoFlag {
		x.requestCS, x.highestNum = true, num
	}
	return x
}

// Any N: a ring of ties in ra-v1 where each node defers the one before
// it and has every other reply is named as the whole cycle.
func TestStuckRing(t *testing.T) {
	v := &Variant{Choose: true}
	const n = 4
	ns := make([]*node, n)
	for i := range ns {
		ns[i] = waiter(v, i, n, 1, (i+n-1)%n)
		ns[i].replies = n - 2
	}
	got := explainStuck(ns, make([]int, n))
	assert.Equal(t, "Circular wait: "+
		"N1 waits at P5 (replies = 2 of 3) for N2's reply, which N2 deferred at P11 (N1's number 1 is not smaller than N2's myNum 1, and this listing breaks no ties); "+
		"N2 waits at P5 (replies = 2 of 3) for N3's reply, which N3 deferred at P11 (N2's number 1 is not smaller than N3's myNum 1, and this listing breaks no ties); "+
		"N3 waits at P5 (replies = 2 of 3) for N4's reply, which N4 deferred at P11 (N3's number 1 is not smaller than N4's myNum 1, and this listing breaks no ties); "+
		"N4 waits at P5 (replies = 2 of 3) for N1's reply, which N1 deferred at P11 (N4's number 1 is not smaller than N1's myNum 1, and this listing breaks no ties). "+
		"A deferred request is answered only at P7–P9, after the deferring node's CS: none of them can enter, so none will.", got)
}

// A waiting node behind one that waits for an idle node: no cycle, the
// waiting nodes in index order, the idle node's application with no
// enter() call left.
func chain() []*node {
	v := &Variant{Choose: true, TieBreak: true}
	ns := []*node{
		waiter(v, 0, 3, 2),
		waiter(v, 1, 3, 1, 0), // N2 defers N1: 2 is not below its 1
		{v: v, id: 2, n: 3, main: p1, loop: -1, recv: p10, source: -1, deferred: []int{1}},
	}
	ns[0].replies = 1 // N3's
	ns[1].replies = 1 // N1's
	return ns
}

func TestStuckChain(t *testing.T) {
	assert.Equal(t, "N1 waits at P5 (replies = 1 of 2) for N2's reply, which N2 deferred at P11 (N1's number 2 is not smaller than N2's myNum 1); "+
		"N2 waits at P5 (replies = 1 of 2) for N3's reply, which N3 deferred at P11 although idle at P1 (N2's number 1 is not smaller than N3's myNum 0, its initial value). "+
		"A deferred request is answered only at P7–P9, after the deferring node's CS, and N3 is not asking for one (no enter() call left): neither can enter, so neither will.",
		explainStuck(chain(), []int{0, 0, 0}))
	assert.Contains(t, explainStuck(chain(), []int{0, 0, 1}), "and N3 is not asking for one: neither", "N3 could still call enter()")
}

// States the rules do not lead to, or that are no deadlock of the
// listings, get "": the explorer's generic sentence stays.
func TestStuckOnlyForTheListingsDeadlocks(t *testing.T) {
	left := []int{0, 0, 0}
	require.NotEmpty(t, explainStuck(chain(), left))

	ns := chain()
	ns[0].replies = 0 // N1 lacks N3's reply, which nobody holds back
	assert.Empty(t, explainStuck(ns, left))

	ns = chain()
	ns[2].myNum = 5 // an idle N3 that deferred 1 < 5: not what P11 does
	assert.Empty(t, explainStuck(ns, left))

	ns = chain()
	ns[1].main = p4 // N2 can still send
	assert.Empty(t, explainStuck(ns, left))

	ns = chain()
	ns[2].recv, ns[2].source = p11, 0 // N3 can still decide
	assert.Empty(t, explainStuck(ns, left))

	ns = chain()
	ns[2].deferred = []int{0, 1} // N1 deferred by N2 and N3, yet N3's reply counted
	assert.Empty(t, explainStuck(ns, left))

	// Ben-Ari: an idle node (requestCS false) defers nobody, and a node
	// whose number and flag change together compares with the number it
	// has.
	v := &Variant{TieBreak: true, Highest: true, Flag: FlagAtomic}
	ns = []*node{waiter(v, 0, 2, 1), waiter(v, 1, 2, 2, 0)}
	assert.Empty(t, explainStuck(ns, []int{0, 0}), "N2 deferred 1 < 2 with requestCS true")
	ns = []*node{waiter(v, 0, 2, 1), {v: v, id: 1, n: 2, main: p1, loop: -1, recv: p10, source: -1, deferred: []int{0}}}
	assert.Empty(t, explainStuck(ns, []int{0, 0}))

	// ra-benari-flagfirst may defer between P2a and P2b.
	v = &Variant{TieBreak: true, Highest: true, Flag: FlagFirst}
	ns = []*node{waiter(v, 0, 2, 1, 1), waiter(v, 1, 2, 2, 0)}
	assert.Contains(t, explainStuck(ns, []int{0, 0}), "which N2 deferred at P12 between its P2a and P2b")

	assert.Empty(t, explainStuck([]*node{{v: v, id: 0, n: 1, main: p1, loop: -1, recv: p10, source: -1}}, []int{0}), "nobody waits")
}
