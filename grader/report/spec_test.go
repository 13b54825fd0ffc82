package report

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func requireXML(t *testing.T, s string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		require.NoError(t, err)
	}
}

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

func keysIn(t *testing.T, m map[string]any, allowed ...string) {
	t.Helper()
	for k := range m {
		assert.Contains(t, allowed, k, "field %q is not in the specification", k)
	}
}

func number(t *testing.T, m map[string]any, key string) float64 {
	t.Helper()
	v, ok := m[key].(float64)
	require.True(t, ok, "%q must be a number, got %#v", key, m[key])
	return v
}

var (
	gsFormats          = []any{"text", "html", "simple_format", "md", "ansi"}
	gsVisibilityValues = []any{"hidden", "after_due_date", "after_published", "visible"}
)

// TestGradescopeSpec checks every fixture's results.json against
// Gradescope's autograder specification: only its fields, a score at the
// top level, and per test score, max_score, status and visibility from
// the allowed values.
func TestGradescopeSpec(t *testing.T) {
	for _, name := range append(fixtures, "hostile") {
		r := hostile()
		if name != "hostile" {
			r = load(t, name)
		}
		for _, vis := range []string{"", "visible", "hidden", "after_published"} {
			b, err := Gradescope(r, GradescopeOptions{HiddenVisibility: vis})
			require.NoError(t, err)
			m := decode(t, b)
			keysIn(t, m, "score", "execution_time", "output", "output_format", "test_output_format", "test_name_format",
				"visibility", "stdout_visibility", "extra_data", "tests", "leaderboard")
			assert.Equal(t, round2(r.Score), number(t, m, "score"))
			assert.Contains(t, gsFormats, m["output_format"])
			assert.Contains(t, gsFormats, m["test_output_format"])
			assert.Contains(t, gsFormats, m["test_name_format"])
			assert.Contains(t, gsVisibilityValues, m["stdout_visibility"])
			tests, ok := m["tests"].([]any)
			require.True(t, ok, "tests must be an array")
			require.Len(t, tests, len(r.Tests))
			for i, x := range tests {
				gt := x.(map[string]any)
				keysIn(t, gt, "score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags", "visibility", "extra_data")
				assert.Equal(t, round2(r.Tests[i].Points), number(t, gt, "score"))
				assert.Equal(t, round2(r.Tests[i].MaxPoints), number(t, gt, "max_score"))
				assert.Contains(t, []any{"passed", "failed"}, gt["status"])
				assert.Equal(t, r.Tests[i].Passed, gt["status"] == "passed")
				assert.Contains(t, gsVisibilityValues, gt["visibility"])
				want := "visible"
				if r.Tests[i].Visibility == Hidden {
					want = vis
					if want == "" {
						want = "after_due_date"
					}
				}
				assert.Equal(t, want, gt["visibility"], "%s test %d", name, i)
				if f, ok := gt["output_format"]; ok {
					assert.Contains(t, gsFormats, f)
				}
				_, isString := gt["name"].(string)
				assert.True(t, isString)
			}
		}
	}
	_, err := Gradescope(&Result{}, GradescopeOptions{HiddenVisibility: "never"})
	require.Error(t, err)
}

// TestPrairieLearnSpec checks every fixture's results.json against
// PrairieLearn's external grading documentation: gradable, a score in
// [0, 1], format_errors as strings, and per test name, points and
// max_points (all of them, so the element shows the points).
func TestPrairieLearnSpec(t *testing.T) {
	for _, name := range append(fixtures, "hostile") {
		r := hostile()
		if name != "hostile" {
			r = load(t, name)
		}
		b, err := PrairieLearn(r, Options{})
		require.NoError(t, err)
		require.LessOrEqual(t, len(b), PrairieLearnLimit)
		m := decode(t, b)
		keysIn(t, m, "gradable", "score", "format_errors", "message", "output", "tests", "images")
		gradable, ok := m["gradable"].(bool)
		require.True(t, ok, "gradable must be a boolean")
		assert.Equal(t, r.Status != Refused && r.Status != CompileError, gradable, name)
		score := number(t, m, "score")
		assert.True(t, score >= 0 && score <= 1, "score %v", score)
		if r.MaxScore > 0 {
			assert.InDelta(t, r.Score/r.MaxScore, score, 0.0001)
		}
		if fe, ok := m["format_errors"]; ok {
			for _, e := range fe.([]any) {
				_, isString := e.(string)
				assert.True(t, isString)
			}
			assert.False(t, gradable, "format errors only for a submission that is not gradable")
		} else {
			assert.True(t, gradable || len(r.Problems) == 0)
		}
		tests := m["tests"].([]any)
		require.Len(t, tests, len(r.Tests))
		for i, x := range tests {
			pt := x.(map[string]any)
			keysIn(t, pt, "name", "description", "points", "max_points", "message", "output", "images")
			_, isString := pt["name"].(string)
			assert.True(t, isString)
			p, mp := number(t, pt, "points"), number(t, pt, "max_points")
			assert.Equal(t, round2(r.Tests[i].Points), p)
			assert.Equal(t, round2(r.Tests[i].MaxPoints), mp)
			if imgs, ok := pt["images"]; ok {
				for _, im := range imgs.([]any) {
					assert.True(t, strings.HasPrefix(im.(map[string]any)["url"].(string), "data:image/svg+xml;base64,"))
				}
			}
		}
	}
}

// TestPrairieLearnFits: a huge log is cut so the file stays under 1 MB.
func TestPrairieLearnFits(t *testing.T) {
	r := load(t, "graded")
	r.Log = strings.Repeat("P12: requestedNum=1 myNum=0\n", 80000) // 2.2 MB
	b, err := PrairieLearn(r, Options{})
	require.NoError(t, err)
	require.LessOrEqual(t, len(b), PrairieLearnLimit)
	m := decode(t, b)
	assert.Contains(t, m["output"], "cut to fit")
	assert.Len(t, m["tests"], len(r.Tests))
}
