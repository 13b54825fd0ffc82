package scenario

import (
	"path/filepath"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExamplesHold runs every example scenario and requires every
// expectation to hold: the examples state the seeds' facts, so changing a
// fact in a file (or breaking an algorithm) fails here.
func TestExamplesHold(t *testing.T) {
	for _, path := range examples(t) {
		s, err := Load(path, read(t, path))
		require.NoError(t, err)
		r := Run(s, Options{})
		require.True(t, r.OK(), "%s:\n%s", path, r.Report())
		assert.NotEmpty(t, r.Expects, path)
	}
}

// TestGolden compares each example's full report (and, where it helps, its
// run under another algorithm or channel model) with testdata/golden.
// Regenerate with go test ./algorithms/scenario -rewrite, then read the
// diff against the seeds.
//
//	run file=NAME.scn [algorithm=NAME] [channels=fifo|unordered]
//	emit file=NAME.scn   (the run written back as a schedule)
func TestGolden(t *testing.T) {
	datadriven.Walk(t, filepath.Join("testdata", "golden"), func(t *testing.T, path string) {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			var file, alg, channels string
			for _, a := range d.CmdArgs {
				switch {
				case a.Key == "file" && len(a.Vals) == 1:
					file = a.Vals[0]
				case a.Key == "algorithm" && len(a.Vals) == 1:
					alg = a.Vals[0]
				case a.Key == "channels" && len(a.Vals) == 1:
					channels = a.Vals[0]
				default:
					d.Fatalf(t, "unknown argument %s", a.Key)
				}
			}
			name := filepath.Join("testdata", file)
			f, err := Parse(file, read(t, name))
			require.NoError(t, err)
			f, err = Expand(f, testdataRead)
			require.NoError(t, err)
			override(f, alg, channels)
			s, err := Check(f)
			if err != nil {
				return "error: " + err.Error() + "\n"
			}
			r := Run(s, Options{})
			switch d.Cmd {
			case "run":
				return r.Report()
			case "emit":
				out, err := r.Scenario()
				require.NoError(t, err)
				return out
			}
			d.Fatalf(t, "unknown command %s", d.Cmd)
			return ""
		})
	})
}

// override runs a scenario under another algorithm or channel model, as a
// student would by editing its first lines.
func override(f *File, alg, channels string) {
	at := -1
	for i, s := range f.Stmts {
		switch s := s.(type) {
		case *AlgorithmStmt:
			if alg != "" {
				s.Name.Name = alg
			}
		case *ChannelsStmt:
			if channels != "" {
				s.FIFO = channels == "fifo"
				channels = ""
			}
		case *NodesStmt:
			at = i + 1
		}
	}
	if channels != "" && at >= 0 {
		ch := &ChannelsStmt{FIFO: channels == "fifo"}
		f.Stmts = append(f.Stmts[:at], append([]Stmt{ch}, f.Stmts[at:]...)...)
	}
}
