package costbench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A search that ran to its end and one that settled both count as
// complete; one a bound stopped does not.
func TestReadCheck(t *testing.T) {
	for _, c := range []struct {
		out      string
		complete bool
	}{
		{`{"states": 600554, "complete": true, "properties": {"safety": "holds"}}`, true},
		{"dmelab check: progress\n" + `{"states": 958, "complete": false, "settled": true, "properties": {"order": "violated"}}`, true},
		{`{"states": 4000000, "complete": false, "properties": {"safety": "unknown"}}`, false},
	} {
		var got Check
		require.NoError(t, got.read([]byte(c.out)))
		assert.Equal(t, c.complete, got.Complete, c.out)
		assert.Positive(t, got.States)
		assert.Len(t, got.Verdicts, 1)
	}
	assert.Error(t, new(Check).read([]byte("no JSON")))
}
