package electionring_test

import (
	"testing"

	"dmelab/algorithms/electionring"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, electionring.Algorithm(), "testdata")
}
