package electionbully

import (
	"testing"

	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, Algorithm(), "testdata")
}
