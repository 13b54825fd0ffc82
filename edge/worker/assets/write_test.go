package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/site"
)

// The assets are what site serves, byte for byte, and _headers carries
// its headers: the page's CSP on / and /index.html, the rest for all.
func TestWrite(t *testing.T) {
	wasm := strings.Repeat("\x00asm", 400)
	fsys := fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><title>dmelab</title>" + strings.Repeat(" ", 600))},
		"app.js":                {Data: []byte("console.log(1)")},
		"dmelab.wasm":           {Data: []byte(wasm)},
		"dmelab.wasm.br":        {Data: []byte("brotli")},
		"dmelab.wasm.br.sha256": {Data: []byte("00")},
		"examples/seed001.scn":  {Data: []byte("algorithm ra-lamport\n")},
		"examples/index.html":   {Data: []byte("<p>examples</p>")},
	}
	h, err := site.Handler(fsys)
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "assets")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "stale"), 0o755))
	require.NoError(t, Write(h, fsys, dir))

	var got []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			got = append(got, filepath.ToSlash(rel))
		}
		return err
	}))
	assert.ElementsMatch(t, []string{"_headers", "app.js", "dmelab.wasm", "examples/index.html", "examples/seed001.scn", "index.html"}, got)
	b, err := os.ReadFile(filepath.Join(dir, "dmelab.wasm"))
	require.NoError(t, err)
	assert.Equal(t, wasm, string(b), "uncompressed")

	hdr, err := os.ReadFile(filepath.Join(dir, "_headers"))
	require.NoError(t, err)
	rules := map[string]string{}
	var url string
	for _, line := range strings.Split(strings.TrimSpace(string(hdr)), "\n") {
		if strings.HasPrefix(line, "  ") {
			rules[url] += strings.TrimSpace(line) + "\n"
		} else {
			url = line
		}
	}
	assert.Equal(t, "Cache-Control: no-cache\nX-Content-Type-Options: nosniff\n", rules["/*"])
	for _, u := range []string{"/", "/index.html", "/examples/", "/examples/index.html"} {
		assert.Contains(t, rules[u], "Content-Security-Policy: default-src 'self';", u)
		assert.Contains(t, rules[u], "Referrer-Policy: no-referrer", u)
	}
	assert.NotContains(t, rules, "/app.js", "nothing beyond the common headers")
	assert.Len(t, rules, 5)
}

func TestWriteNothing(t *testing.T) {
	h, err := site.Handler(fstest.MapFS{})
	require.NoError(t, err)
	err = Write(h, fstest.MapFS{}, t.TempDir())
	assert.ErrorContains(t, err, "make site")
}
