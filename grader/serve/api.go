package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"path"
	"reflect"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"dmelab/grader/exercise"
)

// Handler serves the API under /api/ and the playground (Options.Site)
// everywhere else.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/submissions", s.submit)
	mux.HandleFunc("/api/submissions/{id}", s.submission)
	mux.HandleFunc("/api/submissions/{id}/events", s.stream)
	mux.HandleFunc("/api/exercises", s.exercises)
	mux.HandleFunc("/api/exercises/{name}", s.exercise)
	mux.HandleFunc("/api/health", s.health)
	s.pages(mux)
	for pattern, h := range s.opts.Mount {
		mux.Handle(pattern, h)
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such API endpoint: see docs/serving.md")
	})
	if s.opts.Site != nil {
		mux.Handle("/", s.opts.Site)
	}
	return s.guard(mux)
}

// guard turns a panic in a handler into a JSON 500 (the stack goes to the
// server's log, never to the client).
func (s *Server) guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if s.opts.Staff {
			w.Header().Add("Vary", "Authorization, Cookie")
		}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("handler panicked", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				writeError(w, http.StatusInternalServerError, "internal error")
			}
		}()
		if s.staffLogin(w, r) {
			return
		}
		h.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"internal error"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// writeError answers {"error": msg}: every error of the API has this shape.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	for _, m := range methods {
		if r.Method == m {
			return true
		}
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed here (allowed: %s)", r.Method, strings.Join(methods, ", ")))
	return false
}

var (
	idPattern   = regexp.MustCompile(`^[0-9a-f]{32}$`)
	filePattern = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}\.(go|txt)$`)
	idemPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,100}$`)
)

// request is the body of POST /api/submissions.
type request struct {
	Exercise string  `json:"exercise"`
	File     string  `json:"file"`
	Source   *string `json:"source"`
	// Schedules make the submission a try: the file run on these alone
	// (see Submission.Own).
	Schedules *[]Own `json:"schedules"`
}

// submit accepts a submission: validated, stored (on disk before the
// answer), queued; it answers 202 with the id at once.
func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			writeError(w, http.StatusUnsupportedMediaType, "send the submission as application/json")
			return
		}
	}
	if r.ContentLength > s.opts.MaxBody {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body too large: at most %d bytes", s.opts.MaxBody))
		return
	}
	client := clientOf(r, s.opts.ClientHeader)
	if ok, wait := s.limiter.allow(client, time.Now()); !ok {
		secs := int(wait/time.Second) + 1
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("too many submissions: at most %d a minute; try again in %d s", s.opts.RatePerMinute, secs))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.opts.MaxBody))
	var tooLarge *http.MaxBytesError
	var netErr net.Error
	switch {
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body too large: at most %d bytes", s.opts.MaxBody))
		return
	case errors.As(err, &netErr) && netErr.Timeout():
		writeError(w, http.StatusRequestTimeout, fmt.Sprintf("the request did not arrive within %v (the limit for a whole request, its body included)", s.opts.Timeouts.Read))
		return
	case err != nil:
		writeError(w, http.StatusBadRequest, "could not read the request body")
		return
	}
	// The version of the exercises the submission is checked against is
	// the one it is stored with and graded on; it is not removed before
	// the submission is stored (see retire).
	s.vers.accept.RLock()
	defer s.vers.accept.RUnlock()
	sn := s.snap()
	req, msg := parseRequest(body)
	if msg == "" {
		msg = s.validate(sn.catalog, req)
	}
	idem := r.Header.Get("Idempotency-Key")
	if msg == "" && idem != "" && !idemPattern.MatchString(idem) {
		msg = "Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'"
	}
	if msg != "" {
		writeError(w, http.StatusBadRequest, msg)
		return
	}
	var own []Own
	if req.Schedules != nil {
		status, msg := s.checkOwn(sn, req)
		if msg != "" {
			writeError(w, status, msg)
			return
		}
		own = *req.Schedules
	}
	ctx := r.Context()
	if n, err := s.store.Pending(ctx); err != nil {
		s.log.Error("counting the queue", "err", err)
		writeError(w, http.StatusInternalServerError, "could not store the submission; try again")
		return
	} else if n >= s.opts.MaxQueue {
		w.Header().Set("Retry-After", "30")
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the grading queue is full (%d submissions waiting); try again in a minute", n))
		return
	}
	id, _, err := s.store.Add(ctx, Submission{ID: NewID(), Idem: idem, Exercise: req.Exercise, File: req.File,
		Source: []byte(*req.Source), Client: client, Own: own, Version: sn.id}, time.Now())
	if errors.Is(err, ErrIdemReused) {
		writeError(w, http.StatusUnprocessableEntity, "this Idempotency-Key was already used for another submission: send a new key with each new submission, and the same key only to resend the same one")
		return
	}
	if err != nil {
		s.log.Error("storing a submission", "err", err)
		writeError(w, http.StatusInternalServerError, "could not store the submission; try again")
		return
	}
	s.pool.kick()
	rec, err := s.store.Get(ctx, id)
	if err != nil || rec == nil {
		s.log.Error("reading a stored submission", "id", id, "err", err)
		writeError(w, http.StatusInternalServerError, "the submission was stored but could not be read back")
		return
	}
	w.Header().Set("Location", "/api/submissions/"+id)
	writeJSON(w, http.StatusAccepted, s.view(r.Context(), rec, false, s.isStaff(r)))
}

