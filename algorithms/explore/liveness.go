package explore

import (
	"maps"
	"sort"
)

// liveness looks for starvation: for each node v, the strongly connected
// components of the graph restricted to states where v waits. A component
// with a cycle in it is a fair way for v to wait forever if every fairness
// class that is enabled in all of its states is also taken on some edge
// inside it: then the cycle that walks every edge of the component is fair.
// (Under weak fairness that test is exact: if some class is enabled
// throughout and never taken inside, no cycle of the component is fair.)
// Of all such components, the one closest to the initial state gives the
// counterexample.
//
// The check is bounded like the search: it reports progress and asks
// Config.Stop as it goes through states (see tick). Stopped, it ends
// there; a fair cycle already found is a true violation and is kept (it
// may then not be the closest one), and otherwise liveness stays unknown.
func (s *search) liveness() {
	if _, ok := s.found[Liveness]; ok {
		return
	}
	acyclic, stopped := s.graphAcyclic()
	if acyclic {
		return // no cycle, so no one can starve on one
	}
	if stopped {
		s.lv.stopped = true // every loop below is left at once
	}
	n := s.expanded
	var best *violation
	// A stopped check leaves every loop: sccs and fairLoop return nil.
	for v := 0; v < s.cfg.Sim.N && !s.lv.stopped; v++ {
		bit := uint32(1) << v
		any := false
		for i := 0; i < n; i++ {
			if s.wait.at(i)&bit != 0 && !s.bad.at(i) {
				any = true
				break
			}
		}
		if !any {
			continue
		}
		in := func(i int) bool { return i < n && s.wait.at(i)&bit != 0 && !s.bad.at(i) }
		// The counterexample starts at the first state of its component,
		// so components are tried closest first, and none that starts no
		// closer than the best so far (an earlier node wins a tie): the
		// fair-cycle test expands every state of a component, and the
		// components left out can be most of the graph.
		s.lv.node = v
		comps := s.sccs(in)
		sort.Slice(comps, func(a, b int) bool { return comps[a][0] < comps[b][0] })
		for _, comp := range comps {
			if best != nil && comp[0] >= best.state || s.lv.stopped {
				break
			}
			if loop, classes := s.fairLoop(comp, in); loop != nil {
				best = &violation{kind: "starvation", state: loop[0], victim: v, loop: loop, loopClass: classes}
				break
			}
		}
	}
	if best != nil {
		s.note(Liveness, best)
	}
	if s.lv.stopped && s.complete {
		// The search's own verdicts stand; liveness is left unknown.
		s.complete, s.lv.cut, s.bound = false, true, BoundStopped
	}
}

// sccs returns the components (as sorted state lists) of the subgraph
// induced by in that contain at least one edge, using an iterative Tarjan
// (nil once the check is stopped).
//
// Its two arrays of a number per state are the search's, reused for every
// node's components: on tens of millions of states they are the largest
// thing liveness needs. A state is on Tarjan's stack when it has an index
// and its low is not yet done (set once its component is popped).
func (s *search) sccs(in func(int) bool) [][]int {
	n := s.expanded
	const done = -1
	index, low := s.scratchInts(0, n), s.scratchInts(1, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	type frame struct{ v, e int }
	var calls []frame
	var out [][]int
	next := int32(0)
	for root := 0; root < n; root++ {
		if !in(root) || index[root] >= 0 {
			continue
		}
		if s.tick() {
			return nil
		}
		calls = append(calls[:0], frame{root, 0})
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			es := s.succ(f.v)
			pushed := false
			for f.e < len(es) {
				t := int(es[f.e])
				f.e++
				if !in(t) {
					continue
				}
				if index[t] < 0 {
					if s.tick() {
						return nil
					}
					index[t], low[t] = next, next
					next++
					stack = append(stack, t)
					calls = append(calls, frame{t, 0})
					pushed = true
					break
				}
				if low[t] != done && index[t] < low[f.v] {
					low[f.v] = index[t]
				}
			}
			if pushed {
				continue
			}
			v := f.v
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].v
				if low[v] < low[p] {
					low[p] = low[v]
				}
			}
			if low[v] == index[v] {
				var comp []int
				for {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					low[x] = done
					comp = append(comp, x)
					if x == v {
						break
					}
				}
				if len(comp) > 1 || s.selfLoop(v) {
					sort.Ints(comp)
					out = append(out, comp)
				}
			}
		}
	}
	return out
}

