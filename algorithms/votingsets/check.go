package votingsets

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Severity says whether a failed condition makes the sets unusable.
type Severity uint8

const (
	// Error: a required condition of seed 003 fails; Maekawa's algorithm
	// is not safe (or not well defined) with these sets.
	Error Severity = iota
	// Warning: a bonus (fairness) condition fails; the algorithm is still
	// safe, but some processes carry more of the voting load than others.
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Condition names one of seed 003's conditions on the voting sets (plus
// Distinct, which the seed takes for granted by calling them sets).
type Condition uint8

const (
	// Subset: V_i ⊆ {p_1, ..., p_N} (required).
	Subset Condition = iota
	// Distinct: a set lists each member once (required: the algorithm
	// waits for K = |V_i| replies, one per member).
	Distinct
	// OwnMember: p_i ∈ V_i (required).
	OwnMember
	// Intersect: V_i ∩ V_j ≠ ∅ for all i, j (required). The seed writes
	// V_i ∪ V_j ≠ ∅, which always holds; the intersection is what makes a
	// common voter keep p_i and p_j apart, so that is what is checked.
	Intersect
	// EqualSize: |V_i| = K for all i (bonus, fairness).
	EqualSize
	// EqualCount: every p_j is in exactly M voting sets (bonus, fairness).
	EqualCount
)

// String is the condition as the seed writes it (with ∩ where the seed
// wrote ∪ by mistake).
func (c Condition) String() string {
	switch c {
	case Subset:
		return "V_i ⊆ {p_1, ..., p_N}"
	case Distinct:
		return "V_i lists each process once"
	case OwnMember:
		return "p_i ∈ V_i"
	case Intersect:
		return "V_i ∩ V_j ≠ ∅"
	case EqualSize:
		return "|V_i| = K"
	case EqualCount:
		return "every p_j in exactly M voting sets"
	}
	return "?"
}

// Severity is Error for the required conditions and Warning for the bonus
// ones.
func (c Condition) Severity() Severity {
	if c == EqualSize || c == EqualCount {
		return Warning
	}
	return Error
}

// Problem is one failed condition: which one, how bad, and the sets and
// processes involved (0-based), with a sentence in the seed's notation.
type Problem struct {
	Severity  Severity
	Condition Condition
	Sets      []int // indices i of the voting sets V_i involved
	Procs     []int // processes p_j involved, if any
	Detail    string
}

// String renders the problem for people, e.g.
// "error: V_i ∩ V_j ≠ ∅ fails: V1 = {1,2} and V3 = {3} have no common member".
func (p Problem) String() string {
	return fmt.Sprintf("%s: %s fails: %s", p.Severity, p.Condition, p.Detail)
}

// Problems is the result of Check.
type Problems []Problem

// Err returns nil if no required condition fails, and otherwise an error
// listing every required failure (warnings are left out).
func (ps Problems) Err() error {
	var msgs []string
	for _, p := range ps {
		if p.Severity == Error {
			msgs = append(msgs, fmt.Sprintf("%s fails: %s", p.Condition, p.Detail))
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return errors.New("voting sets: " + strings.Join(msgs, "; "))
}

// Warnings returns the bonus-condition failures.
func (ps Problems) Warnings() Problems {
	var w Problems
	for _, p := range ps {
		if p.Severity == Warning {
			w = append(w, p)
		}
	}
	return w
}

// Check tests sets, one per process (N = len(sets)), against seed 003's
// conditions and returns every failure, required ones first, in a fixed
// order. An empty result means all conditions hold.
func Check(sets [][]int) Problems {
	n := len(sets)
	var ps Problems
	add := func(c Condition, setIdx, procs []int, format string, args ...any) {
		ps = append(ps, Problem{Severity: c.Severity(), Condition: c, Sets: setIdx, Procs: procs, Detail: fmt.Sprintf(format, args...)})
	}
	if n == 0 {
		add(Subset, nil, nil, "there are no voting sets (N = 0)")
		return ps
	}
	for i, v := range sets {
		var bad []int
		for _, p := range v {
			if p < 0 || p >= n {
				bad = append(bad, p)
			}
		}
		if len(bad) > 0 {
			add(Subset, []int{i}, bad, "%s = %s names %s, but the processes are p1..p%d", setName(i), FormatSet(v), procList(bad), n)
		}
	}
	for i, v := range sets {
		if dup := duplicates(v); len(dup) > 0 {
			add(Distinct, []int{i}, dup, "%s = %s lists %s more than once", setName(i), FormatSet(v), procList(dup))
		}
	}
	for i, v := range sets {
		if !contains(v, i) {
			add(OwnMember, []int{i}, []int{i}, "p%d is not in its own voting set %s = %s", i+1, setName(i), FormatSet(v))
		}
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if !meet(sets[i], sets[j]) {
				add(Intersect, []int{i, j}, nil, "%s = %s and %s = %s have no common member, so no voter keeps p%d and p%d apart (the seed writes ∪; it means ∩)",
					setName(i), FormatSet(sets[i]), setName(j), FormatSet(sets[j]), i+1, j+1)
			}
		}
	}
	sizes := make([]int, n)
	for i, v := range sets {
		sizes[i] = len(v)
	}
	if k, odd := outliers(sizes); len(odd) > 0 {
		var parts []string
		for _, i := range odd {
			parts = append(parts, fmt.Sprintf("|%s| = %d", setName(i), sizes[i]))
		}
		add(EqualSize, odd, nil, "most sets have K = %d members, but %s", k, strings.Join(parts, ", "))
	}
	counts := make([]int, n)
	for _, v := range sets {
		seen := map[int]bool{}
		for _, p := range v {
			if p >= 0 && p < n && !seen[p] {
				seen[p] = true
				counts[p]++
			}
		}
	}
	if m, odd := outliers(counts); len(odd) > 0 {
		var parts []string
		for _, p := range odd {
			parts = append(parts, fmt.Sprintf("p%d is in %d", p+1, counts[p]))
		}
		var in []int
		for i, v := range sets {
			for _, p := range odd {
				if contains(v, p) {
					in = append(in, i)
					break
				}
			}
		}
		add(EqualCount, in, odd, "most processes are in M = %d sets, but %s", m, strings.Join(parts, ", "))
	}
	return ps
}

// outliers returns the most common value of xs (the smallest on a tie) and
// the indices whose value differs from it.
func outliers(xs []int) (int, []int) {
	freq := map[int]int{}
	for _, x := range xs {
		freq[x]++
	}
	vals := make([]int, 0, len(freq))
	for v := range freq {
		vals = append(vals, v)
	}
	sort.Ints(vals)
	best := vals[0]
	for _, v := range vals {
		if freq[v] > freq[best] {
			best = v
		}
	}
	var odd []int
	for i, x := range xs {
		if x != best {
			odd = append(odd, i)
		}
	}
	return best, odd
}

func duplicates(v []int) []int {
	s := append([]int(nil), v...)
	sort.Ints(s)
	var dup []int
	for k := 1; k < len(s); k++ {
		if s[k] == s[k-1] && (len(dup) == 0 || dup[len(dup)-1] != s[k]) {
			dup = append(dup, s[k])
		}
	}
	return dup
}

func contains(v []int, p int) bool {
	for _, x := range v {
		if x == p {
			return true
		}
	}
	return false
}

func meet(a, b []int) bool {
	for _, x := range a {
		if contains(b, x) {
			return true
		}
	}
	return false
}

func setName(i int) string { return fmt.Sprintf("V%d", i+1) }

func procList(ps []int) string {
	parts := make([]string, len(ps))
	for k, p := range ps {
		parts[k] = fmt.Sprintf("p%d", p+1)
	}
	return strings.Join(parts, ", ")
}
