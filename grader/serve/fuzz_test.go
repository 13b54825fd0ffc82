package serve

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseRequest: any body gives either a request or a message, never a
// panic; a request always has its source.
func FuzzParseRequest(f *testing.F) {
	f.Add([]byte(`{"exercise":"ra","file":"a.go","source":"package ra"}`))
	f.Add([]byte(`{"exercise":"ra","file":"a.go","source":null}`))
	f.Add([]byte(`{"exercise": 1}`))
	f.Add([]byte(`[] {}`))
	f.Add([]byte("{\"source\":\"\xff\"}"))
	f.Add([]byte(`{"exercise":"ra","exercise":"rb","file":"a.go","source":""}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		req, msg := parseRequest(body)
		if (req == nil) == (msg == "") {
			t.Fatalf("want exactly one of a request and a message: %v %q", req, msg)
		}
		if req != nil && !utf8.Valid(body) {
			t.Fatal("accepted a body that is not UTF-8")
		}
	})
}

// FuzzFrontMatter: any statement splits into front matter and a body that
// is the end of the text.
func FuzzFrontMatter(f *testing.F) {
	f.Add("---\ntitle: A\n---\nbody\n")
	f.Add("---\r\ntitle: \"B\"\r\n---\r\n")
	f.Add("---\n:\n  x: y\n---")
	f.Add("no front matter")
	f.Fuzz(func(t *testing.T, md string) {
		front, body := frontMatter(md)
		if !strings.HasSuffix(md, body) {
			t.Fatalf("body %q is not the end of %q", body, md)
		}
		if body == strings.TrimPrefix(md, "\ufeff") && len(front) > 0 {
			t.Fatalf("front matter %v read from a text kept whole", front)
		}
	})
}
