package serve

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A server started with Staff shows the staff view only to requests with
// the staff token; everyone else gets the student view.
func TestStaffViewNeedsTheToken(t *testing.T) {
	o := testOptions(t, newRecorder())
	o.Staff, o.StaffToken = true, "teachers-only-0123"
	e := start(t, o)
	assert.Equal(t, "teachers-only-0123", e.srv.StaffToken())
	id := e.submit("s.go")
	e.await(id)

	hidden := func(e *env) (exercise, page bool, source string) {
		_, body, _ := e.do("GET", "/api/exercises/ra", "", nil)
		var ex Exercise
		require.NoError(t, json.Unmarshal(body, &ex))
		_, list, _ := e.do("GET", "/api/exercises", "", nil)
		_, html, _ := e.do("GET", "/exercises/ra", "", nil)
		v := e.get(id, 0)
		return len(ex.Hidden) > 0 || strings.Contains(string(list), "race.scn"), strings.Contains(string(html), "Hidden schedules"), v.Result.Tests[1].Source
	}
	ex, page, src := hidden(e)
	assert.False(t, ex, "no token: no hidden names")
	assert.False(t, page)
	assert.Empty(t, src)

	e.auth = "Bearer not-the-token"
	ex, page, src = hidden(e)
	assert.False(t, ex, "a wrong token: the student view")
	assert.False(t, page)
	assert.Empty(t, src)

	e.asStaff()
	ex, page, src = hidden(e)
	assert.True(t, ex, "the token: the staff view")
	assert.True(t, page)
	assert.Equal(t, "hidden/"+markSource+".scn", src)
	e.auth = ""

	// ?token= in a browser: a cookie, and the token out of the address.
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	browser := &http.Client{Jar: jar}
	resp, err := browser.Get(e.ts.URL + "/exercises/ra?token=teachers-only-0123")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "/exercises/ra", resp.Request.URL.RequestURI(), "redirected without the token")
	resp, err = browser.Get(e.ts.URL + "/exercises/ra")
	require.NoError(t, err)
	body := readAll(t, resp)
	assert.Contains(t, body, "Hidden schedules (staff view)", "the cookie carries the token")

	code, b, _ := e.do("GET", "/exercises/ra?token=guess", "", nil)
	assert.Equal(t, http.StatusForbidden, code)
	assert.Contains(t, errorBody(t, b), "wrong staff token")
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(b)
}

// Staff without a token given get a fresh one; a server without Staff has
// no token and ignores one.
func TestStaffTokenMadeWhenNotGiven(t *testing.T) {
	o := testOptions(t, newRecorder())
	o.Staff = true
	e := start(t, o)
	assert.Regexp(t, `^[0-9a-f]{32}$`, e.srv.StaffToken())

	o = testOptions(t, newRecorder())
	o.StaffToken = "teachers-only-0123"
	student := start(t, o)
	assert.Empty(t, student.srv.StaffToken())
	student.auth = "Bearer teachers-only-0123"
	_, body, _ := student.do("GET", "/exercises/ra", "", nil)
	assert.NotContains(t, string(body), "Hidden schedules")
	code, _, _ := student.do("GET", "/exercises/ra?token=teachers-only-0123", "", nil)
	assert.Equal(t, http.StatusOK, code)
}

// The validation is computed once for given exercises and program, and
// read from the data directory after a restart.
func TestValidationIsCached(t *testing.T) {
	var calls atomic.Int32
	validate := func(ctx context.Context, _, _ string) (string, error) {
		calls.Add(1)
		return "| exercise | mutants caught |\n|---|---|\n| ra | 7/7 |\n", nil
	}
	o := testOptions(t, newRecorder())
	o.Staff, o.Validate = true, validate
	shown := func(e *env) {
		t.Helper()
		assert.Eventually(t, func() bool {
			_, body, _ := e.do("GET", "/exercises/", "", nil)
			return strings.Contains(string(body), "<td>7/7</td>")
		}, 5*time.Second, 10*time.Millisecond, "the validation table appears")
	}
	e := start(t, o).asStaff()
	shown(e)
	assert.Equal(t, int32(1), calls.Load())
	waitFor(t, "the cache file", func() bool {
		m, _ := filepath.Glob(filepath.Join(o.DataDir, "validation-*.md"))
		return len(m) == 1
	})
	e.stop()

	e = start(t, o).asStaff()
	shown(e)
	assert.Equal(t, int32(1), calls.Load(), "a restart reads the cache")
	e.stop()

	require.NoError(t, os.WriteFile(filepath.Join(o.Exercises, "ra", "hidden", "new.scn"), []byte("algorithm ra-benari\n"), 0o644))
	e = start(t, o).asStaff()
	shown(e)
	assert.Equal(t, int32(2), calls.Load(), "changed exercises are validated again")
	e.stop()
	m, _ := filepath.Glob(filepath.Join(o.DataDir, "validation-*.md"))
	assert.Len(t, m, 1, "the stale table is removed")
}
