package raymond_test

import (
	"testing"

	"dmelab/algorithms/raymond"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, raymond.Algorithm(), "testdata")
}
