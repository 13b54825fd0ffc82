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
//	#scenario=<text, deflate-raw compressed, base64url without padding>&at=K
//
// (at: the step to show, optional). Compression keeps a counterexample's
// link short enough for feedback pages; deflate-raw is what browsers'
// DecompressionStream reads, so the page needs no library for it.

// maxShared bounds what a link may expand to, so a crafted link cannot make
// a reader inflate gigabytes.
const maxShared = 1 << 20

// ShareFragment returns the URL fragment (without '#') that opens text in
// the playground at step at (at < 0: no position).
func ShareFragment(text string, at int) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression) // only fails for a bad level
	w.Write([]byte(text))
	w.Close()
	q := "scenario=" + base64.RawURLEncoding.EncodeToString(b.Bytes())
	if at >= 0 {
		q += "&at=" + strconv.Itoa(at)
	}
	return q
}

// ParseShareFragment reads a fragment written by ShareFragment; at is -1
// when the fragment names no step.
func ParseShareFragment(fragment string) (text string, at int, err error) {
	q, err := url.ParseQuery(fragment)
	if err != nil {
		return "", -1, fmt.Errorf("share link: %v", err)
	}
	enc := q.Get("scenario")
	if enc == "" {
		return "", -1, fmt.Errorf("share link: no scenario")
	}
	raw, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return "", -1, fmt.Errorf("share link: %v", err)
	}
	data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxShared+1))
	if err != nil {
		return "", -1, fmt.Errorf("share link: %v", err)
	}
	if len(data) > maxShared {
		return "", -1, fmt.Errorf("share link: scenario longer than %d bytes", maxShared)
	}
	at = -1
	if s := q.Get("at"); s != "" {
		if at, err = strconv.Atoi(s); err != nil || at < 0 {
			return "", -1, fmt.Errorf("share link: bad step %q", s)
		}
	}
	return string(data), at, nil
}
