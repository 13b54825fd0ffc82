// Package scenarioapi answers the scenario language over HTTP: check a
// scenario (positioned errors), format it, or run it with the default
// policy. It is a plain http.Handler over the pure core (no files, no
// state, no goroutines), so the same code serves in `dmelab serve` and in
// the Cloudflare Worker (edge/worker), where each request may start a
// fresh instance.
//
// Everything a client sends is untrusted: bodies are bounded (MaxBody),
// the work of a run is bounded (Budget) so one request cannot hold a
// server or a worker for long, every error is JSON with a status
// (400, 405, 413, 422) and a panic becomes a JSON 500, never a trace.
//
//	POST /api/scenario/check   {"text": "..."} → {"ok", "errors": [{"line", "col", "message"}]}
//	POST /api/scenario/format  {"text": "..."} → {"text"}                 (422 with "errors")
//	POST /api/scenario/run     {"text": "..."} → {"ok", "exit", "report", "expectations"}  (422 with "errors")
//
// Errors are diag.Diagnostics, built by scenario.Diagnostics as the
// playground's are: line and col from 1, col in UTF-16 code units (what a
// JavaScript client indexes strings by), so the API and the playground
// place a problem on the same character, also after an "é" or an emoji.
package scenarioapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"dmelab/algorithms/diag"
	"dmelab/algorithms/scenario"
)

// Prefix is where the API lives; mount Handler there.
const Prefix = "/api/scenario/"

// MaxBody bounds a request body: scenarios are a few kilobytes.
const MaxBody = 64 << 10

// The work one run may do. The scenario package bounds each exploration
// (Options.MaxStates) and each run statement (Options.MaxRun); a request
// repeating "expect safety holds" or "run" thousands of times would
// multiply those, so the API shares totals among them: the explorations
// of a request together visit at most TotalStates states (each at most
// MaxStates), and its events, scripted or taken by run statements, number
// at most Events(n) for n nodes (each run statement at most MaxRun). An
// event costs about n² (the run records every message in flight after
// it, and n nodes can have n² of them), hence the budget's shape: with 3
// nodes 20000 events, with 32 nodes 195. A property the bound leaves
// undecided says so (status UNKNOWN, exit 3); a script with more events
// than the budget is refused (422). The playground and `dmelab run` have
// no such bounds.
const (
	MaxStates   = 20000
	TotalStates = 50000
	MaxRun      = 2000
	TotalEvents = 20000
	// eventWork is the events budget times n²: 195 events of 32 nodes
	// with every pair's message in flight take about half a second.
	eventWork = 200_000
)

// MaxBytes bounds the memory of each exploration of a request (they run
// one after another): 20,000 states of 32 nodes took 140 MiB without it.
const MaxBytes = 32 << 20

// Runs bounds the runs answered at once: each holds a core and up to
// MaxBytes, so forty at once held 5.9 GB. A run that finds every slot
// taken waits up to Wait for one, then is answered 503 with Retry-After.
var Runs = max(2, runtime.GOMAXPROCS(0))

// Wait is how long a run waits for a slot (see Runs).
const Wait = 10 * time.Second

// MaxReport bounds the report text sent back; the expectations' outcomes
// are always sent whole.
const MaxReport = 256 << 10

// Events is the events budget of a run with n nodes.
func Events(n int) int {
	return min(TotalEvents, eventWork/max(n*n, 1))
}

// Budget returns the run options of s under the bounds above, or the
// position of the first scripted event past them.
func Budget(s *scenario.Scenario) (scenario.Options, error) {
	budget := Events(len(s.Setup.Names))
	props, runs, events := 0, 0, 0
	var over []*scenario.EventStmt
	count := func(e *scenario.EventStmt) {
		if events++; events > budget {
			over = append(over, e)
		}
	}
	for _, st := range s.Script {
		switch st := st.(type) {
		case *scenario.ExpectStmt:
			if st.Kind == scenario.ExpectProp {
				props++
			}
		case *scenario.RunStmt:
			runs++
		case *scenario.EventStmt:
			count(st)
		case *scenario.ScheduleStmt:
			for _, e := range st.Events {
				count(e)
			}
		}
	}
	if len(over) > 0 {
		return scenario.Options{}, scenario.ErrorList{{Pos: over[0].Pos, Msg: fmt.Sprintf(
			"the API runs at most %d events with %d nodes, this script has %d: run it in the playground or with dmelab run",
			budget, len(s.Setup.Names), events)}}
	}
	// Options treat 0 as "the default", which is unbounded here: at least 1.
	return scenario.Options{
		MaxStates: max(1, min(MaxStates, TotalStates/max(props, 1))),
		MaxBytes:  MaxBytes,
		MaxRun:    max(1, min(MaxRun, (budget-events)/max(runs, 1))),
	}, nil
}

