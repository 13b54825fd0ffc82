package main

import (
	"fmt"
	"io"
	"math"
	"slices"

	"dmelab/algorithms/votingsets"
)

// votingAlgos are the algorithms that use voting sets (check --sets).
var votingAlgos = []string{"maekawa", "maekawa-safe"}

// parseSets reads check's --sets: "grid" (seed 003's S×S grid, the
// default), "plane" (a projective plane, for N = 7, 13, 21, 31) or the sets
// themselves, 1-based: "{1,2} {2,3} {3,1}".
func parseSets(s string, n int) ([][]int, error) {
	switch s {
	case "", "grid":
		return nil, nil // the algorithms' default
	case "plane":
		return votingsets.Plane(n)
	}
	sets, err := votingsets.Parse(s)
	if err != nil {
		return nil, err
	}
	if len(sets) != n {
		return nil, fmt.Errorf("%d voting sets for %d nodes", len(sets), n)
	}
	return sets, nil
}

// writeVotingSets prints, for the algorithms that vote, the sets a check
// used, how they were built, which of seed 003's conditions they meet, K,
// M and the messages an entry costs.
func writeVotingSets(w io.Writer, algo string, n int, sets [][]int) {
	if !slices.Contains(votingAlgos, algo) {
		return
	}
	how := "given with --sets"
	switch {
	case sets == nil || slices.EqualFunc(sets, votingsets.Grid(n), slices.Equal[[]int]):
		sets = votingsets.Grid(n)
		s := int(math.Ceil(math.Sqrt(float64(n))))
		how = fmt.Sprintf("seed 003's grid (%d columns; V_p = p's row ∪ p's column)", s)
		if s*s != n {
			how += fmt.Sprintf(", the last row short since N=%d is not a square", n)
		}
	default:
		if plane, err := votingsets.Plane(n); err == nil && slices.EqualFunc(sets, plane, slices.Equal[[]int]) {
			q, _ := votingsets.PlaneOrder(n)
			how = fmt.Sprintf("the projective plane of order %d (N = %d² + %d + 1; V_p = a line through p, each line once)", q, q, q)
		}
	}
	st := votingsets.Describe(sets)
	fmt.Fprintf(w, "\n## voting sets\n\n%s:\n\n", how)
	for i, v := range sets {
		fmt.Fprintf(w, "    V%d = %s\n", i+1, votingsets.FormatSet(v))
	}
	fmt.Fprintln(w)
	bad := map[votingsets.Condition][]votingsets.Problem{}
	for _, p := range st.Problems {
		bad[p.Condition] = append(bad[p.Condition], p)
	}
	fmt.Fprintln(w, "| seed 003's condition | kind | verdict |")
	fmt.Fprintln(w, "|---|---|---|")
	for _, c := range []votingsets.Condition{votingsets.Subset, votingsets.Distinct, votingsets.OwnMember, votingsets.Intersect, votingsets.EqualSize, votingsets.EqualCount} {
		kind := "required"
		if c.Severity() == votingsets.Warning {
			kind = "bonus (fairness)"
		}
		verdict := "holds"
		for k, p := range bad[c] {
			if k == 0 {
				verdict = p.Severity.String() + ": "
			} else {
				verdict += "; "
			}
			verdict += p.Detail
		}
		fmt.Fprintf(w, "| %s | %s | %s |\n", cell(c.String()), kind, cell(verdict))
	}
	fmt.Fprintln(w)
	k := fmt.Sprintf("K = %d", st.MaxK)
	if st.MinK != st.MaxK {
		k = fmt.Sprintf("K = %d..%d", st.MinK, st.MaxK)
	}
	m := fmt.Sprintf("M = %d", st.MaxM)
	if st.MinM != st.MaxM {
		m = fmt.Sprintf("M = %d..%d", st.MinM, st.MaxM)
	}
	root := math.Sqrt(float64(n))
	fmt.Fprintf(w, "%s, %s (√N = %.2f: seed 003 gives K ≈ √N for optimal sets, K ≈ 2√N = %.2f for the grid).\n", k, m, root, 2*root)
	// span is f(K) for the smallest and the largest K.
	span := func(f func(int) int) string {
		if st.MinK == st.MaxK {
			return fmt.Sprint(f(st.MaxK))
		}
		return fmt.Sprintf("%d..%d", f(st.MinK), f(st.MaxK))
	}
	switch algo {
	case "maekawa":
		fmt.Fprintf(w, "Messages per entry: 3K = %s (K requests, K replies, K releases; p_i's messages to itself travel the network and count, as the seed's multicast to V_i says), with or without contention.\n", span(func(k int) int { return 3 * k }))
	case "maekawa-safe":
		fmt.Fprintf(w, "Messages per entry: 3(K−1) = %s without contention (K−1 requests, replies and releases; p_i's own vote needs no message); with contention inquire, yield and failed come on top.\n", span(func(k int) int { return 3 * (k - 1) }))
	}
}
