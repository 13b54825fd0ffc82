package serve

import (
	"bufio"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// errorBody checks that body is {"error": "..."} and returns the message.
func errorBody(t *testing.T, body []byte) string {
	t.Helper()
	var m map[string]string
	require.NoError(t, json.Unmarshal(body, &m), "every error is JSON: %s", body)
	require.Len(t, m, 1, "%s", body)
	require.NotEmpty(t, m["error"])
	assert.NotContains(t, m["error"], "goroutine", "no stack trace")
	return m["error"]
}

func TestBadInput(t *testing.T) {
	o := testOptions(t, newRecorder())
	o.MaxBody = 4 << 10
	e := start(t, o)
	big := submission("ra", "a.go", strings.Repeat("x", 5<<10))
	cases := []struct {
		name, method, path, ctype string
		body                      []byte
		hdr                       []string
		status                    int
		msg                       string
	}{
		{"malformed JSON", "POST", "/api/submissions", "application/json", []byte(`{"exercise": "ra", "file": `), nil, 400, "malformed JSON"},
		{"not JSON", "POST", "/api/submissions", "application/json", []byte(`exercise=ra`), nil, 400, "malformed JSON at byte 1"},
		{"empty body", "POST", "/api/submissions", "application/json", nil, nil, 400, "empty"},
		{"two values", "POST", "/api/submissions", "application/json", []byte(`{"exercise":"ra","file":"a.go","source":"x"} {}`), nil, 400, "more than one value"},
		{"unknown field", "POST", "/api/submissions", "application/json", []byte(`{"exercise":"ra","file":"a.go","source":"x","admin":true}`), nil, 400, `unknown field "admin"`},
		{"a field twice", "POST", "/api/submissions", "application/json", []byte(`{"exercise":"ra","file":"a.go","source":"x","exercise":"set1/mk"}`), nil, 400, `field "exercise" is given twice`},
		{"a field in capitals", "POST", "/api/submissions", "application/json", []byte(`{"Exercise":"ra","file":"a.go","source":"x"}`), nil, 400, `unknown field "Exercise" (the fields are exercise, file, source, schedules, spelt so)`},
		{"wrong type", "POST", "/api/submissions", "application/json", []byte(`{"exercise":"ra","file":"a.go","source":42}`), nil, 400, `field "source" must be a string`},
		{"not an object", "POST", "/api/submissions", "application/json", []byte(`[]`), nil, 400, `send one JSON object, {"exercise": NAME, "file": FILE, "source": TEXT}`},
		{"schedules not an array", "POST", "/api/submissions", "application/json", []byte(`{"exercise":"ra","file":"a.go","source":"x","schedules":"run.scn"}`), nil, 400, `"schedules" must be an array of objects, each {"name": NAME, "text": SCENARIO}`},
		{"a schedule not an object", "POST", "/api/submissions", "application/json", []byte(`{"exercise":"ra","file":"a.go","source":"x","schedules":["run.scn"]}`), nil, 400, `"schedules" must be an array of objects`},
		{"a schedule's text not a string", "POST", "/api/submissions", "application/json", []byte(`{"exercise":"ra","file":"a.go","source":"x","schedules":[{"name":"a","text":3}]}`), nil, 400, `field "schedules.text" must be a string`},
		{"oversized body", "POST", "/api/submissions", "application/json", big, nil, 413, "too large"},
		{"unknown exercise", "POST", "/api/submissions", "application/json", submission("nope", "a.go", "x"), nil, 400, `unknown exercise "nope"`},
		{"traversal in exercise", "POST", "/api/submissions", "application/json", submission("../ra", "a.go", "x"), nil, 400, "unknown exercise"},
		{"traversal in file name", "POST", "/api/submissions", "application/json", submission("ra", "../../etc/passwd.go", "x"), nil, 400, "bad file name"},
		{"not a Go file", "POST", "/api/submissions", "application/json", submission("ra", "a.sh", "x"), nil, 400, "bad file name"},
		{"a listing for a Go exercise", "POST", "/api/submissions", "application/json", submission("ra", "a.txt", "x"), nil, 400, "ending in .go"},
		{"missing source", "POST", "/api/submissions", "application/json", []byte(`{"exercise":"ra","file":"a.go"}`), nil, 400, `missing "source"`},
		{"blank source", "POST", "/api/submissions", "application/json", submission("ra", "a.go", " \n"), nil, 400, `missing "source"`},
		{"invalid UTF-8", "POST", "/api/submissions", "application/json", []byte("{\"exercise\":\"ra\",\"file\":\"a.go\",\"source\":\"\xff\"}"), nil, 400, "UTF-8"},
		{"form post", "POST", "/api/submissions", "application/x-www-form-urlencoded", []byte("a=b"), nil, 415, "application/json"},
		{"bad idempotency key", "POST", "/api/submissions", "application/json", submission("ra", "a.go", "x"), []string{"Idempotency-Key", "../x"}, 400, "Idempotency-Key"},
		{"GET the collection", "GET", "/api/submissions", "", nil, nil, 405, "not allowed"},
		{"DELETE a submission", "DELETE", "/api/submissions/0123456789abcdef0123456789abcdef", "", nil, nil, 405, "not allowed"},
		{"junk id", "GET", "/api/submissions/hello", "", nil, nil, 400, "not a submission id"},
		{"encoded traversal id", "GET", "/api/submissions/..%2F..%2Fdmelab.db", "", nil, nil, 400, "not a submission id"},
		{"encoded traversal in events", "GET", "/api/submissions/%2e%2e/events", "", nil, nil, 400, "not a submission id"},
		{"uppercase id", "GET", "/api/submissions/0123456789ABCDEF0123456789ABCDEF", "", nil, nil, 400, "not a submission id"},
		{"unknown id", "GET", "/api/submissions/0123456789abcdef0123456789abcdef", "", nil, nil, 404, "no submission"},
		{"unknown id's events", "GET", "/api/submissions/0123456789abcdef0123456789abcdef/events", "", nil, nil, 404, "no submission"},
		{"bad wait", "GET", "/api/submissions/0123456789abcdef0123456789abcdef?wait=9999", "", nil, nil, 400, "wait"},
		{"unknown exercise page", "GET", "/api/exercises/..%2Fra%2Fhidden", "", nil, nil, 404, "no such exercise"},
		{"unknown endpoint", "GET", "/api/admin", "", nil, nil, 404, "no such API endpoint"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, body, hdr := e.do(c.method, c.path, c.ctype, c.body, c.hdr...)
			assert.Equal(t, c.status, code, "%s", body)
			assert.Equal(t, "application/json; charset=utf-8", hdr.Get("Content-Type"))
			assert.Contains(t, errorBody(t, body), c.msg)
			code, _, _ = e.do("GET", "/api/health", "", nil)
			assert.Equal(t, http.StatusOK, code, "the server stays up")
		})
	}
	counts, _, err := e.srv.Store().Census(t.Context())
	require.NoError(t, err)
	assert.Empty(t, counts, "nothing bad was stored")
}

