package scenarioapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"dmelab/algorithms/scenario"

	"github.com/cockroachdb/datadriven"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func do(h http.Handler, method, path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// TestTranscripts replays testdata/api.txt: each case sends a request and
// shows the status and the JSON answer (a run's report as plain text
// after it). Regenerate with go test ./edge/scenarioapi -rewrite and read
// the diff.
//
//	post PATH          the input is a scenario, sent as {"text": input}
//	post PATH raw      the input is the body, as is
//	get PATH           (any method: METHOD PATH)
func TestTranscripts(t *testing.T) {
	h := Handler()
	datadriven.RunTest(t, "testdata/api.txt", func(t *testing.T, d *datadriven.TestData) string {
		require.NotEmpty(t, d.CmdArgs, "a path")
		path, body := d.CmdArgs[0].Key, d.Input
		if len(d.CmdArgs) == 1 && d.Cmd == "post" {
			b, err := json.Marshal(map[string]string{"text": d.Input + "\n"})
			require.NoError(t, err)
			body = string(b)
		}
		w := do(h, strings.ToUpper(d.Cmd), path, body)
		return show(t, w)
	})
}

// show renders a response: status, Allow if any, the JSON indented with
// "report" taken out and printed as text.
func show(t *testing.T, w *httptest.ResponseRecorder) string {
	var out strings.Builder
	fmt.Fprintf(&out, "%d %s\n", w.Code, w.Header().Get("Content-Type"))
	if a := w.Header().Get("Allow"); a != "" {
		fmt.Fprintf(&out, "Allow: %s\n", a)
	}
	var v map[string]any
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &v), w.Body.String())
	report, _ := v["report"].(string)
	delete(v, "report")
	b, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	out.Write(b)
	out.WriteString("\n")
	if report != "" {
		out.WriteString("report:\n" + report)
	}
	return out.String()
}

func TestBounds(t *testing.T) {
	h := Handler()
	big, _ := json.Marshal(map[string]string{"text": strings.Repeat("# comment\n", MaxBody/10)})
	w := do(h, "POST", "/api/scenario/check", string(big))
	assert.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
	assert.Contains(t, w.Body.String(), `"error":"a request is at most 64 KiB"`)

	// Just under the bound is read.
	fits, _ := json.Marshal(map[string]string{"text": strings.Repeat("#\n", (MaxBody-64)/3)})
	w = do(h, "POST", "/api/scenario/format", string(fits))
	assert.Equal(t, http.StatusOK, w.Code, w.Body.String())

	for _, m := range []string{"GET", "PUT", "DELETE", "HEAD"} {
		w := do(h, m, "/api/scenario/run", "")
		assert.Equal(t, http.StatusMethodNotAllowed, w.Code, m)
		assert.Equal(t, "POST", w.Header().Get("Allow"), m)
	}
}

// A run is bounded: a property expectation over a system too big to
// search within MaxStates is undecided (exit 3), and comes back at once.
func TestRunIsBounded(t *testing.T) {
	text := "algorithm ra-lamport\nnodes A B C D E\nrequests 2\nexpect safety holds\n"
	body, _ := json.Marshal(map[string]string{"text": text})
	w := do(Handler(), "POST", "/api/scenario/run", string(body))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var v struct {
		OK   bool `json:"ok"`
		Exit int  `json:"exit"`
	}
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &v))
	assert.False(t, v.OK)
	assert.Equal(t, 3, v.Exit, w.Body.String())
}

