package rav3_test

import (
	"testing"

	"dmelab/algorithms/rav3"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, rav3.Algorithm(), "testdata")
}
