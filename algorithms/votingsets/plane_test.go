package votingsets

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlaneSizes: the sizes up to 32 (the simulator's limit) and a little
// beyond: q = 2, 3, 4, 5, 7, 8, 9; 6 is no prime power (and has no plane).
func TestPlaneSizes(t *testing.T) {
	assert.Equal(t, []int{7, 13, 21, 31}, PlaneSizes(32))
	assert.Equal(t, []int{7, 13, 21, 31, 57, 73, 91}, PlaneSizes(100))
	_, ok := PlaneOrder(43) // q = 6
	assert.False(t, ok)
}

// TestPlaneMeetsSeed003: for every supported N up to 91 (all of those up to
// 31 included), the sets pass every condition of seed 003, the bonus ones
// too, with K = M = q+1; and any two sets meet in exactly one process.
func TestPlaneMeetsSeed003(t *testing.T) {
	for _, n := range PlaneSizes(91) {
		q, _ := PlaneOrder(n)
		sets, err := Plane(n)
		require.NoError(t, err, "N=%d", n)
		require.Len(t, sets, n)
		assert.Empty(t, Check(sets), "N=%d: %s", n, Format(sets))
		st := Describe(sets)
		assert.Equal(t, q+1, st.MinK, "N=%d", n)
		assert.Equal(t, q+1, st.MaxK, "N=%d", n)
		assert.Equal(t, q+1, st.MinM, "N=%d", n)
		assert.Equal(t, q+1, st.MaxM, "N=%d", n)
		for i, v := range sets {
			assert.IsIncreasing(t, v, "N=%d V%d", n, i+1)
			assert.Contains(t, v, i, "N=%d: p%d ∉ V%d", n, i+1, i+1)
			for j := i + 1; j < n; j++ {
				common := 0
				for _, x := range v {
					for _, y := range sets[j] {
						if x == y {
							common++
						}
					}
				}
				require.Equal(t, 1, common, "N=%d: V%d=%s V%d=%s", n, i+1, FormatSet(v), j+1, FormatSet(sets[j]))
			}
		}
	}
}

// TestPlaneFano is PG(2,2), the Fano plane, as Plane numbers it.
func TestPlaneFano(t *testing.T) {
	sets, err := Plane(7)
	require.NoError(t, err)
	// Lines of PG(2,2); p_i is on the i-th.
	assert.Equal(t, "{1,4,5} {1,2,3} {3,5,6} {2,4,6} {2,5,7} {1,6,7} {3,4,7}", Format(sets))
}

func TestPlaneOtherSizes(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 8, 9, 12, 30, 32} {
		_, err := Plane(n)
		require.Error(t, err, "N=%d", n)
		assert.Contains(t, err.Error(), "N = 7, 13, 21, 31")
	}
}

// TestFields checks GF(4), GF(8), GF(9) and GF(5): every non-zero element has an
// inverse and multiplication distributes over addition.
func TestFields(t *testing.T) {
	for _, pk := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {5, 1}} {
		f := newField(pk[0], pk[1])
		for a := 1; a < f.q; a++ {
			inv := 0
			for b := 1; b < f.q; b++ {
				if f.mul(a, b) == 1 {
					inv++
				}
			}
			assert.Equal(t, 1, inv, "GF(%d): %d", f.q, a)
			for b := 0; b < f.q; b++ {
				for c := 0; c < f.q; c++ {
					assert.Equal(t, f.add(f.mul(a, b), f.mul(a, c)), f.mul(a, f.add(b, c)))
				}
			}
		}
	}
}
