package main

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/serve"
)

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
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

// dmelab serve starts, answers the API and the playground on the address
// it prints, and stops cleanly on SIGTERM. (The API itself is tested in
// grader/serve.)
func TestServeStartsAndStops(t *testing.T) {
	var out, errs syncBuffer
	code := make(chan int, 1)
	go func() {
		code <- run([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--exercises", "../../exercises"}, &out, &errs)
	}()
	url := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var base string
	require.Eventually(t, func() bool { base = url.FindString(out.String()); return base != "" }, 30*time.Second, 20*time.Millisecond, errs.String())

	resp, err := http.Get(base + "api/exercises")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	resp, err = http.Post(base+"api/scenario/check", "application/json", strings.NewReader(`{"text":"algorithm central\nnodes A\nfrob A\n"}`))
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), `"line":3`, "the scenario API is served too")
	// net/http's own 431 is JSON too (serve.JSONErrors).
	req, err := http.NewRequest("GET", base+"api/health", nil)
	require.NoError(t, err)
	req.Header.Set("X-Big", strings.Repeat("a", 48<<10))
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusRequestHeaderFieldsTooLarge, resp.StatusCode)
	assert.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"))
	assert.Contains(t, string(body), `"error":"request header fields too large`)
	resp, err = http.Get(base + "api/nothing")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)

	require.NoError(t, syscall.Kill(syscall.Getpid(), syscall.SIGTERM))
	select {
	case c := <-code:
		assert.Equal(t, exitOK, c, errs.String())
	case <-time.After(40 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	assert.Contains(t, errs.String(), "stopping")

	c := run([]string{"serve", "--addr", "not an address"}, &out, &errs)
	assert.Equal(t, exitUsage, c)
}

// A database holding less than its record counts is refused, naming
// what is missing and the ways on.
func TestServeRefusesALossyDatabase(t *testing.T) {
	data := t.TempDir()
	st, err := serve.OpenStore(data)
	require.NoError(t, err)
	for i := range 2 {
		_, _, err := st.Add(context.Background(), serve.Submission{ID: serve.NewID(), Exercise: "ra", File: "a.go",
			Source: []byte{byte('a' + i)}, Client: "c"}, time.Now())
		require.NoError(t, err)
	}
	require.NoError(t, st.Close())
	db, err := sql.Open("sqlite", filepath.Join(data, serve.DBFile))
	require.NoError(t, err)
	_, err = db.Exec(`DELETE FROM submissions WHERE seq = 2`) // as a lost WAL would
	require.NoError(t, err)
	require.NoError(t, db.Close())

	var out, errs syncBuffer
	code := run([]string{"serve", "--addr", "127.0.0.1:0", "--data", data, "--exercises", "../../exercises"}, &out, &errs)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs.String(), "1 accepted submission(s) (seq 2 to 2) missing")
	assert.Contains(t, errs.String(), "--accept-loss")
	assert.NotContains(t, out.String(), "playground and grader on", "it did not start")
}

// An exercise the grader cannot load (here a hidden schedule with a
// misspelt statement) stops serve at start, naming the exercise, its file
// and line, instead of being listed to students whose every submission
// would then fail "on the server's side".
func TestServeRefusesAnExerciseItCannotGrade(t *testing.T) {
	set := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(set, "central"), os.DirFS("../../exercises/central")))
	require.NoError(t, os.CopyFS(filepath.Join(set, "other"), os.DirFS("../../exercises/central")))
	require.NoError(t, os.WriteFile(filepath.Join(set, "other", "hidden", "typo.scn"), []byte("algorithm central\nnodes N1 N2\nsedn N1 request\n"), 0o644))

	var out, errs syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--exercises", set}, &out, &errs)
	}()
	var code int
	select {
	case code = <-done:
	case <-time.After(2 * time.Minute):
		// A serve that starts would serve until stopped: fail now, not
		// at the test binary's timeout.
		t.Fatalf("serve started with an exercise it cannot grade: %s", out.String())
	}
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs.String(), "exercise other cannot be graded: other/hidden/typo.scn:3:1: unknown statement \"sedn\"")
	assert.NotContains(t, errs.String(), "exercise central")
	assert.Contains(t, errs.String(), "not started: fix the exercises above (dmelab validate "+set+" tells every problem)")
	assert.NotContains(t, out.String(), "playground and grader on", "it did not start")
}
