package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"dmelab/grader/report"
)

// View is a submission as the API shows it.
type View struct {
	ID       string `json:"id"`
	Exercise string `json:"exercise"`
	File     string `json:"file"`
	Status   string `json:"status"`
	Attempts int    `json:"attempts"`
	// Position is how many submissions are ahead in the queue (queued only).
	Position *int   `json:"queue_position,omitempty"`
	Created  string `json:"created"`
	Started  string `json:"started,omitempty"`
	Finished string `json:"finished,omitempty"`
	// Message explains a failed submission (grading itself failed).
	Message  string         `json:"message,omitempty"`
	Result   *report.Result `json:"result,omitempty"`
	Feedback *Feedback      `json:"feedback,omitempty"`
	URL      string         `json:"url"`
	Events   string         `json:"events"`
	// Try names the schedules of a try (a file run on the student's own
	// schedules alone, not graded): absent for a submission.
	Try []string `json:"try,omitempty"`
}

// Feedback is the result rendered for the student.
type Feedback struct {
	Markdown string `json:"markdown"`
	HTML     string `json:"html"`
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// view builds the API's picture of rec; with full, a graded submission
// carries its result and rendered feedback; with staff, the staff-only
// parts too.
func (s *Server) view(ctx context.Context, rec *Record, full, staff bool) *View {
	v := &View{
		ID: rec.ID, Exercise: rec.Exercise, File: rec.File, Status: rec.Status, Attempts: rec.Attempts,
		Created: stamp(rec.Created), Started: stamp(rec.Started), Finished: stamp(rec.Finished),
		URL: "/api/submissions/" + rec.ID, Events: "/api/submissions/" + rec.ID + "/events",
	}
	for _, o := range rec.Own {
		v.Try = append(v.Try, o.Name)
	}
	switch rec.Status {
	case Queued:
		if n, err := s.store.Position(ctx, rec.Seq); err == nil {
			v.Position = &n
		}
	case Failed:
		v.Message = "grading failed on the server's side, not because of your code; please submit again or tell the course staff"
		if staff {
			v.Message += " (" + rec.Error + ")"
		}
	case Done:
		if !full {
			break
		}
		var res report.Result
		if err := json.Unmarshal(rec.Result, &res); err != nil {
			s.log.Error("stored result unreadable", "id", rec.ID, "err", err)
			v.Message = "the stored result could not be read"
			break
		}
		if !staff {
			forStudent(&res)
		}
		o := report.Options{PlaygroundURL: s.opts.PlaygroundURL, Web: true}
		v.Result = &res
		md, html := report.Renderings(&res, o)
		v.Feedback = &Feedback{Markdown: md, HTML: html}
	}
	return v
}

// forStudent removes from r what only staff may see, as the student's
// renderings do: where a test that is not public comes from (a hidden
// file's name, an exploration's private seed), and the comment lines of a
// hidden test's counterexample scenario.
func forStudent(r *report.Result) {
	for i := range r.Tests {
		t := &r.Tests[i]
		if t.Visibility == report.Public {
			continue
		}
		t.Source, t.At = "", ""
		if t.Visibility != report.Search && t.Counterexample != nil {
			var keep []string
			for _, ln := range strings.Split(t.Counterexample.Scenario, "\n") {
				if !strings.HasPrefix(strings.TrimSpace(ln), "#") {
					keep = append(keep, ln)
				}
			}
			t.Counterexample.Scenario = strings.Join(keep, "\n")
		}
	}
}

// describe is a one-line account of v for progress events.
func describe(v *View) string {
	switch {
	case v.Status == Queued && v.Position != nil && *v.Position == 1:
		return "waiting: 1 submission ahead"
	case v.Status == Queued && v.Position != nil && *v.Position > 1:
		return fmt.Sprintf("waiting: %d submissions ahead", *v.Position)
	case v.Status == Queued:
		return "waiting: next in line"
	case v.Status == Running && v.Attempts > 1:
		return fmt.Sprintf("grading (attempt %d)", v.Attempts)
	case v.Status == Running:
		return "grading"
	case v.Status == Done:
		return "graded"
	}
	return "grading failed"
}
