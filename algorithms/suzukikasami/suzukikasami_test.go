package suzukikasami_test

import (
	"testing"

	"dmelab/algorithms/simtest"
	"dmelab/algorithms/suzukikasami"
)

func TestTranscripts(t *testing.T) {
	simtest.Run(t, suzukikasami.Algorithm(), "testdata")
}
