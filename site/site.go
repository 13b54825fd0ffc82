// Package site serves the playground: static files embedded in the binary
// (the page, its scripts, and the core compiled to WebAssembly, which
// `make wasm` puts in static/ before the binary is built).
//
// The handler serves files only (never a directory listing), with explicit
// content types (application/wasm, which WebAssembly.instantiateStreaming
// insists on), gzip for text and wasm when the client accepts it (the wasm
// shrinks about 4x), and validators: every response carries a strong ETag
// of its content and "Cache-Control: no-cache", so a browser keeps its copy
// and revalidates with one cheap request instead of downloading again.
// File names carry no content hash, which is why nothing is cached without
// revalidation. Compressed bodies are computed once, on first request.
//
// Brotli, which shrinks the wasm about a quarter more than gzip, is
// precompressed at build time (make site writes FILE.br and
// FILE.br.sha256 next to the largest files; Go has no brotli encoder):
// FILE.br is sent to browsers that accept br, and only if FILE.br.sha256
// is FILE's hash, so a file rebuilt since is never paired with a stale
// .br. The .br files are not served under their own names.
package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

//go:embed static
var static embed.FS

// Assets returns the embedded static files, rooted at the site's root.
func Assets() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the directory is embedded at build time
	}
	return sub
}

// contentTypes are the types the site serves; files with other extensions
// are served as application/octet-stream.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".wasm":        "application/wasm",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
}

// compressible lists the extensions worth gzipping.
var compressible = map[string]bool{".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true, ".wasm": true, ".svg": true, ".txt": true, ".map": true, ".webmanifest": true}

// csp lets the page run its own scripts and compile WebAssembly, and
// nothing from elsewhere.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; worker-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

type asset struct {
	data  []byte
	ctype string
	etag  string
	gzip  bool

	once sync.Once
	gz   []byte
	gzOK bool // compression made it smaller

	br []byte // precompressed brotli body, nil if none (or stale)
}

func (a *asset) compressed() ([]byte, bool) {
	a.once.Do(func() {
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		w.Write(a.data)
		w.Close()
		if b.Len() < len(a.data) {
			a.gz, a.gzOK = b.Bytes(), true
		}
	})
	return a.gz, a.gzOK
}

type handler struct {
	files map[string]*asset // by path without the leading slash
}

// Handler serves the files of fsys (Assets() for the embedded site) at
// the root of the URL space; "/" serves index.html. Every file is read
// once, when Handler is called.
func Handler(fsys fs.FS) (http.Handler, error) {
	return HandlerWith(fsys, Options{})
}

// Options are what a server that embeds the playground tells the page.
type Options struct {
	// ExercisesURL is where the exercise pages are ("/exercises/" under
	// dmelab serve): the page's header links to it. Empty: no link (the
	// playground alone, the edge).
	ExercisesURL string
}

// exercisesMeta is the tag of index.html that HandlerWith fills in.
const exercisesMeta = `<meta name="dmelab-exercises" content="">`

// HandlerWith is Handler for a server that says more to the page (o),
// written into index.html once, here, so the page asks nothing at run
// time (a request the playground alone would answer with a 404).
func HandlerWith(fsys fs.FS, o Options) (http.Handler, error) {
	h := &handler{files: map[string]*asset{}}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".br.sha256") {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		if p == "index.html" && o.ExercisesURL != "" {
			data = bytes.Replace(data, []byte(exercisesMeta),
				[]byte(`<meta name="dmelab-exercises" content="`+html.EscapeString(o.ExercisesURL)+`">`), 1)
		}
		ext := path.Ext(p)
		ct, ok := contentTypes[ext]
		if !ok {
			ct = "application/octet-stream"
		}
		sum := sha256.Sum256(data)
		a := &asset{data: data, ctype: ct, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, gzip: compressible[ext] && len(data) > 512}
		if a.gzip {
			a.br = precompressed(fsys, p, sum[:])
		}
		h.files[p] = a
		return nil
	})
	if err != nil {
		return nil, err
	}
	return h, nil
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if p == "/" {
		p = "/index.html"
	}
	// Browsers (and tools) ask for /favicon.ico when a page names no
	// icon: the SVG one answers (served as image/svg+xml).
	if p == "/favicon.ico" && h.files["favicon.ico"] == nil {
		p = "/favicon.svg"
	}
	a := h.files[strings.TrimPrefix(p, "/")]
	if a == nil || path.Clean(p) != p {
		http.NotFound(w, r)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", a.ctype)
	hd.Set("Cache-Control", "no-cache")
	hd.Set("X-Content-Type-Options", "nosniff")
	if strings.HasPrefix(a.ctype, "text/html") {
		hd.Set("Content-Security-Policy", csp)
		hd.Set("Referrer-Policy", "no-referrer")
	}
	body, etag := a.data, a.etag
	if a.gzip {
		hd.Add("Vary", "Accept-Encoding")
		ae := r.Header.Get("Accept-Encoding")
		// A different representation needs its own strong validator.
		if a.br != nil && accepts(ae, "br") {
			body, etag = a.br, strings.TrimSuffix(a.etag, `"`)+`-br"`
			hd.Set("Content-Encoding", "br")
		} else if gz, ok := a.compressed(); ok && accepts(ae, "gzip") {
			body, etag = gz, strings.TrimSuffix(a.etag, `"`)+`-gz"`
			hd.Set("Content-Encoding", "gzip")
		}
	}
	hd.Set("ETag", etag)
	if matchETag(r.Header.Get("If-None-Match"), etag) {
		hd.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}

// matchETag reports whether an If-None-Match header names etag (or "*").
// A weak form of it matches too (If-None-Match uses weak comparison).
func matchETag(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// precompressed returns the brotli body of file p from p.br if p.br.sha256
// holds sum, the hash of p's content; else nil.
func precompressed(fsys fs.FS, p string, sum []byte) []byte {
	want, err := fs.ReadFile(fsys, p+".br.sha256")
	if err != nil || strings.TrimSpace(string(want)) != hex.EncodeToString(sum) {
		return nil
	}
	br, err := fs.ReadFile(fsys, p+".br")
	if err != nil || len(br) == 0 {
		return nil
	}
	return br
}

// accepts reads an Accept-Encoding header: coding (or *) listed without
// q=0.
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != coding && name != "*" {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		if strings.HasPrefix(q, "q=") {
			if v, err := strconv.ParseFloat(q[2:], 64); err == nil && v == 0 {
				return false
			}
		}
		return true
	}
	return false
}
