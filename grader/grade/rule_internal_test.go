package grade

import (
	"testing"

	"dmelab/grader/report"

	"github.com/stretchr/testify/assert"
)

// A hidden test whose step broke a rule names the visible test that
// shows one, since it cannot say which itself; without such a test it
// is left as it was, and visible tests are never changed.
func TestPointToRule(t *testing.T) {
	hidden := report.Test{Name: "hidden/h", Visibility: report.Hidden, Message: "N2 failed at step 4: " + hiddenRule + "; the node stops there.",
		Counterexample: &report.Counterexample{Summary: "N2 failed: " + hiddenRule}}
	public := report.Test{Name: "public/p", Visibility: report.Public, Message: "N2 failed at step 3: Exit() sent a message to itself."}
	res := &report.Result{Tests: []report.Test{public, hidden}}
	pointToRule(res, "")
	assert.Equal(t, hidden.Message, res.Tests[1].Message)
	pointToRule(res, "public/p")
	assert.Equal(t, "N2 failed at step 4: it broke a rule of its step (a hidden test does not show which; public/p shows a rule your code broke: likely this one); the node stops there.", res.Tests[1].Message)
	assert.Equal(t, "N2 failed: it broke a rule of its step (a hidden test does not show which; public/p shows a rule your code broke: likely this one)", res.Tests[1].Counterexample.Summary)
	assert.Equal(t, public.Message, res.Tests[0].Message)
}
