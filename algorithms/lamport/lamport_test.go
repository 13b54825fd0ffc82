package lamport_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/algorithms/lamport"
	"dmelab/algorithms/simtest"
)

// TestTranscripts runs testdata/*.txt with the algorithm as it is (FIFO
// channels) and testdata/nonfifo/*.txt with FIFO turned off, to show what
// the FIFO assumption protects.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		simtest.Run(t, lamport.Algorithm(), f)
	}
	loose := lamport.Algorithm()
	loose.FIFO = false
	simtest.Run(t, loose, filepath.Join("testdata", "nonfifo"))
}
