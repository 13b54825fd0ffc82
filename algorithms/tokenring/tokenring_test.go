package tokenring_test

import (
	"testing"

	"dmelab/algorithms/simtest"
	"dmelab/algorithms/tokenring"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, tokenring.Algorithm(), "testdata")
}
