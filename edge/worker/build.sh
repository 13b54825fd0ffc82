#!/bin/sh
# Builds the worker into edge/worker/build (gitignored): syumai/workers'
# loader, the Go handler for js/wasm (app.wasm) and the playground as
# static assets (assets/, from package site: make site first). wrangler
# runs it before `wrangler dev` and `wrangler deploy` (wrangler.toml's
# [build]); make worker runs it too.
set -eu
cd "$(dirname "$0")/../.."
GO=${GO:-go}
# Local runs give wrangler a HOME of the project's (make worker-dev, the
# worker test): Go's caches and settings stay the user's own, found from
# the account's home, so nothing is downloaded or built again.
real=$(getent passwd "$(id -u)" 2>/dev/null | cut -d: -f6) || real=
if [ -n "$real" ] && [ "$real" != "$HOME" ]; then
	goenv() { HOME=$real XDG_CONFIG_HOME= "$GO" env "$1"; }
	GOCACHE=${GOCACHE:-$(goenv GOCACHE)}
	GOMODCACHE=${GOMODCACHE:-$(goenv GOMODCACHE)}
	GOPATH=${GOPATH:-$(goenv GOPATH)}
	GOENV=${GOENV:-$(goenv GOENV)}
	export GOCACHE GOMODCACHE GOPATH GOENV
fi
out=edge/worker/build
mkdir -p "$out"
# Without @version: the module proxy does not list syumai/workers'
# versions; go.mod pins v0.31.0.
"$GO" run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o "$out"
GOOS=js GOARCH=wasm "$GO" build -trimpath -ldflags="-s -w" -o "$out/app.wasm" ./edge/worker
"$GO" run ./edge/worker/assets -o "$out/assets"
