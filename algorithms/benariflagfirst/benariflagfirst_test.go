package benariflagfirst_test

import (
	"testing"

	"dmelab/algorithms/benariflagfirst"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, benariflagfirst.Algorithm(), "testdata")
}
