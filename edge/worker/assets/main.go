// Command assets writes the playground for the worker's static assets
// (wrangler.toml's [assets] directory): exactly the files package site
// serves, as it serves them, and a _headers file giving them the headers
// site's handler sets (the page's Content-Security-Policy, nosniff,
// revalidation). Cloudflare answers these requests itself, before the
// worker runs, so the playground behind the edge is served as `dmelab
// serve` serves it without a Go instance per file, and site stays the
// one place that says what is served and how.
//
//	go run ./edge/worker/assets -o edge/worker/build/assets
package main

import (
	"flag"
	"fmt"
	"os"

	"dmelab/site"
)

func main() {
	out := flag.String("o", "edge/worker/build/assets", "directory to write (replaced)")
	flag.Parse()
	h, err := site.Handler(site.Assets())
	if err == nil {
		err = Write(h, site.Assets(), *out)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "assets:", err)
		os.Exit(1)
	}
}
