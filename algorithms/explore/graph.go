package explore

// reducedAcyclic reports whether the states expanded by the reduction
// induce an acyclic subgraph, i.e. every cycle contains a fully expanded
// state; stopped says Config.Stop ended the check before it knew.
func (s *search) reducedAcyclic() (ok, stopped bool) {
	if ok, stopped = s.graphAcyclic(); ok || stopped {
		return ok, stopped
	}
	return s.acyclic(func(i int) bool { return s.reduced.at(i) })
}

// graphAcyclic reports whether the explored graph has no cycle at all
// (computed once); stopped says Config.Stop ended the check before it
// knew.
func (s *search) graphAcyclic() (ok, stopped bool) {
	if s.dag == 0 {
		ok, stopped := s.acyclic(func(int) bool { return true })
		if stopped {
			return false, true
		}
		s.dag = 2
		if ok {
			s.dag = 1
		}
	}
	return s.dag == 1, false
}

// acyclic reports whether the subgraph induced by the expanded states
// satisfying in has no cycle (Kahn's algorithm). It goes through every
// state and edge twice, seconds for tens of millions of states, so it
// asks Config.Stop every stopEvery states as the search does; stopped
// says Stop ended it before it knew.
func (s *search) acyclic(in func(int) bool) (ok, stopped bool) {
	stop := s.cfg.Stop
	n := s.expanded
	indeg := s.scratchInts(0, n)
	clear(indeg)
	for u := 0; u < n; u++ {
		if stop != nil && u%stopEvery == stopEvery-1 && stop() {
			return false, true
		}
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
		if stop != nil && seen%stopEvery == stopEvery-1 && stop() {
			return false, true
		}
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
	return seen == total, false
}

// scratchInts returns the search's reusable array k (0 or 1) of n
// numbers (its contents are left over from the last use).
func (s *search) scratchInts(k, n int) []int32 {
	if cap(s.ints[k]) < n {
		s.ints[k] = make([]int32, n)
	}
	return s.ints[k][:n]
}