// The budget is shared: repeating expectations or runs divides it, more
// nodes shrink it, and a script with more events than it is refused at
// the first event past it.
func TestBudget(t *testing.T) {
	nodes := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, " N%d", i)
		}
		return "algorithm ra-lamport\nnodes" + b.String() + "\nrequests 100\n"
	}
	for _, tc := range []struct {
		text              string
		maxStates, maxRun int
		err               string
	}{
		{nodes(3) + "expect safety holds\nrun\n", MaxStates, MaxRun, ""},
		{nodes(3) + strings.Repeat("expect safety holds\n", 10), TotalStates / 10, MaxRun, ""},
		{nodes(3) + strings.Repeat("expect liveness holds\n", 100000), 1, MaxRun, ""},
		{nodes(3) + strings.Repeat("run\n", 100), MaxStates, TotalEvents / 100, ""},
		{nodes(10) + "request N1\n" + strings.Repeat("run\n", 3), MaxStates, (Events(10) - 1) / 3, ""},
		{nodes(32) + "run\n", MaxStates, Events(32), ""},
		{nodes(32) + strings.Repeat("request N1\nexit N1\n", 97) + "request N2\nrun\n", MaxStates, 1, ""},
		{nodes(32) + strings.Repeat("request N1\nexit N1\n", 97) + "schedule {\n  request N2\n  request N3\n}\n", 0, 0,
			"scenario:200:3: the API runs at most 195 events with 32 nodes, this script has 196"},
	} {
		s, err := scenario.Load("scenario", []byte(tc.text))
		require.NoError(t, err, tc.text)
		opts, err := Budget(s)
		if tc.err != "" {
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, scenario.Options{MaxStates: tc.maxStates, MaxRun: tc.maxRun, MaxBytes: MaxBytes}, opts, "%.80q", tc.text)
	}
	assert.Equal(t, 195, Events(32))
	assert.Equal(t, TotalEvents, Events(3))
}

// A long report is cut at a line's end, and says so.
func TestCut(t *testing.T) {
	short := "a\nb\n"
	assert.Equal(t, short, cut(short))
	long := strings.Repeat("0123456789abcde\n", MaxReport/16+10)
	got := cut(long)
	kept, note, ok := strings.Cut(got, "... (the report is cut at 256 KiB")
	require.True(t, ok, got[len(got)-100:])
	assert.LessOrEqual(t, len(kept), MaxReport)
	assert.Greater(t, len(kept), MaxReport-16)
	assert.True(t, strings.HasPrefix(long, kept))
	assert.True(t, strings.HasSuffix(kept, "\n"))
	assert.NotContains(t, note, "0123")
}

// Mounted beside other routes, the API answers its prefix only.
func TestMount(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle(Prefix, Handler())
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	assert.Equal(t, http.StatusTeapot, do(mux, "GET", "/api/other", "").Code)
	w := do(mux, "POST", "/api/scenario/check", `{"text":"algorithm central\nnodes A\n"}`)
	assert.JSONEq(t, `{"ok":true,"errors":[]}`, w.Body.String())
}

func TestRecover(t *testing.T) {
	h := Recover(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	w := do(h, "GET", "/", "")
	assert.Equal(t, http.StatusInternalServerError, w.Code)
	assert.JSONEq(t, `{"error":"internal error"}`, w.Body.String())
}

// FuzzBody: whatever a client sends to any of the three endpoints, the
// answer is JSON with a 200, 400, 413 or 422 — never a panic or a 500.
func FuzzBody(f *testing.F) {
	f.Add(uint8(0), []byte(`{"text":"algorithm central\nnodes S A B\nrequest A\nrun\nexpect A enters before B\n"}`))
	f.Add(uint8(1), []byte(`{"text":"algorithm ra-lamport\nnodes A B\nschedule {\n"}`))
	f.Add(uint8(2), []byte(`{"text":"# c\nalgorithm   central\nnodes A  B\nA requests\n"}`))
	f.Add(uint8(0), []byte(`{"text":"algorithm maekawa\nnodes A B C\nrequests 1\nexpect safety holds\n"}`))
	f.Add(uint8(1), []byte(`{"text": 1}`))
	f.Add(uint8(2), []byte(`{"text":"x"} {"text":"y"}`))
	f.Add(uint8(0), []byte("\xff\xfe"))
	h := Handler()
	paths := []string{"run", "check", "format"}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		path := Prefix + paths[int(which)%len(paths)]
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		switch w.Code {
		case http.StatusOK, http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity:
		default:
			t.Fatalf("%d for %s %q: %s", w.Code, path, body, w.Body)
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("not JSON for %s %q: %s", path, body, w.Body)
		}
	})
}

// Runs are answered at most cap(slots) at once: one that finds every
// place taken for the whole wait is answered 503 with Retry-After (forty
// runs at once held 5.9 GB of a server), and a place is given back when
// its run is answered.
func TestRunsAreBounded(t *testing.T) {
	g := newGate(1, 1, 10*time.Millisecond, nil)
	slots := g.slots
	ran := 0
	h := post(limit(g, func(w http.ResponseWriter, text string) {
		ran++
		assert.Len(t, slots, 1, "the run holds the place")
		JSON(w, http.StatusOK, map[string]any{"ok": true})
	}))
	body := `{"text": "algorithm central\nnodes N1 N2\n"}`
	for range 2 {
		w := do(h, http.MethodPost, Prefix+"run", body)
		require.Equal(t, http.StatusOK, w.Code)
		assert.Empty(t, slots, "given back")
	}
	slots <- struct{}{} // another run holds the only place
	w := do(h, http.MethodPost, Prefix+"run", body)
	assert.Equal(t, http.StatusServiceUnavailable, w.Code)
	assert.Equal(t, "5", w.Header().Get("Retry-After"))
	assert.Contains(t, w.Body.String(), "try again")
	assert.Equal(t, 2, ran)
}

