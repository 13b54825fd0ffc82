package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/sandbox"
)

// A schedule whose expectation the exercise's algorithm breaks is a
// problem at that expectation, whichever folder it is in, though a
// reference solution written to match it gets full marks: students
// replay it on the algorithm (the playground, dmelab run, the feedback's
// links) and would see it fail there.
func TestSchedulesHoldOnTheAlgorithm(t *testing.T) {
	const head = "algorithm central\nnodes N1 N2 N3\n"
	tests := []struct {
		name, file, text string
		want             string // a problem's start, "" for none
	}{
		{"holds", "public/asks.scn", head + "request N2\ndeliver N2->N1 request\nexpect N1 holder = N2\n", ""},
		{"false expectation", "public/lifo.scn", head + "request N2\ndeliver N2->N1 request\n# N1 grants N2\nexpect N1 holder = N3\nexpect N1 queue = []\n",
			`ex/public/lifo.scn:6:1: "expect N1 holder = N3" does not hold on central itself (`},
		{"hidden too", "hidden/lifo.scn", head + "request N2\nexpect N2 phase = in-cs\n",
			`ex/hidden/lifo.scn:4:1: "expect N2 phase = in-cs" does not hold on central itself (`},
		{"a line that cannot run", "hidden/stuck.scn", head + "request N2\ndeliver N1->N2 grant\nexpect N2 phase = in-cs\n",
			`ex/hidden/stuck.scn:4:1: this line cannot run on central itself (`},
		{"the first of a false expectation and a stop", "public/both.scn", head + "request N2\nexpect N2 phase = idle\ndeliver N1->N2 grant\n",
			`ex/public/both.scn:4:1: "expect N2 phase = idle" does not hold on central itself (`},
		{"an undecided property is no contradiction", "public/big.scn", head + "requests 3\nexpect liveness holds\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "ex")
			require.NoError(t, os.Rename(copyExercise(t, "central", filepath.Dir(dir)), dir))
			require.NoError(t, os.WriteFile(filepath.Join(dir, tt.file), []byte(tt.text), 0o644))
			ex, err := exercise.Load(dir, "")
			require.NoError(t, err)
			ex.MaxStates = 50 // the last case's search stops undecided
			got := OnAlgorithm(ex)
			if tt.want == "" {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			assert.Contains(t, got[0], tt.want)
			assert.Contains(t, got[0], "students compare their code with central as dmelab runs it")
		})
	}
}

// Every schedule of the course's set holds on its exercise's algorithm
// (and a listing exercise has nothing to check).
func TestTheSetsSchedulesHoldOnTheirAlgorithms(t *testing.T) {
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	set, err := exercise.LoadSet(filepath.Join(root, "exercises"))
	require.NoError(t, err)
	for _, name := range set.Order {
		ex, err := exercise.Load(filepath.Join(root, "exercises", name), "")
		require.NoError(t, err)
		assert.Empty(t, OnAlgorithm(ex), name)
	}
}
