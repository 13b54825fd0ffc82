package site

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A fake site: the real wasm only exists after `make wasm`.
var fakeWasm = append([]byte("\x00asm\x01\x00\x00\x00"), []byte(strings.Repeat("wasm body ", 400))...)

func testServer(t *testing.T) *httptest.Server {
	t.Helper()
	fsys := fstest.MapFS{
		"index.html":     {Data: []byte("<!doctype html><title>dmelab</title>" + strings.Repeat("<p>x</p>", 200))},
		"app.js":         {Data: []byte(strings.Repeat("export const x = 1;\n", 100))},
		"style.css":      {Data: []byte("body{}")},
		"dmelab.wasm":    {Data: fakeWasm},
		"icons/logo.svg": {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
		"data/notes.bin": {Data: []byte{1, 2, 3}},
	}
	h, err := Handler(fsys)
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// get sends a request without Go's transparent gzip handling, so the
// test sees exactly what the server sent.
func get(t *testing.T, method, url string, hdr map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	require.NoError(t, err)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	tr := &http.Transport{DisableCompression: true}
	resp, err := tr.RoundTrip(req)
	require.NoError(t, err)
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func body(t *testing.T, r *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	require.NoError(t, err)
	return b
}

func TestContentTypes(t *testing.T) {
	srv := testServer(t)
	for path, want := range map[string]string{
		"/":               "text/html; charset=utf-8",
		"/index.html":     "text/html; charset=utf-8",
		"/app.js":         "text/javascript; charset=utf-8",
		"/style.css":      "text/css; charset=utf-8",
		"/dmelab.wasm":    "application/wasm",
		"/icons/logo.svg": "image/svg+xml",
		"/data/notes.bin": "application/octet-stream",
	} {
		r := get(t, "GET", srv.URL+path, nil)
		assert.Equal(t, http.StatusOK, r.StatusCode, path)
		assert.Equal(t, want, r.Header.Get("Content-Type"), path)
		assert.Equal(t, "nosniff", r.Header.Get("X-Content-Type-Options"), path)
		assert.Equal(t, "no-cache", r.Header.Get("Cache-Control"), path)
		assert.NotEmpty(t, r.Header.Get("ETag"), path)
	}
	r := get(t, "GET", srv.URL+"/", nil)
	assert.Contains(t, r.Header.Get("Content-Security-Policy"), "'wasm-unsafe-eval'")
}

func TestGzipWhenAccepted(t *testing.T) {
	srv := testServer(t)
	for _, path := range []string{"/dmelab.wasm", "/app.js", "/"} {
		plain := get(t, "GET", srv.URL+path, nil)
		raw := body(t, plain)
		assert.Empty(t, plain.Header.Get("Content-Encoding"), path)
		assert.Equal(t, "Accept-Encoding", plain.Header.Get("Vary"), path)

		zr := get(t, "GET", srv.URL+path, map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
		require.Equal(t, "gzip", zr.Header.Get("Content-Encoding"), path)
		zipped := body(t, zr)
		assert.Less(t, len(zipped), len(raw), path)
		gr, err := gzip.NewReader(strings.NewReader(string(zipped)))
		require.NoError(t, err)
		un, err := io.ReadAll(gr)
		require.NoError(t, err)
		assert.Equal(t, raw, un, path)
		assert.NotEqual(t, plain.Header.Get("ETag"), zr.Header.Get("ETag"), "each encoding has its own validator")
	}
	// Refused or not offered: plain.
	for _, ae := range []string{"gzip;q=0", "br", "identity"} {
		r := get(t, "GET", srv.URL+"/dmelab.wasm", map[string]string{"Accept-Encoding": ae})
		assert.Empty(t, r.Header.Get("Content-Encoding"), ae)
		assert.Equal(t, fakeWasm, body(t, r), ae)
	}
	// Tiny files are not worth compressing.
	r := get(t, "GET", srv.URL+"/style.css", map[string]string{"Accept-Encoding": "gzip"})
	assert.Empty(t, r.Header.Get("Content-Encoding"))
}

func TestNotFoundAndNoListing(t *testing.T) {
	srv := testServer(t)
	for _, path := range []string{"/nope", "/icons/", "/icons", "/data/", "/index.html/", "/./index.html", "/icons/../index.html", "/%2e%2e/site.go", "//index.html"} {
		r := get(t, "GET", srv.URL+path, nil)
		assert.Equal(t, http.StatusNotFound, r.StatusCode, path)
		assert.NotContains(t, string(body(t, r)), "logo.svg", path)
	}
}

func TestConditionalHeadAndMethods(t *testing.T) {
	srv := testServer(t)
	first := get(t, "GET", srv.URL+"/app.js", nil)
	etag := first.Header.Get("ETag")
	again := get(t, "GET", srv.URL+"/app.js", map[string]string{"If-None-Match": etag})
	assert.Equal(t, http.StatusNotModified, again.StatusCode)
	assert.Empty(t, body(t, again))
	weak := get(t, "GET", srv.URL+"/app.js", map[string]string{"If-None-Match": `"other", W/` + etag})
	assert.Equal(t, http.StatusNotModified, weak.StatusCode)
	stale := get(t, "GET", srv.URL+"/app.js", map[string]string{"If-None-Match": `"other"`})
	assert.Equal(t, http.StatusOK, stale.StatusCode)

	head := get(t, "HEAD", srv.URL+"/dmelab.wasm", nil)
	assert.Equal(t, http.StatusOK, head.StatusCode)
	assert.Equal(t, "application/wasm", head.Header.Get("Content-Type"))
	assert.Empty(t, body(t, head))

	post := get(t, "POST", srv.URL+"/", nil)
	assert.Equal(t, http.StatusMethodNotAllowed, post.StatusCode)
	assert.Equal(t, "GET, HEAD", post.Header.Get("Allow"))
}

func TestEmbeddedSiteHasThePage(t *testing.T) {
	h, err := Handler(Assets())
	require.NoError(t, err)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	require.Equal(t, http.StatusOK, rec.Code)
	assert.Contains(t, rec.Body.String(), "dmelab")
	for _, p := range []string{"/app.js", "/worker.js", "/style.css"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		assert.Equal(t, http.StatusOK, rec.Code, p)
	}
}

// The service worker stores a fixed list of files for offline use: every
// file of the page must be on it. goeditor.js, built next to them, is the
// exercise pages' Go editor (grader/serve), not the playground's.
func TestServiceWorkerListsEveryFile(t *testing.T) {
	sw, err := fs.ReadFile(Assets(), "sw.js")
	require.NoError(t, err)
	entries, err := fs.ReadDir(Assets(), ".")
	require.NoError(t, err)
	for _, e := range entries {
		if e.IsDir() || e.Name() == "sw.js" || e.Name() == "goeditor.js" || strings.HasSuffix(e.Name(), ".br") || strings.HasSuffix(e.Name(), ".br.sha256") {
			continue
		}
		assert.Contains(t, string(sw), "'"+e.Name()+"'", "sw.js does not store %s", e.Name())
	}
	for _, built := range []string{"dmelab.wasm", "wasm_exec.js"} {
		assert.Contains(t, string(sw), "'"+built+"'")
	}
}

// A precompressed brotli body goes to browsers that accept br, only while
// its recorded hash is the file's; it is never served under its own name.
func TestBrotliPrecompressed(t *testing.T) {
	sum := sha256.Sum256(fakeWasm)
	br := []byte("not really brotli, but the server only passes it on")
	fsys := fstest.MapFS{
		"dmelab.wasm":           {Data: fakeWasm},
		"dmelab.wasm.br":        {Data: br},
		"dmelab.wasm.br.sha256": {Data: []byte(hex.EncodeToString(sum[:]) + "\n")},
		"app.js":                {Data: []byte(strings.Repeat("export const x = 1;\n", 100))},
		"app.js.br":             {Data: br},
		"app.js.br.sha256":      {Data: []byte(hex.EncodeToString(sum[:]))}, // another file's hash: stale
	}
	h, err := Handler(fsys)
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	r := get(t, "GET", srv.URL+"/dmelab.wasm", map[string]string{"Accept-Encoding": "gzip, deflate, br"})
	assert.Equal(t, "br", r.Header.Get("Content-Encoding"))
	assert.Equal(t, "application/wasm", r.Header.Get("Content-Type"))
	assert.Equal(t, br, body(t, r))
	etag := r.Header.Get("ETag")
	assert.True(t, strings.HasSuffix(etag, `-br"`), etag)
	r = get(t, "GET", srv.URL+"/dmelab.wasm", map[string]string{"Accept-Encoding": "br", "If-None-Match": etag})
	assert.Equal(t, http.StatusNotModified, r.StatusCode)

	r = get(t, "GET", srv.URL+"/dmelab.wasm", map[string]string{"Accept-Encoding": "gzip, br;q=0"})
	assert.Equal(t, "gzip", r.Header.Get("Content-Encoding"))

	r = get(t, "GET", srv.URL+"/app.js", map[string]string{"Accept-Encoding": "br, gzip"})
	assert.Equal(t, "gzip", r.Header.Get("Content-Encoding"), "a stale .br is not sent")

	for _, p := range []string{"/dmelab.wasm.br", "/dmelab.wasm.br.sha256"} {
		assert.Equal(t, http.StatusNotFound, get(t, "GET", srv.URL+p, nil).StatusCode, p)
	}
}

// Issue 14 item 7: /favicon.ico (asked for by pages naming no icon) is
// the site's favicon.svg; without one it stays a 404.
func TestFaviconICOServesTheSVG(t *testing.T) {
	svg := []byte("<svg xmlns='http://www.w3.org/2000/svg'><circle r='4'/></svg>")
	h, err := Handler(fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}, "favicon.svg": {Data: svg}})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	r := get(t, "GET", srv.URL+"/favicon.ico", nil)
	assert.Equal(t, http.StatusOK, r.StatusCode)
	assert.Equal(t, "image/svg+xml", r.Header.Get("Content-Type"))
	assert.Equal(t, svg, body(t, r))

	r = get(t, "GET", testServer(t).URL+"/favicon.ico", nil)
	assert.Equal(t, http.StatusNotFound, r.StatusCode)
}

// Under dmelab serve the page links to the exercises; alone it does not
// (and asks the server nothing to find out).
func TestExercisesLink(t *testing.T) {
	get := func(h http.Handler) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
		require.Equal(t, http.StatusOK, rec.Code)
		return rec.Body.String()
	}
	alone, err := Handler(Assets())
	require.NoError(t, err)
	assert.Contains(t, get(alone), `<meta name="dmelab-exercises" content="">`)
	served, err := HandlerWith(Assets(), Options{ExercisesURL: "/exercises/"})
	require.NoError(t, err)
	assert.Contains(t, get(served), `<meta name="dmelab-exercises" content="/exercises/">`)
}
