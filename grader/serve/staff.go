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
// every reference, starter and mutant takes minutes. It is of the version
// of the exercises served at start (see snapshot.go); a version taken
// later shows its own tables only when they were cached before (the
// same files validated by the same program), else the start's tables,
// saying they are of an earlier version.
type validation struct {
	mu       sync.Mutex
	begun    bool
	done     bool
	markdown string
	err      error
	of       *snapshot // the version validated
}

// started says whether the validation was started.
func (v *validation) started() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.begun
}

// startValidation runs opts.Validate in the background (staff only).
func (s *Server) startValidation() {
	if !s.opts.Staff || s.opts.Validate == nil {
		return
	}
	v := &s.validation
	v.mu.Lock()
	if v.begun {
		v.mu.Unlock()
		return
	}
	v.begun = true
	v.mu.Unlock()
	sn := s.snap()
	go func() {
		if s.cachedValidation(sn) {
			return
		}
		key, err := s.validationKey(sn)
		if err != nil {
			s.log.Warn("validation: not cached", "err", err)
		}
		cache := filepath.Join(s.opts.DataDir, "validation-"+key+".md")
		ctx, cancel := context.WithCancel(context.Background())
		go func() { <-s.closing; cancel() }()
		md, err := s.opts.Validate(ctx, sn.exercises, sn.hidden)
		v.mu.Lock()
		v.done, v.markdown, v.err, v.of = true, md, err, sn
		v.mu.Unlock()
		if err == nil && key != "" {
			if err := writeCache(s.opts.DataDir, cache, md); err != nil {
				s.log.Warn("validation: not cached", "err", err)
			}
		}
	}()
}

// cachedValidation shows the tables cached for sn, if any, and says
// whether there were.
func (s *Server) cachedValidation(sn *snapshot) bool {
	key, err := s.validationKey(sn)
	if err != nil {
		return false
	}
	cache := filepath.Join(s.opts.DataDir, "validation-"+key+".md")
	b, err := os.ReadFile(cache)
	if err != nil {
		return false
	}
	s.log.Info("validation: the exercises and the grader are unchanged; the cached tables are shown", "file", cache)
	v := &s.validation
	v.mu.Lock()
	v.done, v.markdown, v.err, v.of = true, string(b), nil, sn
	v.mu.Unlock()
	return true
}

// validationKey hashes what a validation depends on: the version of the
// exercises (a hash of every file of the exercises and of the hidden
// folder, names and contents), and the running program (a new grader
// may judge the same files otherwise).
func (s *Server) validationKey(sn *snapshot) (string, error) {
	if sn.id == "" {
		return "", errors.New("no exercises")
	}
	h := sha256.New()
	fmt.Fprintf(h, "exercises %s\n", sn.id)
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

// validationHTML renders, for staff on the catalogue page, whether the
// exercises on disk load (when they do not, the version served stays),
// then the validation.
func (s *Server) validationHTML(staff bool) template.HTML {
	if !staff {
		return ""
	}
	sn := s.snap()
	var out strings.Builder
	vs := &s.vers
	vs.mu.Lock()
	broken, since := vs.broken, vs.brokenAt
	vs.mu.Unlock()
	if broken != nil {
		out.WriteString(`<section class="staff error"><p>The exercises on disk do not load (since ` + clock(since) +
			`): students are still shown and graded on the version of ` + clock(sn.at) +
			`. Fix the files; the server takes them as soon as they load.</p><pre>` +
			template.HTMLEscapeString(broken.Error()) + `</pre></section>`)
	}
	if s.opts.Validate == nil {
		return template.HTML(out.String())
	}
	v := &s.validation
	v.mu.Lock()
	defer v.mu.Unlock()
	switch {
	case !v.done:
		out.WriteString(`<p class="staff">Validation (staff view): running — grading every reference, starter and mutant; reload in a few minutes.</p>`)
		return template.HTML(out.String())
	case v.err != nil:
		out.WriteString(`<p class="staff">Validation failed: ` + template.HTMLEscapeString(v.err.Error()) + `</p>`)
		return template.HTML(out.String())
	}
	var b bytes.Buffer
	if err := statementMD.Convert([]byte(v.markdown), &b); err != nil {
		out.WriteString(`<p class="staff">The validation does not render.</p>`)
		return template.HTML(out.String())
	}
	if v.of != nil && v.of.id != sn.id {
		out.WriteString(`<p class="staff">This validation is of an earlier version of the exercises (the version of ` + clock(v.of.at) +
			`); the exercises changed on disk since, and students are shown and graded on the version of ` + clock(sn.at) +
			`. Run dmelab validate on them, or restart the server, for the tables of the version served.</p>`)
	}
	out.WriteString(`<section class="staff validation">` + b.String() + `</section>`)
	return template.HTML(out.String())
}
