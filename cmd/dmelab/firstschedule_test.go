package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
)

// The scaffold's placeholder schedule holds on every algorithm, so that
// validate calls it the placeholder and not a failing schedule: a token
// ring's token and a bully's heartbeats never let a plain "run" rest,
// and the seed's first listings never let a lone asker enter.
func TestFirstScheduleHoldsOnEveryAlgorithm(t *testing.T) {
	for _, name := range registry.Names() {
		t.Run(name, func(t *testing.T) {
			text := firstSchedule(name)
			sc, err := scenario.Load("first.scn", []byte(text))
			require.NoError(t, err, text)
			res := scenario.Run(sc, scenario.Options{})
			assert.Nil(t, res.Stopped, "%s\n%+v", text, res.Stopped)
			require.NotEmpty(t, res.Expects, text)
			assert.Equal(t, 0, res.Exit(), "%s: %+v", text, res.Expects)
		})
	}
	// Where the asker can enter, the placeholder shows it doing so.
	assert.Contains(t, firstSchedule("token-ring"), "request N1\nrun until N1 enters\nexpect N1 phase = in-cs\n")
	assert.Contains(t, firstSchedule("central"), "nodes N1 N2 N3\nrequest N2\nrun until N2 enters\n")
	assert.Contains(t, firstSchedule("ra-v1"), "request N1\nexpect safety holds\n")
}
