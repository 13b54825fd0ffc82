package scenario

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A chain of includes holds at most maxIncludeDepth files, the top one
// among them: the refusal says so, with the chain, at the include that
// would pass it; a chain of exactly that many loads.
func TestIncludeChainBound(t *testing.T) {
	chain := func(files int) memFS {
		fs := memFS{}
		for k := 1; k < files; k++ {
			fs[fmt.Sprintf("l%d.scn", k)] = fmt.Sprintf("include l%d.scn\n", k+1)
		}
		fs[fmt.Sprintf("l%d.scn", files-1)] = "request N2\n"
		return fs
	}
	const main = "algorithm central\nnodes N1 N2\ninclude l1.scn\n"
	_, err := LoadFiles("main.scn", []byte(main), chain(maxIncludeDepth).read)
	require.NoError(t, err, "main and %d files included, one in the next", maxIncludeDepth-1)
	_, err = LoadFiles("main.scn", []byte(main), chain(maxIncludeDepth+1).read)
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("include l%d.scn: a chain of includes holds at most %d files (main.scn → l1.scn", maxIncludeDepth, maxIncludeDepth))
}
