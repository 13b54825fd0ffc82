package explore

// reducedAcyclic reports whether the states expanded by the reduction
// induce an acyclic subgraph, i.e. every cycle contains a fully expanded
// state.
func (s *search) reducedAcyclic() bool {
	return s.graphAcyclic() || s.acyclic(func(i int) bool { return s.reduced.at(i) })
}

// graphAcyclic reports whether the explored graph has no cycle at all
// (computed once).
func (s *search) graphAcyclic() bool {
	if s.dag == 0 {
		s.dag = 2
		if s.acyclic(func(int) bool { return true }) {
			s.dag = 1
		}
	}
	return s.dag == 1
}

// acyclic reports whether the subgraph induced by the expanded states
// satisfying in has no cycle (Kahn's algorithm).
func (s *search) acyclic(in func(int) bool) bool {
	n := s.expanded
	indeg := s.scratchInts(0, n)
	clear(indeg)
	for u := 0; u < n; u++ {
		if !in(u) {
			continue
		}
		for _, e := range s.succ(u) {
			if v := int(e); v < n && in(v) {
				indeg[v]++
			}
		}
	}
	var queue []int
	total := 0
	for u := 0; u < n; u++ {
		if in(u) {
			total++
			if indeg[u] == 0 {
				queue = append(queue, u)
			}
		}
	}
	seen := 0
	for len(queue) > 0 {
		u := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		seen++
		for _, e := range s.succ(u) {
			if v := int(e); v < n && in(v) {
				indeg[v]--
				if indeg[v] == 0 {
					queue = append(queue, v)
				}
			}
		}
	}
	return seen == total
}

// scratchInts returns the search's reusable array k (0 or 1) of n
// numbers (its contents are left over from the last use).
func (s *search) scratchInts(k, n int) []int32 {
	if cap(s.ints[k]) < n {
		s.ints[k] = make([]int32, n)
	}
	return s.ints[k][:n]
}