// parseRequest decodes one JSON object with exactly the known fields.
func parseRequest(body []byte) (*request, string) {
	if !utf8.Valid(body) {
		// encoding/json would quietly turn bad bytes into U+FFFD.
		return nil, "the request is not valid UTF-8"
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var req request
	if err := dec.Decode(&req); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return nil, fmt.Sprintf("malformed JSON at byte %d: %s", syn.Offset, syn.Error())
		case errors.As(err, &typ) && typ.Field == "":
			return nil, `malformed request: send one JSON object, {"exercise": NAME, "file": FILE, "source": TEXT}`
		case errors.As(err, &typ) && typ.Field == "schedules":
			return nil, `malformed request: "schedules" must be an array of objects, each {"name": NAME, "text": SCENARIO}`
		case errors.As(err, &typ):
			// Every other field of a request is a string.
			return nil, fmt.Sprintf("malformed request: field %q must be a string", typ.Field)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return nil, "malformed JSON: the body is empty or cut short"
		default:
			return nil, "malformed request: " + err.Error()
		}
	}
	if dec.More() {
		return nil, "malformed JSON: more than one value in the body"
	}
	if msg := keysOnce(body); msg != "" {
		return nil, msg
	}
	return &req, ""
}

// requestKeys are a request's fields, spelt exactly: its JSON names.
var requestKeys = func() []string {
	t := reflect.TypeFor[request]()
	keys := make([]string, t.NumField())
	for i := range keys {
		keys[i], _, _ = strings.Cut(t.Field(i).Tag.Get("json"), ",")
	}
	return keys
}()

// keysOnce says what is wrong with the keys of body, a JSON object that
// decoded: encoding/json takes a key twice (the last wins) and in any
// case ("Exercise"), so that a proxy or log that reads the first, or the
// exact name, would see another exercise than the one graded.
func keysOnce(body []byte) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return ""
		}
		k, _ := t.(string)
		switch {
		case !slices.Contains(requestKeys, k):
			return fmt.Sprintf("malformed request: unknown field %q (the fields are %s, spelt so)", truncate(k, 40), strings.Join(requestKeys, ", "))
		case seen[k]:
			return fmt.Sprintf("malformed request: field %q is given twice", k)
		}
		seen[k] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return ""
		}
	}
	return ""
}

func (s *Server) validate(cat *Catalog, req *request) string {
	switch {
	case req.Exercise == "":
		return `missing "exercise"`
	case cat.Lookup(req.Exercise) == nil:
		return fmt.Sprintf("unknown exercise %q (GET /api/exercises lists them)", truncate(req.Exercise, 80))
	case req.File == "":
		return `missing "file" (the submitted file's name, e.g. "solution.go")`
	case !filePattern.MatchString(req.File) || path.Ext(req.File) != path.Ext(cat.Lookup(req.Exercise).File):
		return fmt.Sprintf("bad file name %q: a plain name ending in %s (letters, digits, '.', '_', '-')", truncate(req.File, 80), path.Ext(cat.Lookup(req.Exercise).File))
	case req.Source == nil || strings.TrimSpace(*req.Source) == "":
		return `missing "source" (the file's text)`
	}
	return ""
}

