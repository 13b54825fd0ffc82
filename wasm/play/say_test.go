package play

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
)

// TestSay runs the scenarios of testdata/say.txt and writes, for every
// step, what the page labels it with (its sentence, sim.Explain, else
// its description) and the listing lines it ran (the branch it took).
// Regenerate with go test ./wasm/play -run TestSay -rewrite, then read the
// diff: each sentence must be true of its step, in the course's words.
//
//	run [file=NAME.scn]   (the scenario: the file among the examples, or the input)
func TestSay(t *testing.T) {
	datadriven.RunTest(t, "testdata/say.txt", func(t *testing.T, d *datadriven.TestData) string {
		require.Equal(t, "run", d.Cmd)
		text := d.Input
		for _, a := range d.CmdArgs {
			require.Equal(t, "file", a.Key)
			text = readExample(t, a.Vals[0])
		}
		r, diags, err := NewScenarioRun(text)
		require.NoError(t, err)
		require.Empty(t, diags)
		s := r.State()
		listing := registry.Lookup(s.Params.Algo).Listing
		var b strings.Builder
		for k, st := range s.Steps {
			label := st.Text
			if st.Say != "" {
				label = st.Say
			}
			fmt.Fprintf(&b, "%2d %s\n", k+1, label)
			if len(st.Lines) > 0 {
				fmt.Fprintf(&b, "     ran: %s\n", strings.Join(texts(listing, st.Lines), " | "))
			}
		}
		if sc := s.Script; sc != nil && sc.Stopped != nil {
			fmt.Fprintf(&b, "stopped at line %d: %s\n", sc.Stopped.Line, sc.Stopped.Message)
		}
		return b.String()
	})
}
