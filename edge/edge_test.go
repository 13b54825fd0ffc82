package edge

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func do(t *testing.T, h http.Handler, method, path, body string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code, w.Body.String()
}

// The scenario API is answered here (its own tests are package
// scenarioapi's); other /api/ paths are JSON 404s, and without a grading
// server nothing is forwarded.
func TestRoutes(t *testing.T) {
	h := Handler(Options{})
	code, body := do(t, h, "POST", "/api/scenario/run", `{"text":"algorithm central\nnodes S A B\nrequest A\nrun\nexpect A enters before B\n"}`)
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `"ok":true`)
	assert.Contains(t, body, "A enters the critical section")

	for _, tc := range []struct {
		method, path, body string
		want               int
	}{
		{"GET", "/api/scenario/run", ``, http.StatusMethodNotAllowed},
		{"POST", "/api/scenario/check", `nope`, http.StatusBadRequest},
		{"GET", "/api/nothing", ``, http.StatusNotFound},
		{"GET", "/api/submissions/abc/events", ``, http.StatusNotImplemented},
		{"GET", "/api/health", ``, http.StatusServiceUnavailable}, // no GRADER_URL
		{"POST", "/api/submissions", `{}`, http.StatusServiceUnavailable},
		{"GET", "/index.html", ``, http.StatusNotFound}, // assets are the platform's
	} {
		code, body := do(t, h, tc.method, tc.path, tc.body)
		assert.Equal(t, tc.want, code, "%s %s: %s", tc.method, tc.path, body)
		if strings.HasPrefix(tc.path, "/api/") {
			assert.Contains(t, body, `"error"`, tc.path)
		}
	}
	fallback := Handler(Options{Fallback: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })})
	code, _ = do(t, fallback, "GET", "/index.html", "")
	assert.Equal(t, http.StatusTeapot, code)
}

// Grading requests go to the grading server with their method, path,
// query and body, and its answer comes back; GET carries no body.
func TestForward(t *testing.T) {
	var got []string
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = append(got, r.Method+" "+r.URL.RequestURI()+" "+string(b)+" "+r.Header.Get("X-Forwarded-For"))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusAccepted)
		io.WriteString(w, `{"id":"x"}`)
	}))
	defer up.Close()
	h := Handler(Options{GraderURL: func() string { return up.URL + "/" }, Do: http.DefaultClient.Do})
	code, body := do(t, h, "POST", "/api/submissions", `{"exercise":"ra-steps"}`)
	assert.Equal(t, http.StatusAccepted, code)
	assert.JSONEq(t, `{"id":"x"}`, body)
	req := httptest.NewRequest("GET", "/api/submissions/abc?wait=5", nil)
	req.Header.Set("CF-Connecting-IP", "203.0.113.7")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	do(t, h, "GET", "/exercises/ra-steps", "")
	require.Len(t, got, 3)
	assert.Equal(t, `POST /api/submissions {"exercise":"ra-steps"} `, got[0])
	assert.Equal(t, "GET /api/submissions/abc?wait=5  203.0.113.7", got[1])
	assert.Equal(t, "GET /exercises/ra-steps  ", got[2])
	code, body = do(t, h, "POST", "/api/submissions", `{"source":"`+strings.Repeat("x", maxBody)+`"}`)
	assert.Equal(t, http.StatusRequestEntityTooLarge, code, body)
	assert.Len(t, got, 3, "not forwarded")

	dead := Handler(Options{GraderURL: func() string { return "http://127.0.0.1:1" }, Do: http.DefaultClient.Do})
	code, body = do(t, dead, "GET", "/api/health", "")
	assert.Equal(t, http.StatusBadGateway, code, body)
	bad := Handler(Options{GraderURL: func() string { return "file:///etc" }, Do: http.DefaultClient.Do})
	code, _ = do(t, bad, "GET", "/api/health", "")
	assert.Equal(t, http.StatusServiceUnavailable, code)
}

// nullBody is what the worker's fetch gives for a response without a
// body: reading it panics.
type nullBody struct{}

func (nullBody) Read([]byte) (int, error) { panic("syscall/js: call of Value.Call on null") }
func (nullBody) Close() error             { return nil }

// strictWriter fails on an empty Write, which hangs a HEAD in the worker.
type strictWriter struct {
	*httptest.ResponseRecorder
	t *testing.T
}

func (w strictWriter) Write(b []byte) (int, error) {
	if len(b) == 0 {
		w.t.Error("an empty Write")
	}
	return w.ResponseRecorder.Write(b)
}

// Responses that have no body (to HEAD; 204, 304) are passed back without
// reading one: in the worker, reading it was a 500.
func TestForwardNoBody(t *testing.T) {
	for _, tc := range []struct {
		method string
		status int
	}{{"HEAD", http.StatusOK}, {"GET", http.StatusNotModified}, {"POST", http.StatusNoContent}} {
		h := Handler(Options{
			GraderURL: func() string { return "http://grader.test" },
			Do: func(r *http.Request) (*http.Response, error) {
				return &http.Response{StatusCode: tc.status, Header: http.Header{"Content-Type": {"text/html"}}, Body: nullBody{}}, nil
			},
		})
		w := strictWriter{httptest.NewRecorder(), t}
		h.ServeHTTP(w, httptest.NewRequest(tc.method, "/exercises/", nil))
		assert.Equal(t, tc.status, w.Code, "%s: %s", tc.method, w.Body)
		assert.Empty(t, w.Body.String(), tc.method)
	}
}