// An oversized body without Content-Length (chunked) is cut at the limit.
func TestOversizedChunkedBody(t *testing.T) {
	o := testOptions(t, newRecorder())
	o.MaxBody = 1 << 10
	e := start(t, o)
	pr, pw := io.Pipe()
	go func() {
		pw.Write(submission("ra", "a.go", strings.Repeat("y", 4<<10)))
		pw.Close()
	}()
	req, err := http.NewRequest("POST", e.ts.URL+"/api/submissions", pr)
	require.NoError(t, err)
	resp, err := e.ts.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	assert.Contains(t, errorBody(t, body), "too large")
}

func TestRateLimit(t *testing.T) {
	o := testOptions(t, newRecorder())
	o.RatePerMinute = 3
	o.ClientHeader = "X-Forwarded-For"
	e := start(t, o)
	post := func(client string) (int, []byte, http.Header) {
		return e.do("POST", "/api/submissions", "application/json", submission("ra", "a.go", "package ra"), "X-Forwarded-For", client)
	}
	for range 3 {
		code, body, _ := post("10.0.0.1")
		require.Equal(t, http.StatusAccepted, code, "%s", body)
	}
	code, body, hdr := post("10.0.0.1")
	assert.Equal(t, http.StatusTooManyRequests, code)
	assert.Contains(t, errorBody(t, body), "at most 3 a minute")
	assert.NotEmpty(t, hdr.Get("Retry-After"))
	code, _, _ = post("10.0.0.2")
	assert.Equal(t, http.StatusAccepted, code, "another client is not affected")
}

func TestRateLimiterRefills(t *testing.T) {
	l := newRateLimiter(2)
	t0 := time.Unix(1000, 0)
	ok, _ := l.allow("a", t0)
	assert.True(t, ok)
	ok, _ = l.allow("a", t0)
	assert.True(t, ok)
	ok, wait := l.allow("a", t0)
	assert.False(t, ok)
	assert.Equal(t, 30*time.Second, wait)
	ok, _ = l.allow("a", t0.Add(31*time.Second))
	assert.True(t, ok, "half a minute refills one of two")
	l.allow("b", t0.Add(3*time.Minute)) // sweeps the full buckets
	assert.NotContains(t, l.buckets, "a")
}

func TestQueueFull(t *testing.T) {
	g := newRecorder()
	g.hold = make(chan struct{})
	defer close(g.hold)
	o := testOptions(t, g)
	o.MaxQueue = 2
	o.Workers = 1
	e := start(t, o)
	e.submit("a.go")
	e.submit("b.go")
	code, body, hdr := e.do("POST", "/api/submissions", "application/json", submission("ra", "c.go", "package ra"))
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Contains(t, errorBody(t, body), "queue is full")
	assert.Equal(t, "30", hdr.Get("Retry-After"))
}

