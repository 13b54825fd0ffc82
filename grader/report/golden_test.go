package report

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// rewrite is the project's one flag for regenerated test data (datadriven
// tests take the same name): here it rebuilds graded.result.json, then
// the golden files from it (fixture_test.go runs first).
var rewrite = flag.Bool("rewrite", false, "rebuild testdata: graded.result.json from the explorer, then the golden files")

// fixtures are the hand-made Results of testdata/*.result.json.
var fixtures = []string{"graded", "compile-error", "refused", "crashed"}

// formats renders a Result in every format, each with its golden file's
// extension.
var formats = []struct {
	ext    string
	render func(*Result) ([]byte, error)
}{
	{"md", func(r *Result) ([]byte, error) { return []byte(Markdown(r, Options{})), nil }},
	{"nohtml.md", func(r *Result) ([]byte, error) {
		return []byte(Markdown(r, Options{NoHTML: true, PlaygroundURL: "https://dmelab.example.org/play/"})), nil
	}},
	{"html", func(r *Result) ([]byte, error) { return []byte(HTML(r, Options{})), nil }},
	{"json", JSON},
	{"gradescope.json", func(r *Result) ([]byte, error) { return Gradescope(r, GradescopeOptions{}) }},
	{"prairielearn.json", func(r *Result) ([]byte, error) { return PrairieLearn(r, Options{}) }},
}

// TestGolden renders every fixture in every format and compares with
// testdata/NAME.EXT; -rewrite rewrites them (read the diff).
func TestGolden(t *testing.T) {
	for _, name := range fixtures {
		r := load(t, name)
		for _, f := range formats {
			t.Run(name+"."+f.ext, func(t *testing.T) {
				got, err := f.render(r)
				require.NoError(t, err)
				path := filepath.Join("testdata", name+"."+f.ext)
				if *rewrite {
					require.NoError(t, os.WriteFile(path, got, 0o644))
					return
				}
				want, err := os.ReadFile(path)
				require.NoError(t, err, "run go test ./grader/report -rewrite to create it")
				require.Equal(t, string(want), string(got))
			})
		}
	}
}

// TestJSONRoundTrip: the JSON rendering is the Result as is.
func TestJSONRoundTrip(t *testing.T) {
	for _, name := range fixtures {
		r := load(t, name)
		b, err := JSON(r)
		require.NoError(t, err)
		want, err := os.ReadFile(filepath.Join("testdata", name+".result.json"))
		require.NoError(t, err)
		require.JSONEq(t, string(want), string(b), name)
	}
}
