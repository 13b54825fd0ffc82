package central_test

import (
	"testing"

	"dmelab/algorithms/central"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, central.Algorithm(), "testdata")
}
