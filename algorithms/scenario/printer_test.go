package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// roundTrip checks parse → print → parse is the identity on the syntax
// tree (positions aside) and that printing is idempotent.
func roundTrip(t testing.TB, name string, src []byte) {
	f, err := Parse(name, src)
	if err != nil {
		return
	}
	out := Format(f)
	g, err := Parse(name, []byte(out))
	require.NoError(t, err, "the printer's output does not parse:\n%s", out)
	require.Equal(t, noPos(f), noPos(g), "parse(print(f)) != f for\n%s\nprinted as\n%s", src, out)
	require.Equal(t, out, Format(g), "printing is not idempotent")
}

func TestRoundTripExamples(t *testing.T) {
	for _, path := range allScenarios(t) {
		src := read(t, path)
		roundTrip(t, path, src)
		f, err := Parse(path, src)
		require.NoError(t, err)
		// The examples are written in canonical form.
		assert.Equal(t, string(src), Format(f), path)
	}
}

func TestFormatCanonical(t *testing.T) {
	src := "\n\n# head\n\nalgorithm  maekawa\nnodes A B   C\n\n\n\nvoting-set A={A,B}  # first\n" +
		"voting-set B = { B C }\nvoting-set C = {C,A}\nB requests\ndeliver B ->C   request\n" +
		"schedule {\n# in\nexit B\n\n   }   # end\n# tail\n\n"
	f, err := Parse("f", []byte(src))
	require.NoError(t, err)
	assert.Equal(t, `# head

algorithm maekawa
nodes A B C

voting-set A = {A, B}  # first
voting-set B = {B, C}
voting-set C = {C, A}
request B
deliver B->C request
schedule {
  # in
  exit B

}  # end
# tail
`, Format(f))
	roundTrip(t, "f", []byte(src))
}
