// Package edge is the HTTP handler of dmelab's edge front (a Cloudflare
// Worker, edge/worker): the scenario API (package scenarioapi) answered
// on the spot by the pure core, and everything about grading forwarded to
// the grading server, which alone has the Go toolchain. It is plain
// net/http, so it is tested natively; the worker gives it the platform's
// fetch to forward with.
//
// The playground's static files are not served from here: on Cloudflare
// they are the worker's static assets (wrangler.toml), answered before the
// worker runs; embedding the playground's WebAssembly would also push the
// worker past the free plan's 3 MB.
package edge

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"strings"

	"dmelab/edge/scenarioapi"
)

// Options configure the handler.
type Options struct {
	// GraderURL is the grading server's base URL ("http://127.0.0.1:8080");
	// a function because a worker reads its variables per request.
	GraderURL func() string
	// Do sends a request to the grading server: the platform's fetch in
	// a worker, (*http.Client).Do natively. Nothing here names
	// http.Client, so the worker links neither it nor the transport's TLS
	// stack behind it, which halves the worker (7 MB instead of 12).
	// Nil: nothing is forwarded (503).
	Do func(*http.Request) (*http.Response, error)
	// Fallback answers what is neither API (nil: 404).
	Fallback http.Handler
}

// client names the client of a request at the edge: the address
// Cloudflare gives (it sets CF-Connecting-IP on every request a Worker
// gets), or the connection's peer where none is set (a local test).
func client(r *http.Request) string {
	if ip := r.Header.Get("CF-Connecting-IP"); ip != "" {
		return ip
	}
	return r.RemoteAddr
}

// maxBody bounds what the edge reads of a request.
const maxBody = 256 << 10

// Handler returns the edge's handler.
func Handler(o Options) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(scenarioapi.Prefix, scenarioapi.HandlerWith(scenarioapi.Options{Client: client}))
	mux.HandleFunc("/api/submissions/{id}/events", func(w http.ResponseWriter, r *http.Request) {
		scenarioapi.Error(w, http.StatusNotImplemented, "event streams are not forwarded by the edge: poll GET /api/submissions/{id}?wait=20")
	})
	fwd := forward(o)
	for _, p := range []string{"/api/submissions", "/api/submissions/", "/api/exercises", "/api/exercises/", "/api/health", "/exercises", "/exercises/"} {
		mux.Handle(p, fwd)
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		scenarioapi.Error(w, http.StatusNotFound, "no such API endpoint")
	})
	if o.Fallback != nil {
		mux.Handle("/", o.Fallback)
	} else {
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	}
	return scenarioapi.Recover(mux)
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
		if base == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || o.Do == nil {
			scenarioapi.Error(w, http.StatusServiceUnavailable, "no grading server configured (GRADER_URL)")
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			scenarioapi.Error(w, http.StatusRequestEntityTooLarge, "the request is larger than 256 KiB")
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
			scenarioapi.Error(w, http.StatusBadRequest, "bad request")
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
		resp, err := o.Do(req)
		if err != nil {
			scenarioapi.Error(w, http.StatusBadGateway, "the grading server did not answer")
			return
		}
		defer resp.Body.Close()
		// A response to HEAD, a 204 or a 304 has no body, and the
		// platform's fetch gives it a null stream that panics when read.
		var out []byte
		if r.Method != http.MethodHead && resp.StatusCode != http.StatusNoContent && resp.StatusCode != http.StatusNotModified {
			if out, err = io.ReadAll(resp.Body); err != nil {
				scenarioapi.Error(w, http.StatusBadGateway, "the grading server's answer broke off")
				return
			}
		}
		for _, h := range []string{"Content-Type", "Cache-Control", "Location", "Content-Security-Policy", "Retry-After"} {
			if v := resp.Header.Get(h); v != "" {
				w.Header().Set(h, v)
			}
		}
		w.WriteHeader(resp.StatusCode)
		// No Write at all for an empty body: in the worker an empty Write
		// waits for a reader, which a HEAD response never has, and the
		// runtime cancels the request as hung.
		if len(out) > 0 {
			w.Write(out)
		}
	})
}
