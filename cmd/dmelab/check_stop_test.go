package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/explore"
)

// A time limit that ends the liveness check after a complete search says
// so, rather than that the search stopped somewhere.
func TestStoppedLineOfTheLivenessCheck(t *testing.T) {
	f := &checkFlags{timeLimit: 30 * time.Second}
	res := &explore.Result{States: 1234567, StoreBytes: 300 << 20, Bound: explore.BoundStopped, LivenessStopped: true}
	assert.Equal(t, "stopped after 30s (the --time-limit bound) in its liveness check; the search itself was complete, 1,234,567 states, 300 MiB: raise the limit, or check fewer nodes or requests", stoppedLine(f, res))
	res.LivenessStopped = false
	assert.Equal(t, "stopped at 1,234,567 states, 300 MiB after 30s (the --time-limit bound): raise it, or check fewer nodes or requests", stoppedLine(f, res))
}
