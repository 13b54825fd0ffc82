package maekawasafe_test

import (
	"testing"

	"dmelab/algorithms/maekawasafe"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, maekawasafe.Algorithm(), "testdata")
}
