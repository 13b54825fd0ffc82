package serve

import (
	"bytes"
	"context"
	"html/template"
	"sync"
)

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
		ctx, cancel := context.WithCancel(context.Background())
		go func() { <-s.closing; cancel() }()
		md, err := s.opts.Validate(ctx)
		v.mu.Lock()
		v.done, v.markdown, v.err = true, md, err
		v.mu.Unlock()
	}()
}

// validationHTML renders the validation for the catalogue page.
func (s *Server) validationHTML() template.HTML {
	if !s.opts.Staff || s.opts.Validate == nil {
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
