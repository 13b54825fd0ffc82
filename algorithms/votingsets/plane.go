package votingsets

import (
	"fmt"
	"slices"
	"strings"
)

// # The projective-plane construction
//
// Seed 003 says the optimal sets have K ≈ √N and M = K, and that they are
// hard to find in practice. For N = q² + q + 1 they are the lines of the
// projective plane of order q, PG(2, q): its N points are the processes,
// it has N lines, every line has q + 1 points, every point is on q + 1
// lines, and every two lines meet in exactly one point. Giving each
// process a line through it (a different line to each) makes every V_i
// intersect every V_j, with K = M = q + 1 ≈ √N: the grid needs 2√N − 1.
//
// PG(2, q) is built from the field GF(q) with q elements (q a prime, or a
// power p^k of one, k ≤ 3 here): its points are the non-zero triples
// (x, y, z) over GF(q) up to a non-zero factor, written with their first
// non-zero coordinate 1; its lines are written the same way, and point x
// lies on line l when x·l = x₀l₀ + x₁l₁ + x₂l₂ = 0. Which line goes to
// which point is a perfect matching of the incidence graph, which exists
// because that graph is regular (Hall's theorem); PlaneSets finds one with
// augmenting paths, trying lines in order, so the result is always the
// same.

// PlaneOrder returns q if n = q² + q + 1 for a prime power q that Plane
// supports (q = p^k with k ≤ 3), and ok = false otherwise.
func PlaneOrder(n int) (q int, ok bool) {
	for q = 2; q*q+q+1 <= n; q++ {
		if q*q+q+1 == n {
			_, _, ok := primePower(q)
			return q, ok
		}
	}
	return 0, false
}

// PlaneSizes lists the N ≤ max for which Plane builds sets.
func PlaneSizes(max int) []int {
	var ns []int
	for n := 1; n <= max; n++ {
		if _, ok := PlaneOrder(n); ok {
			ns = append(ns, n)
		}
	}
	return ns
}

// Plane returns voting sets for n = q² + q + 1 processes: V_i is a line of
// PG(2, q) through p_i, each line used once, members sorted. For other n
// it returns an error that names the sizes it supports.
func Plane(n int) ([][]int, error) {
	q, ok := PlaneOrder(n)
	if !ok {
		var sizes []string
		for _, m := range PlaneSizes(max(n, 31)) {
			sizes = append(sizes, fmt.Sprint(m))
		}
		return nil, fmt.Errorf("no projective plane for N=%d: planes need N = q²+q+1 with q a prime power (N = %s, …)", n, strings.Join(sizes, ", "))
	}
	p, k, _ := primePower(q)
	f := newField(p, k)
	pts := points(f)
	// on[l] lists the points of line l (lines are written as points are).
	on := make([][]int, len(pts))
	for l, lv := range pts {
		for x, xv := range pts {
			if f.dot(xv, lv) == 0 {
				on[l] = append(on[l], x)
			}
		}
	}
	line := match(len(pts), on)
	sets := make([][]int, n)
	for x := range sets {
		sets[x] = slices.Clone(on[line[x]])
	}
	return sets, nil
}

// match returns, for each point, a line through it, no line twice: a
// perfect matching found with augmenting paths (Kuhn's algorithm).
func match(n int, on [][]int) []int {
	through := make([][]int, n) // lines through each point, in order
	for l, ps := range on {
		for _, x := range ps {
			through[x] = append(through[x], l)
		}
	}
	owner := make([]int, n) // owner[l]: the point line l is given to, or -1
	for l := range owner {
		owner[l] = -1
	}
	var try func(x int, seen []bool) bool
	try = func(x int, seen []bool) bool {
		for _, l := range through[x] {
			if seen[l] {
				continue
			}
			seen[l] = true
			if owner[l] < 0 || try(owner[l], seen) {
				owner[l] = x
				return true
			}
		}
		return false
	}
	for x := 0; x < n; x++ {
		if !try(x, make([]bool, n)) {
			panic("votingsets: the incidence graph of a projective plane has no perfect matching")
		}
	}
	line := make([]int, n)
	for l, x := range owner {
		line[x] = l
	}
	return line
}

