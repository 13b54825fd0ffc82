//go:build js && wasm

// Command worker is dmelab's Cloudflare Worker: package edge's handler
// (the scenario API on the spot, grading forwarded to GRADER_URL) behind
// github.com/syumai/workers, with the playground's files as the worker's
// static assets (wrangler.toml). Each request may start a fresh instance:
// nothing here keeps state between requests.
package main

import (
	"net/http"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/fetch"

	"dmelab/edge"
)

func main() {
	workers.Serve(edge.Handler(edge.Options{
		GraderURL: func() string { return cloudflare.Getenv("GRADER_URL") },
		Do:        forward,
	}))
}

// forward sends r with the platform's fetch, redirects passed back to the
// client as they are. It goes through fetch.Client.Do rather than an
// http.Client so that the worker links no http.Transport (see
// edge.Options.Do).
func forward(r *http.Request) (*http.Response, error) {
	return fetch.NewClient().Do(&fetch.Request{Request: r}, &fetch.RequestInit{Redirect: fetch.RedirectModeManual})
}
