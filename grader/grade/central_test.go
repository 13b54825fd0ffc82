package grade_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/scenario"
	"dmelab/grader/report"
)

// The central-server exercise: the reference gets full marks, the starter
// fails, and every mutant loses points with a counterexample that replays
// on the exercise's algorithm.
func TestCentralExercise(t *testing.T) {
	ex := load(t, "central")
	t.Run("solution", func(t *testing.T) {
		t.Parallel()
		res := gradeFile(t, ex, ex.Solution())
		require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
		for _, tt := range res.Tests {
			assert.True(t, tt.Passed, "%s: %s", tt.Name, tt.Message)
		}
		assert.Positive(t, res.MaxScore)
		assert.Equal(t, res.MaxScore, res.Score)
	})
	t.Run("starter", func(t *testing.T) {
		t.Parallel()
		res := gradeFile(t, ex, ex.Starter())
		require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
		assert.Less(t, res.Score, res.MaxScore/2)
	})
	require.GreaterOrEqual(t, len(ex.Mutants), 4)
	for _, m := range ex.Mutants {
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			res := gradeFile(t, ex, filepath.Join(ex.Dir, m.Path))
			require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
			assert.Less(t, res.Score, res.MaxScore, "mutant %s (%s) survived", m.Name, m.Comment)
			failed := 0
			for _, tt := range res.Tests {
				if tt.Passed {
					continue
				}
				failed++
				assert.NotEmpty(t, tt.Message, tt.Name)
				require.NotNil(t, tt.Counterexample, tt.Name)
				_, err := scenario.Parse("ce.scn", []byte(tt.Counterexample.Scenario))
				assert.NoError(t, err, tt.Name)
				assert.Contains(t, tt.Counterexample.Scenario, "algorithm central", tt.Name)
			}
			assert.Positive(t, failed)
		})
	}
}