// points lists the points of PG(2, q), normalized (first non-zero
// coordinate 1): (0,0,1), then (0,1,a), then (1,a,b), a and b in order.
func points(f field) [][3]int {
	ps := [][3]int{{0, 0, 1}}
	for a := 0; a < f.q; a++ {
		ps = append(ps, [3]int{0, 1, a})
	}
	for a := 0; a < f.q; a++ {
		for b := 0; b < f.q; b++ {
			ps = append(ps, [3]int{1, a, b})
		}
	}
	return ps
}

// primePower returns p and k with q = p^k, p prime, if k ≤ 3.
func primePower(q int) (p, k int, ok bool) {
	if q < 2 {
		return 0, 0, false
	}
	for p = 2; q%p != 0; p++ {
	}
	for r := q; r > 1; r /= p {
		if r%p != 0 {
			return 0, 0, false
		}
		k++
	}
	return p, k, k <= 3
}

// field is GF(p^k): an element is a polynomial over GF(p) of degree < k,
// stored as its coefficients in base p (the constant term lowest), and
// products are taken modulo mod, a monic irreducible polynomial of degree
// k (its coefficients below x^k, lowest first).
type field struct {
	p, k, q int
	mod     []int
}

func newField(p, k int) field {
	f := field{p: p, k: k, q: pow(p, k)}
	if k == 1 {
		return f
	}
	// For k ≤ 3 a polynomial is irreducible exactly when it has no root:
	// a factorization would include one of degree 1. Take the first one.
	for c := 0; c < f.q; c++ {
		mod := f.digits(c)
		root := false
		for x := 0; x < p && !root; x++ {
			v, xi := 1, 1 // x^k, then + mod[i]·x^i
			for i := 0; i < k; i++ {
				v = (v * x) % p
			}
			for i := 0; i < k; i++ {
				v = (v + mod[i]*xi) % p
				xi = (xi * x) % p
			}
			root = v == 0
		}
		if !root {
			f.mod = mod
			return f
		}
	}
	panic("votingsets: no irreducible polynomial")
}

func pow(p, k int) int {
	r := 1
	for ; k > 0; k-- {
		r *= p
	}
	return r
}

func (f field) digits(a int) []int {
	d := make([]int, f.k)
	for i := range d {
		d[i], a = a%f.p, a/f.p
	}
	return d
}

func (f field) number(d []int) int {
	a := 0
	for i := len(d) - 1; i >= 0; i-- {
		a = a*f.p + d[i]
	}
	return a
}

func (f field) add(a, b int) int {
	da, db := f.digits(a), f.digits(b)
	for i := range da {
		da[i] = (da[i] + db[i]) % f.p
	}
	return f.number(da)
}

func (f field) mul(a, b int) int {
	if f.k == 1 {
		return a * b % f.p
	}
	da, db := f.digits(a), f.digits(b)
	prod := make([]int, 2*f.k-1)
	for i, x := range da {
		for j, y := range db {
			prod[i+j] = (prod[i+j] + x*y) % f.p
		}
	}
	// Reduce from the top: x^d = x^(d-k)·x^k, and x^k = −Σ mod[i]·x^i.
	for d := len(prod) - 1; d >= f.k; d-- {
		c := prod[d]
		prod[d] = 0
		for i := 0; i < f.k; i++ {
			prod[d-f.k+i] = ((prod[d-f.k+i]-c*f.mod[i])%f.p + f.p) % f.p
		}
	}
	return f.number(prod[:f.k])
}

func (f field) dot(x, l [3]int) int {
	s := 0
	for i := range x {
		s = f.add(s, f.mul(x[i], l[i]))
	}
	return s
}
