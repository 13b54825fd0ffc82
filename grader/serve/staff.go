package serve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// The staff view (hidden test names and sources, grading errors, the
// validation tables) needs the staff token: a server started with Staff
// serves it only to requests that carry it, as "Authorization: Bearer T",
// or as the cookie set when a page is opened once with ?token=T; every
// other request gets the student view.

// staffCookie holds the staff token in a staff member's browser.
const staffCookie = "dmelab_staff"

// NewStaffToken returns a fresh staff token (128 random bits in hex).
func NewStaffToken() string { return NewID() }

// StaffToken is the token staff requests must carry ("" without Staff).
func (s *Server) StaffToken() string { return s.opts.StaffToken }

func (s *Server) tokenOK(tok string) bool {
	a, b := sha256.Sum256([]byte(tok)), sha256.Sum256([]byte(s.opts.StaffToken))
	return s.opts.StaffToken != "" && subtle.ConstantTimeCompare(a[:], b[:]) == 1
}

// isStaff says whether r gets the staff view.
func (s *Server) isStaff(r *http.Request) bool {
	if !s.opts.Staff {
		return false
	}
	if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && s.tokenOK(strings.TrimSpace(tok)) {
		return true
	}
	if c, err := r.Cookie(staffCookie); err == nil && s.tokenOK(c.Value) {
		return true
	}
	return false
}

// staffLogin handles ?token=T: a right token sets the staff cookie and
// sends the browser to the same address without the token (so that it
// stays out of the history and of Referer headers); a wrong one is
// refused. It says whether it answered the request.
func (s *Server) staffLogin(w http.ResponseWriter, r *http.Request) bool {
	q := r.URL.Query()
	if !s.opts.Staff || !q.Has("token") {
		return false
	}
	if !s.tokenOK(q.Get("token")) {
		writeError(w, http.StatusForbidden, "wrong staff token (dmelab serve --staff prints it when it starts)")
		return true
	}
	http.SetCookie(w, &http.Cookie{Name: staffCookie, Value: q.Get("token"), Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	q.Del("token")
	u := *r.URL
	u.RawQuery = q.Encode()
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
	return true
}

// Validation is what staff see of the exercises' validation (dmelab
// validate) on the catalogue page: computed once, in the background, when
// the server starts with Staff and a Validate function, since grading
// every reference, starter and mutant takes minutes.
type validation struct {
	mu       sync.Mutex
	started  bool
	done     bool
	markdown string
	err      error
}

// startValidation runs opts.Validate in the background (staff only).
func (s *Server) startValidation() {
	if !s.opts.Staff || s.opts.Validate == nil {
		return
	}
	v := &s.validation
	v.mu.Lock()
	if v.started {
		v.mu.Unlock()
		return
	}
	v.started = true
	v.mu.Unlock()
	go func() {
		key, err := s.validationKey()
		if err != nil {
			s.log.Warn("validation: not cached", "err", err)
		}
		cache := filepath.Join(s.opts.DataDir, "validation-"+key+".md")
		if key != "" {
			if b, err := os.ReadFile(cache); err == nil {
				s.log.Info("validation: the exercises and the grader are unchanged; the cached tables are shown", "file", cache)
				v.mu.Lock()
				v.done, v.markdown = true, string(b)
				v.mu.Unlock()
				return
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		go func() { <-s.closing; cancel() }()
		md, err := s.opts.Validate(ctx)
		v.mu.Lock()
		v.done, v.markdown, v.err = true, md, err
		v.mu.Unlock()
		if err == nil && key != "" {
			if err := writeCache(s.opts.DataDir, cache, md); err != nil {
				s.log.Warn("validation: not cached", "err", err)
			}
		}
	}()
}

// validationKey hashes what a validation depends on: every file of the
// exercises and of the hidden folder (names and contents), and the
// running program (a new grader may judge the same files otherwise).
func (s *Server) validationKey() (string, error) {
	h := sha256.New()
	for _, dir := range []string{s.opts.Exercises, s.opts.Hidden} {
		fmt.Fprintf(h, "dir %q\n", dir)
		if dir == "" {
			continue
		}
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.Type().IsRegular() {
				return nil
			}
			rel, _ := filepath.Rel(dir, p)
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "file %q %d\n", filepath.ToSlash(rel), len(b))
			h.Write(b)
			return nil
		})
		if err != nil {
			return "", err
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h.Write([]byte("program\n"))
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// writeCache writes md to cache (through a temporary file) and removes
// the validations cached for other keys.
func writeCache(dir, cache, md string) error {
	old, _ := filepath.Glob(filepath.Join(dir, "validation-*.md"))
	tmp := cache + ".tmp"
	if err := os.WriteFile(tmp, []byte(md), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, cache); err != nil {
		return errors.Join(err, os.Remove(tmp))
	}
	for _, o := range old {
		if o != cache {
			os.Remove(o)
		}
	}
	return nil
}

// validationHTML renders the validation for the catalogue page.
func (s *Server) validationHTML(staff bool) template.HTML {
	if !staff || s.opts.Validate == nil {
		return ""
	}
	v := &s.validation
	v.mu.Lock()
	defer v.mu.Unlock()
	switch {
	case !v.done:
		return `<p class="staff">Validation (staff view): running — grading every reference, starter and mutant; reload in a few minutes.</p>`
	case v.err != nil:
		return template.HTML(`<p class="staff">Validation failed: ` + template.HTMLEscapeString(v.err.Error()) + `</p>`)
	}
	var b bytes.Buffer
	if err := statementMD.Convert([]byte(v.markdown), &b); err != nil {
		return template.HTML(`<p class="staff">The validation does not render.</p>`)
	}
	return template.HTML(`<section class="staff validation">` + b.String() + `</section>`)
}
