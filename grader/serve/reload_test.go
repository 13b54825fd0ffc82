package serve

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// pointsGrader grades by the exercise as it loads from the folders it is
// given (a version's copy): every submission passes one hidden test worth
// the front matter's points.hidden. hold, if not nil, holds the gradings
// of submissions whose file is named "held.go" until it is closed.
type pointsGrader struct {
	exercises, hidden string
	hold              chan struct{}
}

func (g pointsGrader) Grade(ctx context.Context, name, file string, src []byte) (*report.Result, error) {
	if g.hold != nil && file == "held.go" {
		select {
		case <-g.hold:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	ex, err := exercise.Load(filepath.Join(g.exercises, name), g.hidden)
	if err != nil {
		return nil, err
	}
	p := ex.Points.Hidden
	return &report.Result{Exercise: name, File: file, Status: report.Graded, Score: p, MaxScore: p,
		Tests: []report.Test{{Name: "hidden", Visibility: report.Hidden, Points: p, MaxPoints: p, Passed: true}}}, nil
}

// editableSet is a served set of one real exercise (central: 2 points a
// hidden schedule, said so in its statement), with a server that looks
// for changes on disk often and grades with pointsGrader.
func editableSet(t *testing.T, hold chan struct{}) (o Options, md string) {
	root, err := sandbox.FindRoot(".")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(dir, "central"), os.DirFS(filepath.Join(root, "exercises", "central"))))
	md = filepath.Join(dir, "central", "exercise.md")
	b, err := os.ReadFile(md)
	require.NoError(t, err)
	require.Contains(t, string(b), "  hidden: 2\n")
	require.Contains(t, string(b), "Hidden schedules: 2 points each")
	o = testOptions(t, nil)
	o.Exercises, o.Hidden, o.Grader = dir, "", nil
	o.Graders = func(exercises, hidden string) Grader { return pointsGrader{exercises, hidden, hold} }
	o.Watch = 20 * time.Millisecond
	return o, md
}

// edit rewrites the statement's points (front matter and text) from 2 to
// points, with the front matter's key written as key.
func edit(t *testing.T, md, key, points string) {
	b, err := os.ReadFile(md)
	require.NoError(t, err)
	s := strings.Replace(string(b), "  hidden: 2\n", "  "+key+": "+points+"\n", 1)
	s = strings.Replace(s, "Hidden schedules: 2 points each", "Hidden schedules: "+points+" points each", 1)
	require.NoError(t, os.WriteFile(md, []byte(s), 0o644))
}

// staffCatalogue is the catalogue page as staff see it.
func (e *env) staffCatalogue() string {
	e.t.Helper()
	e.auth = "Bearer " + e.srv.StaffToken()
	defer func() { e.auth = "" }()
	_, body, _ := e.do("GET", "/exercises/", "", nil)
	return string(body)
}

// unbreak mends edit(t, md, "point", "5")'s misspelt key: the front
// matter's "point: 5" becomes "hidden: 5".
func unbreak(t *testing.T, md string) {
	t.Helper()
	b, err := os.ReadFile(md)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(md, []byte(strings.Replace(string(b), "  point: 5\n", "  hidden: 5\n", 1)), 0o644))
}

// statement is the exercise's statement as the API shows it.
func (e *env) statement(name string) string {
	e.t.Helper()
	code, body, _ := e.do("GET", "/api/exercises/"+name, "", nil)
	require.Equal(e.t, http.StatusOK, code, string(body))
	var ex Exercise
	require.NoError(e.t, json.Unmarshal(body, &ex))
	return ex.Statement
}

// submitTo submits file to the exercise and returns its id.
func (e *env) submitTo(exercise, file string) string {
	e.t.Helper()
	code, body, _ := e.do("POST", "/api/submissions", "application/json", submission(exercise, file, "package central // "+file+"\n"))
	require.Equal(e.t, http.StatusAccepted, code, string(body))
	var v View
	require.NoError(e.t, json.Unmarshal(body, &v))
	return v.ID
}

// hiddenPoints is what a graded submission's hidden test was worth.
func hiddenPoints(t *testing.T, v *View) float64 {
	t.Helper()
	require.Equal(t, Done, v.Status, v.Message)
	require.NotNil(t, v.Result)
	require.Len(t, v.Result.Tests, 1)
	return v.Result.Tests[0].MaxPoints
}