func TestPanicInHandlerIsJSON(t *testing.T) {
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	h := s.guard(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/health", nil))
	assert.Equal(t, http.StatusInternalServerError, w.Code)
	assert.JSONEq(t, `{"error":"internal error"}`, w.Body.String())
}

// Slow clients: headers that never finish and bodies that trickle are cut
// off by the server's timeouts, and other clients are served meanwhile.
func TestSlowClients(t *testing.T) {
	to := Timeouts{ReadHeader: 300 * time.Millisecond, Read: 600 * time.Millisecond, Write: 5 * time.Second, Idle: time.Second}
	e := startTimeouts(t, testOptions(t, newRecorder()), to)
	addr := strings.TrimPrefix(e.ts.URL, "http://")

	t.Run("headers", func(t *testing.T) {
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		defer conn.Close()
		_, err = io.WriteString(conn, "POST /api/submissions HTTP/1.1\r\nHost: x\r\nX-Slow: ")
		require.NoError(t, err)
		// Meanwhile, others are served.
		code, _, _ := e.do("GET", "/api/health", "", nil)
		assert.Equal(t, http.StatusOK, code)
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		_, err = io.ReadAll(conn)
		require.NoError(t, err, "the server closed the connection (not our deadline)")
	})

	t.Run("body", func(t *testing.T) {
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		defer conn.Close()
		_, err = io.WriteString(conn, "POST /api/submissions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"exercise\":")
		require.NoError(t, err)
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		require.NoError(t, err)
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		assert.Equal(t, http.StatusRequestTimeout, resp.StatusCode)
		assert.Contains(t, errorBody(t, body), "did not arrive within 600ms (the limit for a whole request")
	})

	t.Run("event streams outlive the read timeout", func(t *testing.T) {
		g := e.srv.opts.Grader.(*recorder)
		g.mu.Lock()
		g.delay = 1200 * time.Millisecond
		g.mu.Unlock()
		id := e.submit("slow.go")
		resp, err := e.ts.Client().Get(e.ts.URL + "/api/submissions/" + id + "/events")
		require.NoError(t, err)
		defer resp.Body.Close()
		events := readEvents(t, resp)
		require.NotEmpty(t, events)
		assert.Equal(t, "done", events[len(events)-1].name)
		v := e.get(id, 0)
		assert.Equal(t, Done, v.Status)
	})

	code, _, _ := e.do("GET", "/api/health", "", nil)
	assert.Equal(t, http.StatusOK, code)
}

// rawRequest sends text on a fresh connection and reads the answer.
func rawRequest(t *testing.T, e *env, text string) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(e.ts.URL, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	go io.WriteString(conn, text) // a refused request may not be read to its end
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, body
}

// The errors net/http answers before any handler runs are JSON too.
func TestServerOwnErrorsAreJSON(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))
	cases := []struct {
		name, req string
		status    int
		msg       string
	}{
		{"headers too large", "GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", MaxHeaderBytes+8<<10) + "\r\n\r\n",
			http.StatusRequestHeaderFieldsTooLarge, "request header fields too large: at most 32 KiB"},
		{"no Host", "GET /api/health HTTP/1.1\r\n\r\n", http.StatusBadRequest, "malformed HTTP request: missing required Host header"},
		{"garbage", "HELLO\r\n\r\n", http.StatusBadRequest, "malformed HTTP request"},
		{"bad header", "GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", http.StatusBadRequest, "malformed HTTP request"},
		{"transfer coding", "POST /api/submissions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: rot13\r\n\r\n", http.StatusNotImplemented, "unsupported transfer encoding"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, body := rawRequest(t, e, c.req)
			assert.Equal(t, c.status, resp.StatusCode)
			assert.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"))
			assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
			assert.Contains(t, errorBody(t, body), c.msg)
		})
	}
	// Headers just under the limit are served.
	resp, _ := rawRequest(t, e, "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: "+strings.Repeat("a", MaxHeaderBytes-1<<10)+"\r\n\r\n")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	// A handler's own text error is left as it is.
	assert.Nil(t, must(goErrorAsJSON([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\nok"))))
}

func must(b []byte, _ bool) []byte { return b }

// Every response, pages and assets included, says nosniff.
func TestNosniffEverywhere(t *testing.T) {
	e := start(t, testOptions(t, newRecorder()))
	for _, p := range []string{"/", "/index.html", "/exercises", "/exercises/", "/exercises/ra", "/exercises/nope",
		"/exercises/assets/exercise.js", "/exercises/assets/exercise.css", "/api/health", "/api/nope", "/nope.js"} {
		req, err := http.NewRequest("GET", e.ts.URL+p, nil)
		require.NoError(t, err)
		resp, err := http.DefaultTransport.RoundTrip(req) // no redirects followed
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), "%s (%d)", p, resp.StatusCode)
	}
}
