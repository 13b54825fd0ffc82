package grade_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
)

// What a student is shown never depends on the hidden tests, even when
// the code keeps what it sees in package variables and panics with it
// later: the file is graded twice, with the exercise's hidden schedules
// and with one other schedule in their place, and every test that is
// shown in full (public, explorations) says the same both times. Hidden
// tests show no panic text of the code's own.
func TestHiddenInputsDoNotLeak(t *testing.T) {
	ex := load(t, "ra-steps")
	require.GreaterOrEqual(t, len(ex.Hidden), 2)
	with := gradeFile(t, ex, hostile("ra_records_hidden.go"))

	other := *ex
	other.Hidden = []exercise.Schedule{ex.Public[0]}
	other.Hidden[0].Name = "stand_in"
	without := gradeFile(t, &other, hostile("ra_records_hidden.go"))

	shown := func(r *report.Result) map[string]string {
		m := map[string]string{}
		for _, tt := range r.Tests {
			if tt.Visibility != report.Hidden {
				m[tt.Name] = tt.Message
			}
		}
		return m
	}
	require.Equal(t, report.Graded, with.Status)
	assert.Equal(t, shown(without), shown(with))
	panicked := false
	for _, tt := range with.Tests {
		if tt.Visibility == report.Hidden {
			assert.NotRegexp(t, `\d+:\d+:\d+ `, tt.Message, tt.Name)
			if ce := tt.Counterexample; ce != nil { // its tables too: a failed node's fault variable
				assert.NotRegexp(t, `\d+:\d+:\d+ `, string(must(json.Marshal(ce))), tt.Name)
			}
		} else {
			panicked = panicked || strings.Contains(tt.Message, "panicked")
		}
	}
	assert.True(t, panicked, "the file's panics show in some test that is shown (else the test proves nothing)")
}
