// Package edge is the HTTP handler of dmelab's edge front (a Cloudflare
// Worker, edge/worker): the scenario API answered on the spot by the pure
// core, and everything about grading forwarded to the grading server,
// which alone has the Go toolchain. It is plain net/http, so it is tested
// natively; the worker gives it the platform's fetch as its client.
//
// The playground's static files are not served from here: on Cloudflare
// they are the worker's static assets (wrangler.toml), answered before the
// worker runs; embedding the playground's WebAssembly would also push the
// worker past the free plan's 3 MB.
package edge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"dmelab/algorithms/scenario"
)

// Options configure the handler.
type Options struct {
	// GraderURL is the grading server's base URL ("http://127.0.0.1:8080");
	// a function because a worker reads its variables per request.
	GraderURL func() string
	// Client forwards requests (the platform's fetch in a worker).
	Client *http.Client
	// Fallback answers what is neither API (nil: 404).
	Fallback http.Handler
}

// maxBody bounds what the edge reads of a request.
const maxBody = 256 << 10

// Handler returns the edge's handler.
func Handler(o Options) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/scenario/check", scenarioCheck)
	mux.HandleFunc("POST /api/scenario/format", scenarioFormat)
	mux.HandleFunc("POST /api/scenario/run", scenarioRun)
	mux.HandleFunc("/api/scenario/", func(w http.ResponseWriter, r *http.Request) {
		jsonError(w, http.StatusNotFound, "the scenario API is POST /api/scenario/check, /format and /run")
	})
	mux.HandleFunc("/api/submissions/{id}/events", func(w http.ResponseWriter, r *http.Request) {
		jsonError(w, http.StatusNotImplemented, "event streams are not forwarded by the edge: poll GET /api/submissions/{id}?wait=20")
	})
	fwd := forward(o)
	for _, p := range []string{"/api/submissions", "/api/submissions/", "/api/exercises", "/api/exercises/", "/api/health", "/exercises", "/exercises/"} {
		mux.Handle(p, fwd)
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		jsonError(w, http.StatusNotFound, "no such API endpoint")
	})
	if o.Fallback != nil {
		mux.Handle("/", o.Fallback)
	} else {
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	}
	return recoverJSON(mux)
}

// forward passes a request to the grading server and its answer back. The
// body is read whole (io.ReadAll: streaming copies are unreliable in the
// worker runtime) and bounded.
func forward(o Options) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		base := ""
		if o.GraderURL != nil {
			base = o.GraderURL()
		}
		u, err := url.Parse(strings.TrimSuffix(base, "/"))
		if base == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			jsonError(w, http.StatusServiceUnavailable, "no grading server configured (GRADER_URL)")
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			jsonError(w, http.StatusRequestEntityTooLarge, "the request is larger than 256 KiB")
			return
		}
		target := *u
		target.Path = u.Path + r.URL.Path
		target.RawQuery = r.URL.RawQuery
		// No body at all for GET and HEAD: fetch refuses even an empty one.
		var rd io.Reader
		if len(body) > 0 || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			rd = bytes.NewReader(body)
		}
		req, err := http.NewRequestWithContext(r.Context(), r.Method, target.String(), rd)
		if err != nil {
			jsonError(w, http.StatusBadRequest, "bad request")
			return
		}
		for _, h := range []string{"Content-Type", "Accept", "Idempotency-Key"} {
			if v := r.Header.Get(h); v != "" {
				req.Header.Set(h, v)
			}
		}
		// The grading server rate-limits per client: name the one behind us.
		if ip := r.Header.Get("CF-Connecting-IP"); ip != "" {
			req.Header.Set("X-Forwarded-For", ip)
		}
		c := o.Client
		if c == nil {
			c = &http.Client{Timeout: 60 * time.Second}
		}
		resp, err := c.Do(req)
		if err != nil {
			jsonError(w, http.StatusBadGateway, "the grading server did not answer")
			return
		}
		defer resp.Body.Close()
		out, err := io.ReadAll(resp.Body)
		if err != nil {
			jsonError(w, http.StatusBadGateway, "the grading server's answer broke off")
			return
		}
		for _, h := range []string{"Content-Type", "Cache-Control", "Location", "Content-Security-Policy", "Retry-After"} {
			if v := resp.Header.Get(h); v != "" {
				w.Header().Set(h, v)
			}
		}
		w.WriteHeader(resp.StatusCode)
		w.Write(out)
	})
}

// readScenario reads a scenario API request: {"text": "..."}.
func readScenario(w http.ResponseWriter, r *http.Request) (string, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 64<<10))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		jsonError(w, http.StatusRequestEntityTooLarge, "a scenario is at most 64 KiB")
		return "", false
	}
	var req struct {
		Text *string `json:"text"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err != nil || dec.Decode(&req) != nil || req.Text == nil {
		jsonError(w, http.StatusBadRequest, `send {"text": "<the scenario>"} as JSON`)
		return "", false
	}
	return *req.Text, true
}

// problem is one positioned error.
type problem struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

func problems(err error) []problem {
	var list scenario.ErrorList
	if !errors.As(err, &list) {
		return []problem{{Message: err.Error()}}
	}
	out := make([]problem, 0, len(list))
	for _, e := range list {
		out = append(out, problem{e.Pos.Line, e.Pos.Col, e.Msg})
	}
	return out
}

func scenarioCheck(w http.ResponseWriter, r *http.Request) {
	text, ok := readScenario(w, r)
	if !ok {
		return
	}
	_, err := scenario.Load("scenario", []byte(text))
	if err != nil {
		writeJSON(w, http.StatusOK, map[string]any{"ok": false, "errors": problems(err)})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "errors": []problem{}})
}

func scenarioFormat(w http.ResponseWriter, r *http.Request) {
	text, ok := readScenario(w, r)
	if !ok {
		return
	}
	f, err := scenario.Parse("scenario", []byte(text))
	if err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"errors": problems(err)})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"text": scenario.Format(f)})
}

// scenarioRun runs a scenario with the default policy, bounded: property
// expectations explore at most 20,000 states here (the playground and
// dmelab run have no such bound).
func scenarioRun(w http.ResponseWriter, r *http.Request) {
	text, ok := readScenario(w, r)
	if !ok {
		return
	}
	s, err := scenario.Load("scenario", []byte(text))
	if err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"errors": problems(err)})
		return
	}
	res := scenario.Run(s, scenario.Options{MaxStates: 20000, MaxRun: 2000})
	writeJSON(w, http.StatusOK, map[string]any{"ok": res.OK(), "exit": res.Exit(), "report": res.Report()})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func jsonError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// recoverJSON turns a panic into a JSON 500 without a stack trace.
func recoverJSON(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				fmt.Fprintf(os.Stderr, "edge: %s %s: panic: %v\n", r.Method, r.URL.Path, v)
				jsonError(w, http.StatusInternalServerError, "internal error")
			}
		}()
		h.ServeHTTP(w, r)
	})
}