// An exploration of the API is bounded in memory too: 32 nodes of
// ra-lamport asking at once held 140 MiB for one request.
func TestRunMemoryIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("algorithm ra-lamport\nnodes")
	for i := 1; i <= 32; i++ {
		fmt.Fprintf(&b, " N%d", i)
	}
	b.WriteString("\n")
	for i := 1; i <= 32; i++ {
		fmt.Fprintf(&b, "request N%d\n", i)
	}
	b.WriteString("expect liveness holds\n")
	body, err := json.Marshal(map[string]string{"text": b.String()})
	require.NoError(t, err)
	w := do(Handler(), http.MethodPost, Prefix+"run", string(body))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var v struct {
		Report       string
		Expectations []struct{ Status string }
	}
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &v))
	require.Len(t, v.Expectations, 1)
	assert.Equal(t, "UNKNOWN", v.Expectations[0].Status)
	assert.True(t, strings.Contains(v.Report, "the search stopped at its memory bound (32 MiB"), "the report says the memory bound stopped it")
}

// A byte-order mark keeps its place in the columns: a client holding the
// text as it sent it (the mark one UTF-16 unit) finds the problem on the
// word, as without the mark one unit further left.
func TestByteOrderMarkColumns(t *testing.T) {
	col := func(text string) float64 {
		body, err := json.Marshal(map[string]string{"text": text})
		require.NoError(t, err)
		w := do(Handler(), http.MethodPost, Prefix+"check", string(body))
		var v struct{ Errors []struct{ Line, Col float64 } }
		require.NoError(t, json.Unmarshal(w.Body.Bytes(), &v), w.Body.String())
		require.NotEmpty(t, v.Errors, w.Body.String())
		return v.Errors[0].Col
	}
	assert.Equal(t, float64(11), col("algorithm centrall\nnodes N1\n"))
	assert.Equal(t, float64(12), col("\ufeffalgorithm centrall\nnodes N1\n"))
}

// A client holds at most its share of the places: its runs beyond that
// wait behind its own (429 once the wait is over), while another
// client's run takes a place left free; the clients' turns are dropped
// once their runs are answered.
func TestOneClientHoldsItsShare(t *testing.T) {
	g := newGate(2, 1, 50*time.Millisecond, func(r *http.Request) string { return r.Header.Get("X-Client") })
	started, release := make(chan string, 4), make(chan struct{})
	h := post(limit(g, func(w http.ResponseWriter, text string) {
		started <- text
		<-release
		JSON(w, http.StatusOK, map[string]any{"ok": true})
	}))
	send := func(client, text string) chan *httptest.ResponseRecorder {
		out := make(chan *httptest.ResponseRecorder, 1)
		go func() {
			b, _ := json.Marshal(map[string]string{"text": text})
			req := httptest.NewRequest(http.MethodPost, Prefix+"run", bytes.NewReader(b))
			req.Header.Set("X-Client", client)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			out <- w
		}()
		return out
	}
	first := send("a", "a1")
	assert.Equal(t, "a1", <-started)
	second := send("a", "a2") // waits behind a1, then gives up
	w := <-second
	assert.Equal(t, http.StatusTooManyRequests, w.Code)
	assert.Equal(t, "5", w.Header().Get("Retry-After"))
	assert.Contains(t, w.Body.String(), "one client may run one scenario at once, and yours is still running")
	other := send("b", "b1") // the place a's second run did not take
	assert.Equal(t, "b1", <-started)
	close(release)
	assert.Equal(t, http.StatusOK, (<-first).Code)
	assert.Equal(t, http.StatusOK, (<-other).Code)
	g.mu.Lock()
	assert.Empty(t, g.turns, "no run in hand: no turn kept")
	g.mu.Unlock()
	assert.Empty(t, g.slots)
}
