package maekawa_test

import (
	"testing"

	"dmelab/algorithms/maekawa"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, maekawa.Algorithm(), "testdata")
}
