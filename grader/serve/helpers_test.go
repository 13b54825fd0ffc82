package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
	"dmelab/site"
)

// Markers planted in every kind of hidden material of the test exercises:
// no response may ever contain one.
const (
	markHidden   = "SECRET-HIDDEN-SCHEDULE"
	markSolution = "SECRET-REFERENCE-SOLUTION"
	markMutant   = "SECRET-MUTANT"
	markOutside  = "SECRET-OUTSIDE-HIDDEN-DIR"
	markSource   = "SECRET-TEST-SOURCE"
	markComment  = "SECRET-SCENARIO-COMMENT"
)

var secretMarks = []string{markHidden, markSolution, markMutant, markOutside, markSource, markComment}

// writeTree writes files (path → text) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, text := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(text), 0o644))
	}
}

// exercisesDir makes an exercise set with every kind of material, and a
// hidden folder outside it.
func exercisesDir(t *testing.T) (exercises, hidden string) {
	root := t.TempDir()
	exercises, hidden = filepath.Join(root, "exercises"), filepath.Join(root, "hidden")
	writeTree(t, exercises, map[string]string{
		"ra/exercise.md":          "---\ntitle: \"Ricart–Agrawala steps\"\nalgorithm: ra-benari\ninterface: rasteps\npoints:\n  public: 5\n---\n# The steps\n\nFill in P2.\n",
		"ra/starter.go":           "package ra // STARTER\n",
		"ra/solution.go":          "package ra // " + markSolution + "\n",
		"ra/public/two.scn":       "algorithm ra-benari\nnodes N1 N2\n",
		"ra/hidden/race.scn":      "# " + markHidden + "\nalgorithm ra-benari\nnodes N1 N2\n",
		"ra/mutants/flag.go":      "// " + markMutant + "\npackage ra\n",
		"set1/set.md":             "---\ntitle: Set one\norder: [mk]\n---\nThe *first* set.\n",
		"set1/mk/exercise.md":     "---\ntitle: Maekawa\nalgorithm: maekawa\ninterface: maekawasteps\n---\nVoting sets.\n",
		"set1/mk/starter.go":      "package mk\n",
		"set1/mk/hidden/deep.scn": "# " + markHidden + "\nalgorithm maekawa\nnodes N1 N2 N3\n",
		".git/exercise.md":        "---\ntitle: not an exercise\n---\n",
	})
	writeTree(t, hidden, map[string]string{
		"ra/outside.scn": "# " + markOutside + "\nalgorithm ra-benari\nnodes N1 N2\n",
		"mk/deep.scn":    "# " + markHidden + "\nalgorithm maekawa\nnodes N1 N2 N3\n",
	})
	return exercises, hidden
}

// fakeResult is a graded result with a public and a hidden test, the
// hidden one failing with a counterexample whose scenario has a comment.
func fakeResult(exercise, file string, src []byte) *report.Result {
	return &report.Result{
		Exercise: exercise, Title: "Test exercise", File: file, Status: report.Graded,
		Score: 5, MaxScore: 10,
		Tests: []report.Test{
			{Name: "two nodes", Visibility: report.Public, Points: 5, MaxPoints: 5, Passed: true, Source: "public/two.scn"},
			{Name: "race", Visibility: report.Hidden, Points: 0, MaxPoints: 5, Passed: false, Message: "deadlock",
				Source: "hidden/" + markSource + ".scn", At: "hidden/" + markSource + ".scn:7",
				Counterexample: &report.Counterexample{Property: "liveness", Kind: "deadlock", Summary: "stuck",
					Nodes: []string{"N1", "N2"}, Initial: []string{"", ""}, Loop: -1,
					Scenario: "# " + markComment + "\nalgorithm ra-benari\nnodes N1 N2\nrequest N1\n"}},
		},
		Log: string(src[:min(len(src), 20)]),
	}
}

// recorder is a fake grader that records its calls and can be held.
type recorder struct {
	mu     sync.Mutex
	calls  map[string]int // by file name (tests give each submission its own)
	delay  time.Duration
	hold   chan struct{}  // if not nil, every grading waits for it to close
	free   int            // gradings that run before hold applies (the first free ones never wait)
	began  int            // gradings begun, all files together
	held   int            // gradings that have waited on hold
	failN  map[string]int // file → attempts that fail before success
	panicN map[string]int
}