// ownName is how a try's schedule may be named: it becomes the test
// yours/NAME and the file NAME.scn of the feedback.
var ownName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$`)

// maxOwnText bounds one of a try's schedules: a run written by hand.
const maxOwnText = 16 << 10

// checkOwn checks a try's schedules as the grader will take them
// (exercise.UseOwn, on the exercise as the grader loads it), so that a
// mistake in one is told at once, at its line, instead of after a wait in
// the queue: the status and message of the answer, "" if they are fine.
func (s *Server) checkOwn(sn *snapshot, req *request) (int, string) {
	own := *req.Schedules
	if _, ok := sn.grader.(OwnGrader); !ok {
		return http.StatusNotImplemented, "this server cannot try your own schedules: submit without \"schedules\" to have the file graded"
	}
	switch {
	case len(own) == 0:
		return http.StatusBadRequest, `"schedules" is empty: give at least one, or leave it out to have the file graded`
	case len(own) > exercise.MaxOwn:
		return http.StatusBadRequest, fmt.Sprintf("%d schedules: a try runs at most %d", len(own), exercise.MaxOwn)
	}
	for i, o := range own {
		switch {
		case !ownName.MatchString(o.Name):
			return http.StatusBadRequest, fmt.Sprintf("schedule %d: bad name %q: 1 to 40 letters, digits, '_' or '-', starting with a letter or digit", i+1, truncate(o.Name, 80))
		case strings.TrimSpace(o.Text) == "":
			return http.StatusBadRequest, fmt.Sprintf("schedule %s is empty", o.Name)
		case len(o.Text) > maxOwnText:
			return http.StatusRequestEntityTooLarge, fmt.Sprintf("schedule %s is %d bytes: a schedule is at most %d", o.Name, len(o.Text), maxOwnText)
		}
	}
	ex, err := sn.catalog.exercise(sn.exercises, sn.hidden, req.Exercise)
	if err != nil {
		s.log.Error("loading an exercise for a try", "exercise", req.Exercise, "err", err)
		return http.StatusInternalServerError, "the exercise could not be loaded on the server; tell the course staff"
	}
	if err := ex.UseOwn(schedules(own)); err != nil {
		return http.StatusUnprocessableEntity, err.Error()
	}
	return 0, ""
}

// lookup reads the submission named by the path's id, answering 400 for
// anything that is not an id and 404 for an id nobody was given.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) *Record {
	id := r.PathValue("id")
	if !idPattern.MatchString(id) {
		writeError(w, http.StatusBadRequest, "not a submission id (32 lowercase hex digits)")
		return nil
	}
	rec, err := s.store.Get(r.Context(), id)
	if err != nil {
		s.log.Error("reading a submission", "id", id, "err", err)
		writeError(w, http.StatusInternalServerError, "could not read the submission; try again")
		return nil
	}
	if rec == nil {
		writeError(w, http.StatusNotFound, "no submission with this id")
	}
	return rec
}

// submission answers a submission's status and, once graded, its result
// and feedback. ?wait=N (seconds, at most 60) makes it a long poll: the
// answer comes when the status changes or N seconds have passed.
func (s *Server) submission(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet, http.MethodHead) {
		return
	}
	var wait time.Duration
	if v := r.URL.Query().Get("wait"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 60 {
			writeError(w, http.StatusBadRequest, "wait must be a number of seconds from 0 to 60")
			return
		}
		wait = time.Duration(n) * time.Second
	}
	rec := s.lookup(w, r)
	if rec == nil {
		return
	}
	if wait > 0 && !final(rec.Status) {
		rec = s.waitChange(w, r, rec, wait)
		if rec == nil {
			return
		}
	}
	writeJSON(w, http.StatusOK, s.view(r.Context(), rec, true, s.isStaff(r)))
}

func final(status string) bool { return status == Done || status == Failed }

// waitChange waits until rec's status changes (or it leaves the queue's
// position it had), wait passes, the client leaves or the server stops.
func (s *Server) waitChange(w http.ResponseWriter, r *http.Request, rec *Record, wait time.Duration) *Record {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Now().Add(wait + 30*time.Second))
	changed, unsubscribe := s.events.subscribe(rec.ID)
	defer unsubscribe()
	// Re-read after subscribing: a change just before it is not missed.
	if now, err := s.store.Get(r.Context(), rec.ID); err == nil && now != nil && now.Status != rec.Status {
		return now
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-changed:
	case <-timer.C:
	case <-r.Context().Done():
	case <-s.closing:
	}
	now, err := s.store.Get(r.Context(), rec.ID)
	if err != nil || now == nil {
		writeError(w, http.StatusServiceUnavailable, "could not read the submission; try again")
		return nil
	}
	return now
}

// health answers whether the server is up, and how long its queue is.
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet, http.MethodHead) {
		return
	}
	n, err := s.store.Pending(r.Context())
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "database unavailable")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "pending": n, "workers": s.opts.Workers})
}

// exercises lists the exercises: name, title, algorithm, set.
func (s *Server) exercises(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet, http.MethodHead) {
		return
	}
	type item struct {
		Name      string   `json:"name"`
		Title     string   `json:"title"`
		Algorithm string   `json:"algorithm,omitempty"`
		Interface string   `json:"interface,omitempty"`
		Set       string   `json:"set,omitempty"`
		Hidden    []string `json:"hidden,omitempty"`
	}
	list := []item{}
	staff := s.isStaff(r)
	for _, e := range s.Catalog().List() {
		e = forViewer(e, staff)
		list = append(list, item{e.Name, e.Title, e.Algorithm, e.Interface, e.Set, e.Hidden})
	}
	writeJSON(w, http.StatusOK, map[string]any{"exercises": list})
}

// exercise answers one exercise's statement, starter and public schedules.
func (s *Server) exercise(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet, http.MethodHead) {
		return
	}
	e := s.Catalog().Lookup(r.PathValue("name"))
	if e == nil {
		writeError(w, http.StatusNotFound, "no such exercise (GET /api/exercises lists them)")
		return
	}
	writeJSON(w, http.StatusOK, forViewer(e, s.isStaff(r)))
}
