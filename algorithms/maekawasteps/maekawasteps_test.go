package maekawasteps_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/internal/steptest"
	"dmelab/algorithms/maekawa"
	"dmelab/algorithms/maekawasteps"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/simtest"
	"dmelab/algorithms/votingsets"
)

func refAlg() *sim.Algorithm { return maekawasteps.Algorithm("maekawa", newRef, refSets) }

// maekawa's own transcripts, run on the reference, print exactly what they
// print for maekawa.
func TestMaekawaTranscripts(t *testing.T) {
	simtest.Run(t, refAlg(), "../maekawa/testdata")
}

func TestRefSetsAreTheGrid(t *testing.T) {
	for n := 1; n <= 20; n++ {
		assert.Equal(t, votingsets.Grid(n), refSets(n), "n=%d", n)
	}
}

func TestLockstepWithMaekawa(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		steptest.Lockstep(t, maekawa.Algorithm(), refAlg(), sim.Config{N: 2 + int(seed%4)}, sim.Options{Requests: 2}, seed, 300)
	}
}

func TestSameStatesAsMaekawa(t *testing.T) {
	for _, c := range []struct{ n, r int }{{2, 1}, {2, 2}, {3, 1}} {
		cfg := explore.Config{Sim: sim.Config{N: c.n}, Opts: sim.Options{Requests: c.r}, Props: []string{explore.Safety, explore.Liveness}}
		cfg.Alg = maekawa.Algorithm()
		want, err := explore.Check(cfg)
		require.NoError(t, err)
		cfg.Alg = refAlg()
		got, err := explore.Check(cfg)
		require.NoError(t, err)
		assert.Equal(t, want.States, got.States, "N=%d R=%d", c.n, c.r)
		assert.Equal(t, want.Transitions, got.Transitions, "N=%d R=%d", c.n, c.r)
		assert.Equal(t, want.Verdicts, got.Verdicts, "N=%d R=%d", c.n, c.r)
		assert.Equal(t, len(want.Counterexamples[explore.Liveness].Steps), len(got.Counterexamples[explore.Liveness].Steps))
		// The deadlock is explained alike: maekawa's circular wait, read
		// from the harness's variables.
		assert.Equal(t, want.Counterexamples[explore.Liveness].Summary, got.Counterexamples[explore.Liveness].Summary)
		assert.Contains(t, got.Counterexamples[explore.Liveness].Summary, "Circular wait: ")
	}
}

func TestRemoteIsTheSame(t *testing.T) {
	serve := maekawasteps.Guest(newRef, refSets)
	loop := func(req []byte) ([]byte, error) { return serve(req), nil }
	alg := maekawasteps.Remote("maekawa", loop)
	for seed := uint64(0); seed < 10; seed++ {
		steptest.Lockstep(t, maekawa.Algorithm(), alg, sim.Config{N: 2 + int(seed%4)}, sim.Options{Requests: 2}, seed, 300)
	}
}

func TestGivenSetsAreChecked(t *testing.T) {
	_, err := sim.NewWorld(refAlg(), sim.Config{N: 3, Sets: [][]int{{0, 1}, {1, 2}, {2}}}, sim.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "have no common member")
	w, err := sim.NewWorld(refAlg(), sim.Config{N: 3, Sets: [][]int{{1, 0}, {1, 2}, {2, 0}}}, sim.Options{})
	require.NoError(t, err)
	assert.Contains(t, w.NodeString(0), "V={N1,N2}")
}

func TestStudentSetsAreChecked(t *testing.T) {
	for _, c := range []struct {
		name string
		sets maekawasteps.Sets
		want string
	}{
		{"rows only", func(n int) [][]int {
			v := refSets(n)
			for p := range v {
				s := 2
				for s*s < n {
					s++
				}
				v[p] = nil
				for q := 0; q < n; q++ {
					if q/s == p/s {
						v[p] = append(v[p], q)
					}
				}
			}
			return v
		}, "VotingSets(4): voting sets: V_i ∩ V_j ≠ ∅ fails"},
		{"too few", func(n int) [][]int { return refSets(n)[1:] }, "VotingSets(4) returned 3 sets"},
		{"panics", func(n int) [][]int { return [][]int{{n / (n - 4)}} }, "VotingSets(4) panicked: runtime error: integer divide by zero"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := sim.NewWorld(maekawasteps.Algorithm("maekawa", newRef, c.sets), sim.Config{N: 4}, sim.Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// A student's sets are sets: VotingSets that appends p's row and then
// p's column (p twice, the members out of order) builds the same nodes
// as the reference's sets, each member once and in order.
func TestStudentSetsAreSets(t *testing.T) {
	rowThenColumn := func(n int) [][]int {
		s := 1
		for s*s < n {
			s++
		}
		v := make([][]int, n)
		for p := range v {
			for q := (p / s) * s; q < min((p/s+1)*s, n); q++ {
				v[p] = append(v[p], q)
			}
			for q := p % s; q < n; q += s {
				v[p] = append(v[p], q)
			}
		}
		return v
	}
	require.Contains(t, rowThenColumn(4)[0], 0)
	require.Len(t, rowThenColumn(4)[0], 4, "p1 is listed twice: {1,2} ∪ {1,3} written out as 1,2,1,3")
	for _, n := range []int{1, 4, 5, 9} {
		mine, err := sim.NewWorld(maekawasteps.Algorithm("maekawa", newRef, rowThenColumn), sim.Config{N: n}, sim.Options{})
		require.NoError(t, err, "N=%d", n)
		ref, err := sim.NewWorld(refAlg(), sim.Config{N: n}, sim.Options{})
		require.NoError(t, err)
		for i := range n {
			assert.Equal(t, ref.NodeString(i), mine.NodeString(i), "N=%d, N%d", n, i+1)
		}
	}
}