// Handler returns the API's handler, to mount at Prefix, with every
// client sharing the places of runs as they come (see HandlerWith).
func Handler() http.Handler { return HandlerWith(Options{}) }

// Options are how a server tells the API about its clients.
type Options struct {
	// Client names the client of a request (its address, or what a
	// trusted proxy says it is); nil: the API cannot tell clients apart.
	Client func(*http.Request) string
}

// HandlerWith returns the API's handler, to mount at Prefix. When it can
// tell clients apart, one client holds at most Share of the Runs places
// at once: the runs it sends beyond that wait behind its own, and the
// other places stay free for everyone else.
func HandlerWith(o Options) http.Handler {
	g := newGate(Runs, Share, Wait, o.Client)
	mux := http.NewServeMux()
	mux.Handle(Prefix+"check", post(only(check)))
	mux.Handle(Prefix+"format", post(only(format)))
	mux.Handle(Prefix+"run", post(limit(g, run)))
	mux.HandleFunc(Prefix, func(w http.ResponseWriter, r *http.Request) {
		Error(w, http.StatusNotFound, "the scenario API is POST "+Prefix+"check, format and run")
	})
	return Recover(mux)
}

// Share is how many of the Runs places one client may hold at once.
var Share = max(1, Runs/2)

// gate hands out the places of runs answered at once: at most
// cap(slots) in all, and, for a client it can name, at most share of
// them to that client.
type gate struct {
	slots  chan struct{}
	share  int
	wait   time.Duration
	client func(*http.Request) string
	mu     sync.Mutex
	turns  map[string]*turn // the clients with a run held or waiting
}

// turn is one client's places: a run holds one of places, and users
// counts the runs holding or waiting for one (at 0 the turn is dropped,
// so the map holds only clients with a run in hand).
type turn struct {
	places chan struct{}
	users  int
}

func newGate(runs, share int, wait time.Duration, client func(*http.Request) string) *gate {
	return &gate{slots: make(chan struct{}, runs), share: share, wait: wait, client: client, turns: map[string]*turn{}}
}

// limit runs h once r has a place in g, waiting up to g.wait for one;
// past that the answer is 429 (the client's own runs hold its share) or
// 503 (every place is taken), with Retry-After.
func limit(g *gate, h func(http.ResponseWriter, string)) func(http.ResponseWriter, *http.Request, string) {
	return func(w http.ResponseWriter, r *http.Request, text string) {
		t := time.NewTimer(g.wait)
		defer t.Stop()
		if g.client != nil {
			key := g.client(r)
			g.mu.Lock()
			tu := g.turns[key]
			if tu == nil {
				tu = &turn{places: make(chan struct{}, g.share)}
				g.turns[key] = tu
			}
			tu.users++
			g.mu.Unlock()
			defer func() {
				g.mu.Lock()
				if tu.users--; tu.users == 0 {
					delete(g.turns, key)
				}
				g.mu.Unlock()
			}()
			select {
			case tu.places <- struct{}{}:
				defer func() { <-tu.places }()
			case <-t.C:
				w.Header().Set("Retry-After", "5")
				msg := "one client may run one scenario at once, and yours is still running: try again when it is answered"
				if g.share > 1 {
					msg = fmt.Sprintf("one client may run %d scenarios at once, and yours are still running: try again when one is answered", g.share)
				}
				Error(w, http.StatusTooManyRequests, msg)
				return
			case <-r.Context().Done():
				return
			}
		}
		select {
		case g.slots <- struct{}{}:
			defer func() { <-g.slots }()
		case <-t.C:
			w.Header().Set("Retry-After", "5")
			Error(w, http.StatusServiceUnavailable, fmt.Sprintf("%d scenarios are running, the most at once: try again in a few seconds", cap(g.slots)))
			return
		case <-r.Context().Done():
			return
		}
		h(w, text)
	}
}

// only is h for post, which does not need the request.
func only(h func(http.ResponseWriter, string)) func(http.ResponseWriter, *http.Request, string) {
	return func(w http.ResponseWriter, _ *http.Request, text string) { h(w, text) }
}

