package main

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
		code <- run([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--exercises", "../../../exercises"}, &out, &errs)
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
