package main

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// headers are the response headers carried over into _headers; the
// platform sets Content-Type from the extension and its own validators.
var headers = []string{"Cache-Control", "Content-Security-Policy", "Referrer-Policy", "X-Content-Type-Options"}

// maxRules is the platform's limit on _headers rules.
const maxRules = 100

// Write asks h for every file of fsys, writes those it serves (200) into
// dir with their bodies as served uncompressed, and writes dir/_headers:
// one "/*" rule with the headers every file has, and a rule per file for
// the rest (an index.html's rule also under its directory's path, which
// is the URL the platform serves it at).
func Write(h http.Handler, fsys fs.FS, dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	type file struct {
		url string
		hdr map[string]string
	}
	var files []file
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/"+p, nil))
		if w.Code != http.StatusOK {
			return nil // not served (e.g. precompressed copies)
		}
		if enc := w.Header().Get("Content-Encoding"); enc != "" {
			return fmt.Errorf("%s: served with Content-Encoding %s to a client that asked for none", p, enc)
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, w.Body.Bytes(), 0o644); err != nil {
			return err
		}
		f := file{url: "/" + p, hdr: map[string]string{}}
		for _, k := range headers {
			if v := w.Header().Get(k); v != "" {
				f.hdr[k] = v
			}
		}
		files = append(files, f)
		if path.Base(p) == "index.html" {
			files = append(files, file{url: strings.TrimSuffix(f.url, "index.html"), hdr: f.hdr})
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no file is served: build the site first (make site)")
	}
	// Headers every file has, with the same value, go to "/*".
	common := map[string]string{}
	for k, v := range files[0].hdr {
		if !slices.ContainsFunc(files, func(f file) bool { return f.hdr[k] != v }) {
			common[k] = v
		}
	}
	var b strings.Builder
	rules := 0
	rule := func(url string, hdr map[string]string, skip map[string]string) {
		var lines []string
		for k, v := range hdr {
			if _, ok := skip[k]; !ok {
				lines = append(lines, "  "+k+": "+v+"\n")
			}
		}
		if len(lines) == 0 {
			return
		}
		slices.Sort(lines)
		rules++
		b.WriteString(url + "\n" + strings.Join(lines, ""))
	}
	rule("/*", common, nil)
	slices.SortFunc(files, func(a, b file) int { return strings.Compare(a.url, b.url) })
	for _, f := range files {
		rule(f.url, f.hdr, common)
	}
	if rules > maxRules {
		return fmt.Errorf("_headers would have %d rules, the platform takes %d", rules, maxRules)
	}
	return os.WriteFile(filepath.Join(dir, "_headers"), []byte(b.String()), 0o644)
}
