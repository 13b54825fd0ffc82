package scenario

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"io"
	"net/url"
	"strconv"
)

// Share links. The playground opens a scenario from its URL fragment
//
//	#scenario=<text, deflate-raw compressed, base64url without padding>&at=K&lst=<listing>&ex=NAME
//
// (at: the step to show, optional; lst: an edited listing the scenario
// runs on, compressed the same way, optional — the playground loads it
// in its Listing view, as its own links of a listing's run carry it; ex:
// the Go exercise whose feedback the link comes from, optional — the
// playground says it replays the schedule on the exercise's own
// algorithm, not the student's code, and links back to the exercise).
// Compression keeps a counterexample's link short enough for feedback
// pages; deflate-raw is what browsers' DecompressionStream reads, so the
// page needs no library for it.

// maxShared bounds what a link may expand to, so a crafted link cannot make
// a reader inflate gigabytes.
const maxShared = 1 << 20

// ShareFragment returns the URL fragment (without '#') that opens text in
// the playground at step at (at < 0: no position).
func ShareFragment(text string, at int) string {
	q := "scenario=" + compress(text)
	if at >= 0 {
		q += "&at=" + strconv.Itoa(at)
	}
	return q
}

// ShareFragmentWith is ShareFragment for a scenario that runs on an edited
// listing (a listing exercise's submission): the link carries the
// listing's text too (lst=), and the playground runs the scenario on it.
// An empty listing gives ShareFragment's link.
func ShareFragmentWith(text string, at int, listing string) string {
	return Shared{Text: text, At: at, Listing: listing}.Fragment()
}

// Fragment is the link's fragment (without '#') that holds s: its
// scenario, step, listing and exercise, each left out when empty (and
// an exercise whose name is not a folder name's, letters, digits, '_'
// and '-').
func (s Shared) Fragment() string {
	q := ShareFragment(s.Text, s.At)
	if s.Listing != "" {
		q += "&lst=" + compress(s.Listing)
	}
	if isExerciseName(s.Exercise) {
		q += "&ex=" + s.Exercise
	}
	return q
}

// isExerciseName says whether s is an exercise's folder name as a link
// may carry it: 1 to 64 lowercase letters, digits, '_' and '-', the
// first a letter or digit.
func isExerciseName(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for i, c := range []byte(s) {
		alnum := c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || c != '_' && c != '-') {
			return false
		}
	}
	return true
}

// compress is a text as a link carries it: deflate-raw, base64url without
// padding.
func compress(text string) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression) // only fails for a bad level
	w.Write([]byte(text))
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// decompress reads what compress wrote; what names the field in errors.
func decompress(enc, what string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return "", fmt.Errorf("share link: %s: %v", what, err)
	}
	data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxShared+1))
	if err != nil {
		return "", fmt.Errorf("share link: %s: %v", what, err)
	}
	if len(data) > maxShared {
		return "", fmt.Errorf("share link: %s longer than %d bytes", what, maxShared)
	}
	return string(data), nil
}

// Shared is what a share link holds.
type Shared struct {
	Text    string // the scenario
	At      int    // the step to show, -1 for none
	Listing string // the listing the scenario runs on, "" for the built-in algorithm
	// Exercise is the exercise whose feedback the link comes from, ""
	// for none (a name that is not a folder name's is not read).
	Exercise string
}

// ParseShared reads a fragment written by ShareFragment or
// ShareFragmentWith.
func ParseShared(fragment string) (Shared, error) {
	out := Shared{At: -1}
	q, err := url.ParseQuery(fragment)
	if err != nil {
		return out, fmt.Errorf("share link: %v", err)
	}
	enc := q.Get("scenario")
	if enc == "" {
		return out, fmt.Errorf("share link: no scenario")
	}
	if out.Text, err = decompress(enc, "scenario"); err != nil {
		return Shared{At: -1}, err
	}
	if ex := q.Get("ex"); isExerciseName(ex) {
		out.Exercise = ex
	}
	if q.Has("lst") {
		if out.Listing, err = decompress(q.Get("lst"), "listing"); err != nil {
			return Shared{At: -1}, err
		}
	}
	if s := q.Get("at"); s != "" {
		if out.At, err = strconv.Atoi(s); err != nil || out.At < 0 {
			return Shared{At: -1}, fmt.Errorf("share link: bad step %q", s)
		}
	}
	return out, nil
}

// ParseShareFragment reads a fragment written by ShareFragment; at is -1
// when the fragment names no step. A listing the link carries is not
// returned (see ParseShared).
func ParseShareFragment(fragment string) (text string, at int, err error) {
	s, err := ParseShared(fragment)
	return s.Text, s.At, err
}
