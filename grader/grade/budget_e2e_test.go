package grade_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
)

// A correct file that prints thousands of lines in every request it
// takes, on a budget its printing overruns. Whichever limit ends each
// test (the guard's share, or the sandbox's total, which refuses the
// calls after it), the feedback says printing takes time; no test reads
// "stopped after 0s"; the two tests of one exploration, which share its
// search, read alike (both not run, or both stopped); and a test not run
// after tests that were only not run does not point to failed tests
// above (a stopped test reads failed). A hidden test's message gives no count of what it printed.
func TestHeavyPrintingIsToldAsTheCause(t *testing.T) {
	ex := load(t, "central")
	ex.Limits.Total = time.Second
	src, err := os.ReadFile(filepath.Join(ex.Dir, "solution.go"))
	require.NoError(t, err)
	const on = "func (n Node) OnRequest(from int) {"
	printing := strings.Replace(string(src), on, on+"\n\tfor i := 0; i < 5000; i++ {\n\t\tprintln(\"request from\", from, \"iteration\", i)\n\t}", 1)
	require.NotEqual(t, string(src), printing)
	path := filepath.Join(t.TempDir(), "printing.go")
	require.NoError(t, os.WriteFile(path, []byte(printing), 0o644))
	res := gradeFile(t, ex, path)
	require.Equal(t, report.Graded, res.Status)
	assert.True(t, res.LogTruncated)

	ended, failed := 0, false
	notRun := map[string]bool{} // an exploration's tests, by their configuration
	for _, tt := range res.Tests {
		if tt.Passed {
			continue
		}
		assert.NotContains(t, tt.Message, "after 0s", tt.Name)
		if cfg, _, ok := strings.Cut(tt.Name, ": "); ok && strings.HasPrefix(tt.Name, "explore ") {
			if was, seen := notRun[cfg]; seen {
				assert.Equal(t, was, tt.NotRun, "%s reads as the test it shares its search with: %s", tt.Name, tt.Message)
			}
			notRun[cfg] = tt.NotRun
		}
		switch {
		case tt.NotRun:
			assert.Contains(t, tt.Message, "Your code printed more than the log keeps (16 KiB) in this grading, and printing takes time: remove the prints.", tt.Name)
			if !failed {
				assert.NotContains(t, tt.Message, "failed tests above", "%s: no test above failed", tt.Name)
			}
		case strings.HasPrefix(tt.Message, "This test was stopped after"):
			// (One stopped before its first call printed nothing.)
			if strings.Contains(tt.Message, "and printing takes time: remove the prints") && tt.Visibility != report.Hidden {
				assert.Contains(t, tt.Message, " lines (", tt.Name)
			}
			assert.False(t, tt.Visibility == report.Hidden && strings.Contains(tt.Message, " lines ("), "%s: a hidden test gives no count: %s", tt.Name, tt.Message)
			failed = true // a stopped test reads failed
		default:
			failed = true
			continue
		}
		ended++
	}
	if !assert.Positive(t, ended, "the budget ended some test") || t.Failed() {
		for _, tt := range res.Tests {
			t.Logf("%s: %v/%v notrun=%v %s", tt.Name, tt.Points, tt.MaxPoints, tt.NotRun, tt.Message)
		}
	}
}
