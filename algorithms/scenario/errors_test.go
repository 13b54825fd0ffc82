package scenario

import (
	"path/filepath"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// TestErrors compares what Load reports for the mistakes a new student
// makes with testdata/errors: each case is a scenario text and the full
// error list, one "file:line:col: message" a line. Regenerate with
// go test ./algorithms/scenario -run TestErrors -rewrite, then read the
// diff as a student would.
//
//	load
//	SCENARIO TEXT
//	----
//	ERRORS (or "ok")
func TestErrors(t *testing.T) {
	datadriven.Walk(t, filepath.Join("testdata", "errors"), func(t *testing.T, path string) {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			if d.Cmd != "load" {
				d.Fatalf(t, "unknown command %s", d.Cmd)
			}
			_, err := Load("scenario", []byte(d.Input+"\n"))
			if err == nil {
				return "ok\n"
			}
			return err.Error() + "\n"
		})
	})
}
