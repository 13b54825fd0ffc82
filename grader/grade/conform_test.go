package grade_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
)

// A student who writes "Better"'s tie-break into the first listing gets
// the conformance tests wrong, with the step where the code parts from
// ra-v1 as the last step of the counterexample and both labels in the
// message.
func TestConformanceFeedback(t *testing.T) {
	ex := load(t, "ra-v1")
	res := gradeMutant(t, ex, "fixed_the_tie")
	require.Equal(t, report.Graded, res.Status)
	var conform []report.Test
	for _, tt := range res.Tests {
		if tt.Visibility == report.Search && strings.HasPrefix(tt.Name, "conform ") {
			conform = append(conform, tt)
		}
	}
	require.Len(t, conform, 2)
	for _, tt := range conform {
		assert.False(t, tt.Passed, tt.Name)
		assert.Contains(t, tt.Message, "Your code does not do what ra-v1 does.")
		assert.Contains(t, tt.Message, `ra-v1 would do "step N`)
		assert.Contains(t, tt.Message, "add N1 to deferred")
		assert.Contains(t, tt.Message, "send(reply,N1,myID)")
		ce := tt.Counterexample
		require.NotNil(t, ce, tt.Name)
		assert.Equal(t, "conformance", ce.Property)
		assert.Contains(t, ce.Steps[len(ce.Steps)-1].Event, "send(reply,N1,myID)")
	}
}