// post admits POST only (405 with Allow otherwise) and hands the
// request's scenario text to h.
func post(h func(http.ResponseWriter, *http.Request, string)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			Error(w, http.StatusMethodNotAllowed, `use POST with {"text": scenario}`)
			return
		}
		if text, ok := readText(w, r); ok {
			h(w, r, text)
		}
	})
}

// readText reads {"text": "..."}: nothing else, nothing after it. The body
// is read whole (io.ReadAll: streaming copies of a request body fail in
// the worker runtime).
func readText(w http.ResponseWriter, r *http.Request) (string, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		Error(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("a request is at most %d KiB", MaxBody>>10))
		return "", false
	}
	if err != nil {
		Error(w, http.StatusBadRequest, "the request body could not be read")
		return "", false
	}
	var req struct {
		Text *string `json:"text"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil || req.Text == nil || dec.More() {
		Error(w, http.StatusBadRequest, `the body must be one JSON object {"text": scenario}`)
		return "", false
	}
	return *req.Text, true
}

// name is the file name positions would carry; the API reports line and
// column only.
const name = "scenario"

func check(w http.ResponseWriter, text string) {
	if _, err := scenario.Load(name, []byte(text)); err != nil {
		JSON(w, http.StatusOK, map[string]any{"ok": false, "errors": scenario.Diagnostics(text, err)})
		return
	}
	JSON(w, http.StatusOK, map[string]any{"ok": true, "errors": []diag.Diagnostic{}})
}

func format(w http.ResponseWriter, text string) {
	f, err := scenario.Parse(name, []byte(text))
	if err != nil {
		invalid(w, text, err)
		return
	}
	JSON(w, http.StatusOK, map[string]any{"text": scenario.Format(f)})
}

// expectation is one expectation's outcome, without its witness run
// (the report shows it), placed as a diag.Diagnostic is (Col in UTF-16
// units).
type expectation struct {
	Line   int    `json:"line"`
	Col    int    `json:"col"`
	Text   string `json:"text"`
	Status string `json:"status"`
	Got    string `json:"got"`
}

func run(w http.ResponseWriter, text string) {
	s, err := scenario.Load(name, []byte(text))
	if err != nil {
		invalid(w, text, err)
		return
	}
	opts, err := Budget(s)
	if err != nil {
		invalid(w, text, err)
		return
	}
	res := scenario.Run(s, opts)
	// The lines as the scanner numbers them (LF, CRLF, a lone CR).
	lines := diag.Lines(text)
	exps := make([]expectation, 0, len(res.Expects))
	for _, e := range res.Expects {
		exps = append(exps, expectation{e.Pos.Line, lines.Col(e.Pos.Line, e.Pos.Col), e.Text, string(e.Status), e.Got})
	}
	out := map[string]any{"ok": res.OK(), "exit": res.Exit(), "report": cut(res.Report()), "expectations": exps}
	if res.Stopped != nil {
		out["stopped"] = scenario.Diagnostics(text, res.Stopped)[0]
	}
	JSON(w, http.StatusOK, out)
}

// cut shortens a report past MaxReport at a line's end, saying so.
func cut(report string) string {
	if len(report) <= MaxReport {
		return report
	}
	end := strings.LastIndexByte(report[:MaxReport], '\n') + 1
	return report[:end] + fmt.Sprintf("... (the report is cut at %d KiB: the playground or dmelab run show all of it)\n", MaxReport>>10)
}

// invalid answers a scenario that does not parse or check: 422, the
// problems with their positions.
func invalid(w http.ResponseWriter, text string, err error) {
	JSON(w, http.StatusUnprocessableEntity, map[string]any{"error": "the scenario has errors", "errors": scenario.Diagnostics(text, err)})
}

// JSON writes v as the response.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// Error writes {"error": msg}.
func Error(w http.ResponseWriter, status int, msg string) {
	JSON(w, status, map[string]string{"error": msg})
}

// Recover turns a panic in h into a JSON 500 without a stack trace (the
// panic's value goes to stderr, the server's log).
func Recover(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				fmt.Fprintf(os.Stderr, "%s %s: panic: %v\n", r.Method, r.URL.Path, v)
				Error(w, http.StatusInternalServerError, "internal error")
			}
		}()
		h.ServeHTTP(w, r)
	})
}
