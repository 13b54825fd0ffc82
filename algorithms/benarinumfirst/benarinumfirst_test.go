package benarinumfirst_test

import (
	"testing"

	"dmelab/algorithms/benarinumfirst"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, benarinumfirst.Algorithm(), "testdata")
}
