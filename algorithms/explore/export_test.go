package explore

// OneByOne is c expanding one state at a time, never ahead (see ahead).
func OneByOne(c Config) Config {
	c.oneByOne = true
	return c
}

// NoAmple is c without persistent sets: with sleep sets where they
// apply, on an algorithm that would otherwise be reduced.
func NoAmple(c Config) Config {
	c.noAmple = true
	return c
}

// Reached runs c's search alone (without the second, full search Check
// makes after a violation), with sleep sets where they apply and without
// persistent sets when sleep is set, with neither otherwise, and returns
// every state's encoding with its depth.
func Reached(c Config, sleep bool) (map[string]int, *Result, error) {
	c.noAmple = sleep
	c.noSleep = !sleep
	c.NoReduce = !sleep
	c.Opts.Order = c.wants(Order)
	s, err := newSearch(c)
	if err != nil {
		return nil, nil, err
	}
	s.bfs()
	out := map[string]int{}
	var ids []uint32
	for i := 0; i < s.st.len(); i++ {
		ids = s.st.ids(ids[:0], i)
		var key []byte
		for _, id := range ids {
			b := s.st.parts.get(int(id))
			key = append(append(key, byte(len(b)), byte(len(b)>>8)), b...)
		}
		out[string(key)] = s.depth(i)
	}
	r, err := s.result()
	return out, r, err
}

// Lanes is c with workers lanes expanding ahead (see Config.Fork), their
// runs expanded one after another, the last lane's first: what the lanes
// do may not depend on which runs first. Each fork adds one to *forks.
func Lanes(c Config, workers int, forks *int) Config {
	c.Workers = workers
	c.Fork = func(n int, f func(int)) {
		*forks++
		for i := n - 1; i >= 0; i-- {
			f(i)
		}
	}
	return c
}
