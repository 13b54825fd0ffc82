package serve

import (
	"context"
	"database/sql"
	"encoding/json"
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
)

// tryGrader is a recorder that also tries files on their own
// schedules, keeping what it was given.
type tryGrader struct {
	*recorder
	mu  sync.Mutex
	own [][]exercise.Schedule
}

func (g *tryGrader) GradeOwn(ctx context.Context, ex, file string, src []byte, own []exercise.Schedule) (*report.Result, error) {
	g.mu.Lock()
	g.own = append(g.own, own)
	g.mu.Unlock()
	res, err := g.Grade(ctx, ex, file, src)
	if res != nil {
		res.Tests = []report.Test{{Name: "yours/" + own[0].Name, Visibility: report.Public, Own: true, Points: 1, MaxPoints: 1, Passed: true, Source: own[0].Path}}
		res.Score, res.MaxScore = 1, 1
	}
	return res, err
}

func try(source string, own ...Own) []byte {
	b, _ := json.Marshal(map[string]any{"exercise": "central", "file": "central.go", "source": source, "schedules": own})
	return b
}

const twoNodes = "algorithm central\nnodes N1 N2\nrequest N2\n"

// tryOptions serve a copy of the project's central exercise (a try's
// schedules are checked on the exercise as the grader loads it).
func tryOptions(t *testing.T, g Grader) Options {
	o := testOptions(t, g)
	o.Exercises, o.Hidden = t.TempDir(), ""
	require.NoError(t, os.CopyFS(filepath.Join(o.Exercises, "central"), os.DirFS("../../exercises/central")))
	return o
}

// A submission with schedules is a try: checked at once, stored,
// graded on those schedules alone, and shown as a try.
func TestTry(t *testing.T) {
	g := &tryGrader{recorder: newRecorder()}
	e := start(t, tryOptions(t, g))
	code, body, _ := e.do("POST", "/api/submissions", "application/json", try("package ra // try\n", Own{Name: "mine", Text: twoNodes}))
	require.Equal(t, http.StatusAccepted, code, string(body))
	var v View
	require.NoError(t, json.Unmarshal(body, &v))
	assert.Equal(t, []string{"mine"}, v.Try)
	done := e.await(v.ID)
	require.Equal(t, Done, done.Status, done.Message)
	assert.Equal(t, []string{"mine"}, done.Try)
	require.Len(t, done.Result.Tests, 1)
	assert.Equal(t, "yours/mine", done.Result.Tests[0].Name)
	g.mu.Lock()
	require.Len(t, g.own, 1)
	assert.Equal(t, []exercise.Schedule{{Name: "mine", Path: "mine.scn", Text: []byte(twoNodes)}}, g.own[0])
	g.mu.Unlock()

	// A submission without schedules is graded as ever, and says no try.
	code, body, _ = e.do("POST", "/api/submissions", "application/json", submission("central", "plain.go", "package central\n"))
	require.Equal(t, http.StatusAccepted, code, string(body))
	require.NoError(t, json.Unmarshal(body, &v))
	plain := e.await(v.ID)
	assert.Nil(t, plain.Try)
	g.mu.Lock()
	assert.Len(t, g.own, 1, "not a try")
	g.mu.Unlock()
}

