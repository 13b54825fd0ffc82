package permring_test

import (
	"testing"

	"dmelab/algorithms/permring"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, permring.Algorithm(), "testdata")
}
