package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// heartbeat keeps idle event streams alive through proxies.
const heartbeat = 15 * time.Second

// stream sends a submission's progress as Server-Sent Events: a "status"
// event at once and at every change (queue position, running, attempt),
// then one "done" or "failed" event carrying the whole submission as GET
// /api/submissions/{id} answers it, and the stream ends. A stream also
// ends when the server stops or after Options.StreamLimit; EventSource
// clients reconnect by themselves and get the current state first, so a
// client should close its EventSource when it has the final event.
func (s *Server) stream(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	rec := s.lookup(w, r)
	if rec == nil {
		return
	}
	staff := s.isStaff(r)
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	changed, unsubscribe := s.events.subscribe(rec.ID)
	defer unsubscribe()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(event string, v any) bool {
		b, _ := json.Marshal(v)
		rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprint(w, "retry: 2000\n\n")
	end := time.NewTimer(s.opts.StreamLimit)
	defer end.Stop()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	last, lastSent := "", time.Now()
	for {
		rec, err := s.store.Get(r.Context(), rec.ID)
		if err != nil || rec == nil {
			return
		}
		if final(rec.Status) {
			send(rec.Status, s.view(r.Context(), rec, true, staff))
			return
		}
		v := s.view(r.Context(), rec, false, staff)
		type progress struct {
			ID       string `json:"id"`
			Status   string `json:"status"`
			Position *int   `json:"queue_position,omitempty"`
			Attempts int    `json:"attempts"`
			Text     string `json:"text"`
		}
		p := progress{v.ID, v.Status, v.Position, v.Attempts, describe(v)}
		if key := fmt.Sprint(p.Status, p.Attempts, p.Text); key != last {
			if !send("status", p) {
				return
			}
			last, lastSent = key, time.Now()
		} else if time.Since(lastSent) >= heartbeat {
			rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil || rc.Flush() != nil {
				return
			}
			lastSent = time.Now()
		}
		select {
		case <-changed:
		case <-tick.C: // the queue moved, or time for a heartbeat
		case <-end.C:
			return
		case <-r.Context().Done():
			return
		case <-s.closing:
			return
		}
	}
}
