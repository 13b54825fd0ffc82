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

func TestScenarioAPI(t *testing.T) {
	h := Handler(Options{})
	code, body := do(t, h, "POST", "/api/scenario/run", `{"text":"algorithm central\nnodes A B\nrequest A\nrun\nexpect A enters before B\n"}`)
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `"ok":true`)
	assert.Contains(t, body, "A enters the critical section")

	code, body = do(t, h, "POST", "/api/scenario/check", `{"text":"algorithm central\nnodes A B\nfrobnicate A\n"}`)
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `"line":3,"col":1`)

	code, body = do(t, h, "POST", "/api/scenario/format", `{"text":"algorithm   central\nnodes A  B\nA requests\n"}`)
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `algorithm central\nnodes A B\nrequest A\n`)

	for _, tc := range []struct {
		method, path, body string
		want               int
	}{
		{"POST", "/api/scenario/run", `not json`, http.StatusBadRequest},
		{"POST", "/api/scenario/run", `{"text": 1}`, http.StatusBadRequest},
		{"POST", "/api/scenario/run", `{"txt": "x"}`, http.StatusBadRequest},
		{"POST", "/api/scenario/run", `{"text":"` + strings.Repeat("x", 70<<10) + `"}`, http.StatusRequestEntityTooLarge},
		{"POST", "/api/scenario/run", `{"text":"algorithm nope\n"}`, http.StatusUnprocessableEntity},
		{"GET", "/api/scenario/run", ``, http.StatusNotFound},
		{"GET", "/api/nothing", ``, http.StatusNotFound},
		{"GET", "/api/submissions/abc/events", ``, http.StatusNotImplemented},
		{"GET", "/api/health", ``, http.StatusServiceUnavailable}, // no GRADER_URL
		{"GET", "/index.html", ``, http.StatusNotFound},           // assets are the platform's
	} {
		code, body := do(t, h, tc.method, tc.path, tc.body)
		assert.Equal(t, tc.want, code, "%s %s: %s", tc.method, tc.path, body)
		if strings.HasPrefix(tc.path, "/api/") {
			assert.Contains(t, body, `"error`, tc.path)
		}
	}
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
	h := Handler(Options{GraderURL: func() string { return up.URL + "/" }})
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

	dead := Handler(Options{GraderURL: func() string { return "http://127.0.0.1:1" }})
	code, body = do(t, dead, "GET", "/api/health", "")
	assert.Equal(t, http.StatusBadGateway, code, body)
	bad := Handler(Options{GraderURL: func() string { return "file:///etc" }})
	code, _ = do(t, bad, "GET", "/api/health", "")
	assert.Equal(t, http.StatusServiceUnavailable, code)
}

// FuzzScenarioAPI: whatever a client sends to the scenario API, the
// answer is a status and JSON, never a panic or a 500.
func FuzzScenarioAPI(f *testing.F) {
	f.Add(uint8(0), `{"text":"algorithm central\nnodes A B\nrequest A\nrun\n"}`)
	f.Add(uint8(1), `{"text":"schedule {\n"}`)
	f.Add(uint8(2), `{"text":"# c\nalgorithm x\n"}`)
	h := Handler(Options{})
	paths := []string{"/api/scenario/run", "/api/scenario/check", "/api/scenario/format"}
	f.Fuzz(func(t *testing.T, which uint8, body string) {
		path := paths[int(which)%len(paths)]
		code, out := do(t, h, "POST", path, body)
		if code == http.StatusInternalServerError || !strings.HasPrefix(out, "{") {
			t.Fatalf("%d for %s %q: %s", code, path, body, out)
		}
	})
}
