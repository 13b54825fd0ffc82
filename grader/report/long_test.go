package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A run of thousands of steps (a run that never comes to rest, messages
// that pile up) gives feedback of a readable size: the step table keeps
// its first and last steps, numbered as in the run, and the diagram is
// left out, saying so.
func TestLongRunStaysReadable(t *testing.T) {
	const n = 5000
	ce := &Counterexample{Property: "schedule", Kind: "stopped", Summary: "run did not come to rest", Nodes: []string{"N1", "N2"},
		Initial: []string{"token=yes", "token=no"}, Loop: -1, Scenario: "algorithm token-ring\nnodes N1 N2\n"}
	for k := range n {
		ce.Steps = append(ce.Steps, Step{Event: "step N1 pass token to N2", Text: fmt.Sprintf("N1 pass %d", k+1), Node: 0,
			Sent: []Arrow{{0, 1, "token"}}, Vars: []string{fmt.Sprintf("token=yes passes=%d", k+1), "token=no"}, Net: "N1->N2:token"})
	}
	res := &Result{Exercise: "token-ring", Status: Graded, MaxScore: 1,
		Tests: []Test{{Name: "public/long", Visibility: Public, MaxPoints: 1, Message: "stopped", Counterexample: ce}}}
	md := Markdown(res, Options{})
	assert.Less(t, len(md), 64<<10, "a few dozen kilobytes, not megabytes")
	assert.Contains(t, md, "| 60 | N1 | N1 pass 60 |")
	assert.Contains(t, md, "steps 61–4970 are not shown")
	assert.Contains(t, md, "| 4971 | N1 | N1 pass 4971 | N1: `passes=4971` |")
	assert.NotContains(t, md, "N1 pass 61 ")
	assert.Contains(t, md, "The diagram is left out: the run has 5000 steps.")
	html := HTML(res, Options{})
	assert.Less(t, len(html), 128<<10)
	assert.False(t, strings.Contains(html, "<svg"), "no diagram")
}
