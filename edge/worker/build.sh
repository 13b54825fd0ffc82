#!/bin/sh
# Builds the worker into edge/worker/build (gitignored): syumai/workers'
# loader, the Go handler for js/wasm (app.wasm) and the playground as
# static assets (assets/, from package site: make site first). wrangler
# runs it before `wrangler dev` and `wrangler deploy` (wrangler.toml's
# [build]); make worker runs it too.
set -eu
cd "$(dirname "$0")/../.."
GO=${GO:-go}
out=edge/worker/build
mkdir -p "$out"
# Without @version: the module proxy does not list syumai/workers'
# versions; go.mod pins v0.31.0.
"$GO" run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o "$out"
GOOS=js GOARCH=wasm "$GO" build -trimpath -ldflags="-s -w" -o "$out/app.wasm" ./edge/worker
"$GO" run ./edge/worker/assets -o "$out/assets"