func newRecorder() *recorder {
	return &recorder{calls: map[string]int{}, failN: map[string]int{}, panicN: map[string]int{}}
}

func (g *recorder) Grade(ctx context.Context, exercise, file string, src []byte) (*report.Result, error) {
	g.mu.Lock()
	g.calls[file]++
	n := g.calls[file]
	fail, pan := g.failN[file] >= n, g.panicN[file] >= n
	g.began++
	hold, delay := g.hold, g.delay
	if g.began <= g.free {
		hold = nil
	}
	if hold != nil {
		g.held++
	}
	g.mu.Unlock()
	if hold != nil {
		select {
		case <-hold:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if pan {
		panic("grader bug")
	}
	if fail {
		return nil, io.ErrUnexpectedEOF
	}
	return fakeResult(exercise, file, src), nil
}

// holding is how many gradings have waited on hold (they cannot finish
// before it closes).
func (g *recorder) holding() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.held
}

func (g *recorder) count(file string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.calls[file]
}

// env is a running test server.
type env struct {
	t   *testing.T
	srv *Server
	ts  *httptest.Server
	// auth, if set, is sent as the Authorization header of every request
	// (staff tests: "Bearer " and the staff token).
	auth string
}

// asStaff makes e's requests carry the staff token.
func (e *env) asStaff() *env {
	e.auth = "Bearer " + e.srv.StaffToken()
	return e
}

func testOptions(t *testing.T, g Grader) Options {
	ex, hidden := exercisesDir(t)
	sh, err := site.Handler(site.Assets())
	require.NoError(t, err)
	return Options{
		DataDir: t.TempDir(), Exercises: ex, Hidden: hidden, Grader: g, Site: sh,
		Workers: 2, Poll: 50 * time.Millisecond, RatePerMinute: -1,
	}
}

func start(t *testing.T, o Options) *env {
	return startTimeouts(t, o, DefaultTimeouts)
}

func startTimeouts(t *testing.T, o Options, to Timeouts) *env {
	t.Helper()
	o.Timeouts = to
	s, err := New(o)
	require.NoError(t, err)
	s.Start()
	h := s.Handler()
	ts := httptest.NewUnstartedServer(h)
	ts.Config = HTTPServer(h, to)
	ts.Listener = JSONErrors(ts.Listener)
	ts.Start()
	e := &env{t: t, srv: s, ts: ts}
	t.Cleanup(e.stop)
	return e
}

// stop shuts the server down gracefully (once).
func (e *env) stop() {
	if e.ts == nil {
		return
	}
	e.ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	e.srv.Shutdown(ctx)
	e.ts = nil
}

// do sends a request and returns the status and the body.
func (e *env) do(method, path, ctype string, body []byte, hdr ...string) (int, []byte, http.Header) {
	e.t.Helper()
	req, err := http.NewRequest(method, e.ts.URL+path, bytes.NewReader(body))
	require.NoError(e.t, err)
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if e.auth != "" {
		req.Header.Set("Authorization", e.auth)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := e.ts.Client().Do(req)
	require.NoError(e.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(e.t, err)
	return resp.StatusCode, b, resp.Header
}

func submission(exercise, file, source string) []byte {
	b, _ := json.Marshal(map[string]string{"exercise": exercise, "file": file, "source": source})
	return b
}

// submit posts a valid submission and returns its id.
func (e *env) submit(file string) string {
	e.t.Helper()
	code, body, _ := e.do("POST", "/api/submissions", "application/json", submission("ra", file, "package ra // "+file+"\n"))
	require.Equal(e.t, http.StatusAccepted, code, string(body))
	var v View
	require.NoError(e.t, json.Unmarshal(body, &v))
	return v.ID
}

// get reads a submission (long-polling wait seconds).
func (e *env) get(id string, wait int) *View {
	e.t.Helper()
	code, body, _ := e.do("GET", "/api/submissions/"+id+"?wait="+strconv.Itoa(wait), "", nil)
	require.Equal(e.t, http.StatusOK, code, string(body))
	var v View
	require.NoError(e.t, json.Unmarshal(body, &v))
	return &v
}

// await waits until the submission is done or failed.
func (e *env) await(id string) *View {
	e.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if v := e.get(id, 5); final(v.Status) {
			return v
		}
	}
	e.t.Fatalf("submission %s not finished in time", id)
	return nil
}
