package report

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlatformTellsNoCommand: Gradescope's students (dmelab pack) have
// neither dmelab nor the exercise's public/: their feedback names a public
// schedule and gives a counterexample's scenario and replay link, but
// tells them to run no `dmelab run` command (Options.NoCommands).
func TestPlatformTellsNoCommand(t *testing.T) {
	r := load(t, "graded")
	require.Contains(t, Markdown(r, Options{}), "dmelab run", "the command-line feedback keeps its commands")
	md := Markdown(r, Options{NoCommands: true})
	assert.NotContains(t, md, "dmelab run")
	assert.Contains(t, md, "*Public schedule ")
	assert.Contains(t, md, "This run as a scenario")
	assert.Contains(t, md, "#scenario=")

	b, err := Gradescope(r, GradescopeOptions{Options: Options{PlaygroundURL: "https://play.example.org/"}})
	require.NoError(t, err)
	var gs gsResults
	require.NoError(t, json.Unmarshal(b, &gs))
	outputs := 0
	for _, tt := range gs.Tests {
		assert.NotContains(t, tt.Output, "dmelab run", tt.Name)
		assert.NotContains(t, tt.Output, DefaultPlaygroundURL, tt.Name)
		if tt.Output != "" {
			outputs++
		}
	}
	assert.Positive(t, outputs)
	assert.Contains(t, string(b), "https://play.example.org/#scenario=")
}
