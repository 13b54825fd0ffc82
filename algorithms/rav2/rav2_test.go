package rav2_test

import (
	"testing"

	"dmelab/algorithms/rav2"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, rav2.Algorithm(), "testdata")
}