// eventually polls cond until it holds or a deadline passes.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not in time: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// An exercise edited on disk while it is served: the statement shown and
// the grading change together, to the new version.
func TestEditedExerciseIsShownAndGradedTogether(t *testing.T) {
	o, md := editableSet(t, nil)
	var logs syncBuffer
	o.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	e := start(t, o)
	assert.Contains(t, e.statement("central"), "Hidden schedules: 2 points each")
	assert.Equal(t, 2.0, hiddenPoints(t, e.await(e.submitTo("central", "before.go"))))

	edit(t, md, "hidden", "5")
	eventually(t, "the new statement is shown", func() bool {
		return strings.Contains(e.statement("central"), "Hidden schedules: 5 points each")
	})
	page := func() string {
		_, body, _ := e.do("GET", "/exercises/central", "", nil)
		return string(body)
	}
	assert.Contains(t, page(), "Hidden schedules: 5 points each")
	assert.NotContains(t, page(), "2 points each")
	assert.Equal(t, 5.0, hiddenPoints(t, e.await(e.submitTo("central", "after.go"))), "graded on the version shown")
	assert.Contains(t, logs.String(), "exercises changed on disk: reloaded (central: statement, points)")
}

// An edit that does not load (a misspelt key) is not taken: students are
// still shown and graded on the last version that loaded, staff are told
// where the error is, and fixing the file makes the server take it.
func TestBrokenEditKeepsTheVersionServed(t *testing.T) {
	o, md := editableSet(t, nil)
	o.Staff = true
	var logs syncBuffer
	o.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	e := start(t, o)
	staffPage := e.staffCatalogue

	edit(t, md, "point", "5")
	eventually(t, "staff are told the exercises do not load", func() bool {
		return strings.Contains(staffPage(), "The exercises on disk do not load")
	})
	page := staffPage()
	assert.Contains(t, page, "central/exercise.md:")
	assert.Contains(t, page, "students are still shown and graded on the version of")
	assert.Contains(t, logs.String(), "exercises changed on disk but do not load")
	assert.Contains(t, e.statement("central"), "Hidden schedules: 2 points each", "the version served stays")
	v := e.await(e.submitTo("central", "during.go"))
	assert.Equal(t, 2.0, hiddenPoints(t, v), "graded on the version shown, not failed")

	unbreak(t, md)
	eventually(t, "the fixed edit is taken", func() bool {
		return strings.Contains(e.statement("central"), "Hidden schedules: 5 points each")
	})
	assert.NotContains(t, staffPage(), "do not load")
	assert.Equal(t, 5.0, hiddenPoints(t, e.await(e.submitTo("central", "fixed.go"))))
}

// A submission accepted before an edit and graded after it is graded, on
// the version it was accepted under; that version's copy is kept until
// then and removed after.
func TestSubmissionQueuedAcrossAReloadIsGraded(t *testing.T) {
	hold := make(chan struct{})
	o, md := editableSet(t, hold)
	o.Workers = 1
	e := start(t, o)
	held := e.submitTo("central", "held.go")
	queued := e.submitTo("central", "queued.go")
	eventually(t, "the first submission runs", func() bool { return e.get(held, 0).Status == Running })
	require.Equal(t, Queued, e.get(queued, 0).Status)
	first := e.srv.snap().id

	edit(t, md, "hidden", "5")
	eventually(t, "the edit is taken", func() bool {
		return strings.Contains(e.statement("central"), "Hidden schedules: 5 points each")
	})
	after := e.submitTo("central", "after.go")
	assert.DirExists(t, filepath.Join(o.DataDir, snapshotsDir, first), "kept while submissions wait on it")
	close(hold)

	assert.Equal(t, 2.0, hiddenPoints(t, e.await(held)), "graded on the version it was accepted under")
	assert.Equal(t, 2.0, hiddenPoints(t, e.await(queued)), "graded on the version it was accepted under")
	assert.Equal(t, 5.0, hiddenPoints(t, e.await(after)))
	eventually(t, "the old version is removed", func() bool {
		_, err := os.Stat(filepath.Join(o.DataDir, snapshotsDir, first))
		return os.IsNotExist(err)
	})
	assert.DirExists(t, filepath.Join(o.DataDir, snapshotsDir, e.srv.snap().id))
}

