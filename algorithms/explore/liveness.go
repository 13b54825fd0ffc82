package explore

import "sort"

// liveness looks for starvation: for each node v, the strongly connected
// components of the graph restricted to states where v waits. A component
// with a cycle in it is a fair way for v to wait forever if every fairness
// class that is enabled in all of its states is also taken on some edge
// inside it: then the cycle that walks every edge of the component is fair.
// (Under weak fairness that test is exact: if some class is enabled
// throughout and never taken inside, no cycle of the component is fair.)
// Of all such components, the one closest to the initial state gives the
// counterexample.
func (s *search) liveness() {
	if _, ok := s.found[Liveness]; ok {
		return
	}
	if s.acyclic(func(int) bool { return true }) {
		return // no cycle, so no one can starve on one
	}
	n := s.expanded
	var best *violation
	for v := 0; v < s.cfg.Sim.N; v++ {
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
		for _, comp := range s.sccs(in) {
			loop := s.fairLoop(comp, in)
			if loop == nil {
				continue
			}
			if best == nil || loop[0] < best.state {
				best = &violation{kind: "starvation", state: loop[0], victim: v, loop: loop}
			}
		}
	}
	if best != nil {
		s.note(Liveness, best)
	}
}

// sccs returns the components (as sorted state lists) of the subgraph
// induced by in that contain at least one edge, using an iterative Tarjan.
func (s *search) sccs(in func(int) bool) [][]int {
	n := s.expanded
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
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
		calls = append(calls[:0], frame{root, 0})
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			es := s.succ(f.v)
			pushed := false
			for f.e < len(es) {
				t := int(es[f.e] >> 32)
				f.e++
				if !in(t) {
					continue
				}
				if index[t] < 0 {
					index[t], low[t] = next, next
					next++
					stack = append(stack, t)
					onStack[t] = true
					calls = append(calls, frame{t, 0})
					pushed = true
					break
				}
				if onStack[t] && index[t] < low[f.v] {
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
					onStack[x] = false
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
		if int(e>>32) == v {
			return true
		}
	}
	return false
}

// fairLoop returns a fair cycle through comp, starting and ending at its
// first (closest) state, or nil if comp admits none.
func (s *search) fairLoop(comp []int, in func(int) bool) []int {
	member := make(map[int]bool, len(comp))
	for _, x := range comp {
		member[x] = true
	}
	// Classes enabled in every state of comp. States expanded by the
	// reduction show only one event, so they do not narrow the set.
	var required map[uint32]bool
	for _, x := range comp {
		if x < s.reduced.len() && s.reduced.at(x) {
			continue
		}
		here := map[uint32]bool{}
		for _, e := range s.succ(x) {
			if c := uint32(e); c != 0 {
				here[c] = true
			}
		}
		if required == nil {
			required = here
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
		for _, e := range s.succ(x) {
			if member[int(e>>32)] {
				taken[uint32(e)] = true
			}
		}
	}
	var need []uint32
	for c := range required {
		if !taken[c] {
			return nil
		}
		need = append(need, c)
	}
	sort.Slice(need, func(a, b int) bool { return need[a] < need[b] })
	// Build the cycle: from the first state, for each required class walk
	// to an edge of that class and take it, then walk back.
	start := comp[0]
	loop := []int{start}
	at := start
	for _, c := range need {
		path := s.pathTo(at, member, func(x int) bool {
			for _, e := range s.succ(x) {
				if uint32(e) == c && member[int(e>>32)] {
					return true
				}
			}
			return false
		})
		loop = append(loop, path[1:]...)
		at = path[len(path)-1]
		for _, e := range s.succ(at) {
			if uint32(e) == c && member[int(e>>32)] {
				at = int(e >> 32)
				break
			}
		}
		loop = append(loop, at)
	}
	if len(loop) == 1 {
		// No class was required: take any edge inside comp.
		for _, e := range s.succ(start) {
			if member[int(e>>32)] {
				at = int(e >> 32)
				loop = append(loop, at)
				break
			}
		}
	}
	back := s.pathTo(at, member, func(x int) bool { return x == start })
	loop = append(loop, back[1:]...)
	return loop
}

// pathTo is a breadth-first path inside member from a to the nearest state
// satisfying goal (a itself if it does).
func (s *search) pathTo(a int, member map[int]bool, goal func(int) bool) []int {
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
		for _, e := range s.succ(x) {
			t := int(e >> 32)
			if _, seen := prev[t]; !seen && member[t] {
				prev[t] = x
				q = append(q, t)
			}
		}
	}
	return []int{a}
}
