//go:build js && wasm

// Command worker is dmelab's Cloudflare Worker: package edge's handler
// (the scenario API on the spot, grading forwarded to GRADER_URL) behind
// github.com/syumai/workers, with the playground's files as the worker's
// static assets (wrangler.toml). Each request may start a fresh instance:
// nothing here keeps state between requests.
package main

import (
	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/fetch"

	"dmelab/edge"
)

func main() {
	workers.Serve(edge.Handler(edge.Options{
		GraderURL: func() string { return cloudflare.Getenv("GRADER_URL") },
		Client:    fetch.NewClient().HTTPClient(fetch.RedirectModeManual),
	}))
}
