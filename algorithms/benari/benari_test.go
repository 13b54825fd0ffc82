package benari_test

import (
	"testing"

	"dmelab/algorithms/benari"
	"dmelab/algorithms/simtest"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, benari.Algorithm(), "testdata")
}
