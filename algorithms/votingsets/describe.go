package votingsets

// Stats are the figures seed 003 names for a list of voting sets: the
// sizes K = |V_i| and the counts M (how many sets each process is in),
// each as its smallest and largest value (equal when the bonus conditions
// hold), and the result of Check.
type Stats struct {
	N          int
	MinK, MaxK int
	MinM, MaxM int
	Problems   Problems
}

// Describe computes Stats for sets (0-based, one per process). Members
// outside 0..N-1 count towards K but towards no process's M.
func Describe(sets [][]int) Stats {
	st := Stats{N: len(sets), Problems: Check(sets)}
	if len(sets) == 0 {
		return st
	}
	counts := make([]int, len(sets))
	for i, v := range sets {
		k := len(v)
		if i == 0 || k < st.MinK {
			st.MinK = k
		}
		if i == 0 || k > st.MaxK {
			st.MaxK = k
		}
		seen := map[int]bool{}
		for _, p := range v {
			if p >= 0 && p < len(sets) && !seen[p] {
				seen[p] = true
				counts[p]++
			}
		}
	}
	st.MinM, st.MaxM = counts[0], counts[0]
	for _, m := range counts {
		st.MinM, st.MaxM = min(st.MinM, m), max(st.MaxM, m)
	}
	return st
}
