package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
)

// A schedule's line that the student's code can take more than one way
// (the first listing's starter chooses any number at P2) is the code's
// choice, told to the student, not advice to the schedule's author to
// write more of the line: the student cannot change the schedule. A
// public test says where the line is; a hidden one does not.
func TestAmbiguousStepIsTheCodesChoice(t *testing.T) {
	ex := load(t, "listing-ra-v1")
	src, err := os.ReadFile(filepath.Join(root, "exercises", "listing-ra-v1", "starter.txt"))
	require.NoError(t, err)
	res, err := grader.Grade(context.Background(), ex, "starter.txt", src)
	require.NoError(t, err)
	require.Equal(t, report.Graded, res.Status, "%v", res.Problems)
	hidden := false
	for _, tt := range res.Tests {
		switch {
		case tt.Name == "public/tie":
			assert.Contains(t, tt.Message, "The schedule could not go on after step 2. Your step N1 P2 can go more than one way here (myNum = chooseNumber() = 1 or = 2), but the test's schedule (public/tie.scn:8) expects it to go one way: see what the exercise's statement asks of that step.")
			require.NotNil(t, tt.Counterexample)
			assert.Equal(t, "step N1 P2 can go more than one way (myNum = chooseNumber() = 1 or = 2); the schedule expects one", tt.Counterexample.Summary)
		case tt.Visibility == report.Hidden && strings.Contains(tt.Message, "more than one way"):
			hidden = true
			assert.Contains(t, tt.Message, "but the test's schedule expects it to go one way", tt.Name)
			assert.NotContains(t, tt.Message, ".scn", tt.Name)
		}
		assert.NotContains(t, tt.Message, "write more of it", tt.Name)
		assert.NotContains(t, tt.Message, "is ambiguous", tt.Name)
	}
	assert.True(t, hidden, "a hidden schedule stops at P2 too")
	for _, f := range []string{report.Markdown(res, report.Options{}), report.HTML(res, report.Options{})} {
		assert.NotContains(t, f, "write more of it")
	}
}
