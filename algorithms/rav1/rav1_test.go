package rav1_test

import (
	"testing"

	"dmelab/algorithms/rav1"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, rav1.Algorithm(), "testdata")
}