// A try's schedules are checked before anything is stored: each
// mistake is answered at once, at its line.
func TestTryRefused(t *testing.T) {
	g := &tryGrader{recorder: newRecorder()}
	e := start(t, tryOptions(t, g))
	many := make([]Own, exercise.MaxOwn+1)
	for i := range many {
		many[i] = Own{Name: "s" + string(rune('a'+i)), Text: twoNodes}
	}
	for _, c := range []struct {
		own    []Own
		status int
		msg    string
	}{
		{[]Own{}, http.StatusBadRequest, `"schedules" is empty`},
		{many, http.StatusBadRequest, "6 schedules: a try runs at most 5"},
		{[]Own{{Name: "../x", Text: twoNodes}}, http.StatusBadRequest, `schedule 1: bad name "../x"`},
		{[]Own{{Name: "blank", Text: " \n"}}, http.StatusBadRequest, "schedule blank is empty"},
		{[]Own{{Name: "big", Text: twoNodes + strings.Repeat("#\n", maxOwnText)}}, http.StatusRequestEntityTooLarge, "schedule big is"},
		{[]Own{{Name: "typo", Text: "algorithm central\nnodes N1 N2\nrequst N1\n"}}, http.StatusUnprocessableEntity, `typo.scn:3:1: unknown statement`},
		{[]Own{{Name: "other", Text: "algorithm lamport\nnodes N1 N2\n"}}, http.StatusUnprocessableEntity, "other.scn:1:11: the schedule is written for lamport, and this exercise is about central"},
		{[]Own{{Name: "same", Text: twoNodes}, {Name: "same", Text: twoNodes}}, http.StatusUnprocessableEntity, "would both be the test yours/same"},
		// Nothing is read from the server's files: a hidden schedule stays hidden.
		{[]Own{{Name: "peek", Text: "include ../hidden/frees_again.scn\n" + twoNodes}}, http.StatusUnprocessableEntity, "peek.scn:1:1: include ../hidden/frees_again.scn: files can only be included where scenarios are read from files"},
	} {
		code, body, _ := e.do("POST", "/api/submissions", "application/json", try("package ra\n", c.own...))
		assert.Equal(t, c.status, code, string(body))
		var answer struct{ Error string }
		require.NoError(t, json.Unmarshal(body, &answer))
		assert.Contains(t, answer.Error, c.msg)
	}
	counts, _, err := e.srv.Store().Census(t.Context())
	require.NoError(t, err)
	assert.Empty(t, counts, "nothing stored")

	// A grader that cannot try: 501, nothing stored.
	e = start(t, tryOptions(t, newRecorder()))
	code, body, _ := e.do("POST", "/api/submissions", "application/json", try("package ra\n", Own{Name: "mine", Text: twoNodes}))
	assert.Equal(t, http.StatusNotImplemented, code)
	assert.Contains(t, string(body), "this server cannot try your own schedules")
}

// An Idempotency-Key names a try with its schedules: resent whole, the
// same try; with other schedules, another body.
func TestTryIdempotency(t *testing.T) {
	g := &tryGrader{recorder: newRecorder()}
	e := start(t, tryOptions(t, g))
	send := func(b []byte) (int, View) {
		code, body, _ := e.do("POST", "/api/submissions", "application/json", b, "Idempotency-Key", "try-key-0001")
		var v View
		_ = json.Unmarshal(body, &v)
		return code, v
	}
	code, first := send(try("package ra\n", Own{Name: "mine", Text: twoNodes}))
	require.Equal(t, http.StatusAccepted, code)
	code, again := send(try("package ra\n", Own{Name: "mine", Text: twoNodes}))
	require.Equal(t, http.StatusAccepted, code)
	assert.Equal(t, first.ID, again.ID)
	code, _ = send(try("package ra\n", Own{Name: "mine", Text: twoNodes + "request N2\n"}))
	assert.Equal(t, http.StatusUnprocessableEntity, code, "the same key with other schedules")
	code, _ = send(submission("central", "central.go", "package ra\n"))
	assert.Equal(t, http.StatusUnprocessableEntity, code, "the same key for the file alone")
}

// A database of schema version 2 gains the column of tries: its queued
// submission is claimed as a submission, and a try is stored beside it.
func TestMigrationAddsTries(t *testing.T) {
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, DBFile))
	require.NoError(t, err)
	// Version 2 is version 1 with idem_body (migrate1to2).
	_, err = db.Exec(schemaV1 + `ALTER TABLE submissions ADD COLUMN idem_body TEXT NOT NULL DEFAULT ''; PRAGMA user_version = 2;`)
	require.NoError(t, err)
	oldID := NewID()
	_, err = db.Exec(`INSERT INTO submissions (id, exercise, file, source, client, status, created) VALUES (?, 'ra', 'a.go', 'package ra', '10.0.0.1', 'queued', 1)`, oldID)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	st := openMigrated(t, dir)
	ctx, now := t.Context(), time.Now()
	j, err := st.Claim(ctx, now, time.Minute, 3)
	require.NoError(t, err)
	require.NotNil(t, j)
	assert.Equal(t, oldID, j.ID)
	assert.Empty(t, j.Own)

	own := []Own{{Name: "mine", Text: twoNodes}}
	id, _, err := st.Add(ctx, Submission{ID: NewID(), Exercise: "ra", File: "b.go", Source: []byte("package ra"), Client: "10.0.0.1", Own: own}, now)
	require.NoError(t, err)
	rec, err := st.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, own, rec.Own)
	j, err = st.Claim(ctx, now, time.Minute, 3)
	require.NoError(t, err)
	require.NotNil(t, j)
	assert.Equal(t, id, j.ID)
	assert.Equal(t, own, j.Own)
}