func (s *search) selfLoop(v int) bool {
	for _, e := range s.succ(v) {
		if int(e) == v {
			return true
		}
	}
	return false
}

// fullEdge is an enabled event of a state with its fairness class and the
// index of its successor (-1 if the search never stored it).
type fullEdge struct {
	to    int
	class uint32
}

// expandFull lists every event enabled in state x (not only the reduced
// graph's edges) with its class and successor (-1 if not stored). It
// computes successors as the search does (scratch, with the parts only
// looked up), on one world kept for the search: a component can hold
// most of the states (a ring's token goes round for ever), and a world
// built and cloned per state made the liveness check most of the search.
func (s *search) expandFull(x int) []fullEdge {
	if s.full == nil {
		w, _ := initial(s.cfg)
		s.fullW, s.full = w, newScratch(w, s.st, s.cfg.Replay)
		s.full.lookup = true
	}
	w, sc := s.fullW, s.full
	if err := sc.load(w, x); err != nil {
		panic("explore: stored state does not decode: " + err.Error())
	}
	var out []fullEdge
	s.fullEvs = w.Events(s.fullEvs[:0])
	for _, e := range s.fullEvs {
		sc.apply(w, e)
		to := -1
		if sc.known {
			to = s.st.lookup(sc.succ)
		}
		out = append(out, fullEdge{to, s.class(e)})
	}
	return out
}

// fairLoop returns a fair cycle through comp, starting and ending at its
// first (closest) state, with the class of each of its edges (see
// buildFairLoop), or nil if comp admits none (or the check was stopped). A cycle may use any
// real transition between stored states of comp, also one the reduction
// did not take.
func (s *search) fairLoop(comp []int, in func(int) bool) ([]int, []uint32) {
	member := make(map[int]bool, len(comp))
	for _, x := range comp {
		member[x] = true
	}
	full := make(map[int][]fullEdge, len(comp))
	for _, x := range comp {
		if s.tick() {
			return nil, nil
		}
		full[x] = s.expandFull(x)
	}
	// Classes enabled in every state of comp.
	var required map[uint32]bool
	here := map[uint32]bool{} // reused: a component can hold most states
	for i, x := range comp {
		clear(here)
		for _, e := range full[x] {
			if e.class != 0 {
				here[e.class] = true
			}
		}
		if i == 0 {
			required = maps.Clone(here)
			continue
		}
		for c := range required {
			if !here[c] {
				delete(required, c)
			}
		}
	}
	// Each must be taken on an edge inside comp.
	taken := map[uint32]bool{}
	for _, x := range comp {
		for _, e := range full[x] {
			if member[e.to] {
				taken[e.class] = true
			}
		}
	}
	for c := range required {
		if !taken[c] {
			return nil, nil
		}
	}
	return s.buildFairLoop(comp[0], member, full)
}