// syncBuffer is a log safe to write from the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Staff's validation tables, of the version served at start, say so once
// another version is served.
func TestValidationOfAnEarlierVersionIsSaidSo(t *testing.T) {
	o, md := editableSet(t, nil)
	o.Staff = true
	var validated string
	o.Validate = func(ctx context.Context, exercises, _ string) (string, error) {
		validated = exercises
		return "| exercise | mutants caught |\n|---|---|\n| central | 6/6 |\n", nil
	}
	e := start(t, o).asStaff()
	page := func() string {
		_, body, _ := e.do("GET", "/exercises/", "", nil)
		return string(body)
	}
	eventually(t, "the validation table appears", func() bool { return strings.Contains(page(), "<td>6/6</td>") })
	assert.NotContains(t, page(), "earlier version")
	assert.Equal(t, e.srv.snap().exercises, validated, "the version served is validated, not the folder on disk")

	edit(t, md, "hidden", "5")
	eventually(t, "the table is said to be of an earlier version", func() bool {
		return strings.Contains(page(), "This validation is of an earlier version of the exercises")
	})
	assert.Contains(t, page(), "<td>6/6</td>")
}

// A restart with an edit that does not load on disk (the server kept it
// out while it ran) serves the version the last run served, and says so
// to staff, instead of taking the course down; the fixed file is taken
// as soon as it loads. With no version served before, the server does
// not start, and says which exercise and where.
func TestRestartWithABrokenEditServesTheLastVersion(t *testing.T) {
	o, md := editableSet(t, nil)
	o.Staff = true
	first := start(t, o)
	assert.Contains(t, first.statement("central"), "Hidden schedules: 2 points each")
	served := first.srv.snap().id
	first.stop()

	edit(t, md, "point", "5")
	var logs syncBuffer
	o.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	e := start(t, o)
	assert.Equal(t, served, e.srv.snap().id, "the version the last run served")
	assert.Contains(t, e.statement("central"), "Hidden schedules: 2 points each")
	assert.Equal(t, 2.0, hiddenPoints(t, e.await(e.submitTo("central", "after-restart.go"))))
	assert.Contains(t, logs.String(), "the exercises on disk do not load: students are shown and graded on the version the last run served")
	page := e.staffCatalogue
	assert.Contains(t, page(), "The exercises on disk do not load")
	assert.Contains(t, page(), "central/exercise.md:")

	unbreak(t, md)
	eventually(t, "the fixed edit is taken", func() bool {
		return strings.Contains(e.statement("central"), "Hidden schedules: 5 points each")
	})
	assert.NotContains(t, page(), "do not load")
	e.stop()

	// A fresh data directory has no version to fall back on.
	b, err := os.ReadFile(md)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(md, []byte(strings.Replace(string(b), "  hidden: 5\n", "  point: 5\n", 1)), 0o644))
	o.DataDir = t.TempDir()
	_, err = New(o)
	var bad *ExercisesError
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, err.Error(), "exercise central cannot be graded: ")
	assert.Contains(t, err.Error(), "central/exercise.md:")
	assert.NotContains(t, err.Error(), o.DataDir, "the folders on disk are named, not their copies")
}

// A version the last run served that no longer loads (the grader's rules
// changed, or the copy was edited by hand) is not fallen back on.
func TestRestartFallsBackOnlyOnAVersionThatLoads(t *testing.T) {
	o, md := editableSet(t, nil)
	e := start(t, o)
	served := e.srv.snap().id
	e.stop()
	copied := filepath.Join(o.DataDir, snapshotsDir, served, "exercises", "central", "exercise.md")
	b, err := os.ReadFile(copied)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(copied, []byte(strings.Replace(string(b), "  hidden: 2\n", "  hiden: 2\n", 1)), 0o644))
	edit(t, md, "point", "5")
	_, err = New(o)
	var bad *ExercisesError
	require.ErrorAs(t, err, &bad)
}

// A public schedule that is a link to a hidden one is refused at start,
// although serve's copy of it is a file: students would read the hidden
// test on the exercise's page.
func TestLinkToAHiddenScheduleIsNotServed(t *testing.T) {
	o, md := editableSet(t, nil)
	dir := filepath.Dir(md)
	hidden, err := filepath.Glob(filepath.Join(dir, "hidden", "*.scn"))
	require.NoError(t, err)
	require.NotEmpty(t, hidden)
	require.NoError(t, os.Symlink(filepath.Join("..", "hidden", filepath.Base(hidden[0])), filepath.Join(dir, "public", "zz.scn")))
	_, err = New(o)
	var bad *ExercisesError
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, err.Error(), "exercise central cannot be served: central/public/zz.scn is a link to hidden/"+filepath.Base(hidden[0]))
}