// buildFairLoop builds a cycle from start through comp (member) that is
// fair: every class enabled in all of the cycle's states is taken on one
// of its edges. It starts with the empty cycle and, while some class c is
// enabled throughout and never taken, walks to the nearest state that
// either has an edge of class c inside comp (and takes it) or leaves c
// disabled; then it walks back to start. Each detour settles c for good
// (more states only shrink the always-enabled set, more edges only grow
// the taken one), and one always exists when comp passed fairLoop's test:
// a class enabled in every state of comp is taken inside it, and any
// other is disabled somewhere in it.
//
// Two events of different classes can lead to the same state, so a cycle
// of states does not say which was taken: classes[k] is the class of the
// edge into loop[k] (classes[0] unused), and the trace prints an event of
// that class.
func (s *search) buildFairLoop(start int, member map[int]bool, full map[int][]fullEdge) ([]int, []uint32) {
	next := func(x int) []int {
		var t []int
		for _, e := range full[x] {
			if member[e.to] {
				t = append(t, e.to)
			}
		}
		return t
	}
	enabled := func(x int, c uint32) bool {
		for _, e := range full[x] {
			if e.class == c {
				return true
			}
		}
		return false
	}
	edgeOf := func(x int, c uint32) (int, bool) {
		for _, e := range full[x] {
			if e.class == c && member[e.to] {
				return e.to, true
			}
		}
		return 0, false
	}
	loop := []int{start}
	classes := []uint32{0}
	taken := map[uint32]bool{}
	step := func(to int, c uint32) {
		loop = append(loop, to)
		classes = append(classes, c)
		taken[c] = true
	}
	// walk appends path (which starts at the loop's last state), each
	// edge by the first event of x that leads to y.
	walk := func(path []int) {
		for k := 1; k < len(path); k++ {
			for _, e := range full[path[k-1]] {
				if e.to == path[k] {
					step(e.to, e.class)
					break
				}
			}
		}
	}
	// unfair finds a class enabled all along the loop and not taken on
	// it, the first in the order of the start state's events (not of the
	// classes' ids, which say only in what order the liveness check
	// happened to meet them).
	unfair := func() (uint32, bool) {
		for _, e := range full[loop[0]] {
			c := e.class
			if c == 0 || taken[c] {
				continue
			}
			always := true
			for _, x := range loop[1:] {
				if !enabled(x, c) {
					always = false
					break
				}
			}
			if always {
				return c, true
			}
		}
		return 0, false
	}
	for {
		c, ok := unfair()
		if !ok {
			break
		}
		at := loop[len(loop)-1]
		walk(pathTo(at, next, func(x int) bool {
			_, has := edgeOf(x, c)
			return has || !enabled(x, c)
		}))
		at = loop[len(loop)-1]
		if to, has := edgeOf(at, c); has {
			step(to, c)
		}
	}
	if len(loop) == 1 {
		// Nothing fair-relevant is enabled: any edge inside comp will do.
		if t := next(start); len(t) > 0 {
			walk([]int{start, t[0]})
		}
	}
	walk(pathTo(loop[len(loop)-1], next, func(x int) bool { return x == start }))
	return loop, classes
}

// pathTo is a breadth-first path along next from a to the nearest state
// satisfying goal (a itself if it does).
func pathTo(a int, next func(int) []int, goal func(int) bool) []int {
	prev := map[int]int{a: a}
	q := []int{a}
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		if goal(x) && (x != a || len(prev) > 0) {
			var p []int
			for y := x; ; y = prev[y] {
				p = append(p, y)
				if y == a {
					break
				}
			}
			for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
				p[i], p[j] = p[j], p[i]
			}
			return p
		}
		for _, t := range next(x) {
			if _, seen := prev[t]; !seen {
				prev[t] = x
				q = append(q, t)
			}
		}
	}
	return []int{a}
}

// livenessRun is where the liveness check is, for its progress reports
// and its stop.
type livenessRun struct {
	node    int  // the node whose waiting states are being gone through
	checked int  // states gone through so far (for all nodes)
	stopped bool // Config.Stop said so
	cut     bool // and the search before it was complete (Result.LivenessStopped)
}

// tick counts one state gone through by the liveness check (a state of
// a component found, or expanded again by the fair-cycle test). As the
// search does, it reports progress every Config.ProgressEvery states and
// asks Config.Stop every stopEvery; it reports whether the check must
// end. Progress may also end it the way it ends a search, by panicking
// (the grader's budget, the playground's Stop button).
func (s *search) tick() bool {
	if s.lv.stopped {
		return true
	}
	s.lv.checked++
	c := s.cfg
	if c.Progress != nil && s.lv.checked%c.progressEvery() == 0 {
		c.Progress(Progress{States: s.st.len(), Transitions: s.transitions, Depth: s.maxDepth, Liveness: true, Node: s.lv.node, Checked: s.lv.checked})
	}
	if c.Stop != nil && s.lv.checked%stopEvery == 0 && c.Stop() {
		s.lv.stopped = true
	}
	return s.lv.stopped
}
