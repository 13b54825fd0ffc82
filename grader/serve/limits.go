package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
)

// rateLimiter allows each client perMinute submissions a minute, with
// bursts of up to perMinute: a token bucket per client, refilled
// continuously. Buckets that are full again are forgotten, so memory stays
// bounded by the clients of the last minute.
type rateLimiter struct {
	perMinute float64
	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newRateLimiter(perMinute int) *rateLimiter {
	return &rateLimiter{perMinute: float64(perMinute), buckets: map[string]*bucket{}}
}

// allow takes a token for client; when there is none it says how long
// until there is one.
func (l *rateLimiter) allow(client string, now time.Time) (bool, time.Duration) {
	if l == nil || l.perMinute <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > time.Minute {
		for k, b := range l.buckets {
			if l.refill(b, now) >= l.perMinute {
				delete(l.buckets, k)
			}
		}
		l.lastSweep = now
	}
	b := l.buckets[client]
	if b == nil {
		b = &bucket{tokens: l.perMinute, at: now}
		l.buckets[client] = b
	}
	if l.refill(b, now) < 1 {
		wait := time.Duration((1 - b.tokens) / l.perMinute * float64(time.Minute))
		return false, wait
	}
	b.tokens--
	return true, 0
}

func (l *rateLimiter) refill(b *bucket, now time.Time) float64 {
	if el := now.Sub(b.at); el > 0 {
		b.tokens = math.Min(l.perMinute, b.tokens+el.Minutes()*l.perMinute)
		b.at = now
	}
	return b.tokens
}

// clientOf names the client of r for rate limiting: its IP address, or,
// behind a trusted proxy (the Worker front), the last value of the header
// that proxy sets. A header is only trusted when the server is told to:
// otherwise any client could pick its own name.
//
// An IPv6 address is named by its /64 network: one machine is given a
// whole /64, so its addresses would each be a client of their own (twenty
// submissions a minute each, and each one first in the queue's turn).
func clientOf(r *http.Request, header string) string {
	if header != "" {
		if v := r.Header.Values(header); len(v) > 0 {
			parts := strings.Split(v[len(v)-1], ",")
			if c := strings.TrimSpace(parts[len(parts)-1]); c != "" {
				return truncate(network(c), 100)
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return network(host)
}

// Clients names the clients of requests as the server's own limits do,
// header being the trusted proxy's (Options.ClientHeader) or "": for
// handlers mounted beside the API (the scenario API's share of runs).
func Clients(header string) func(*http.Request) string {
	return func(r *http.Request) string { return clientOf(r, header) }
}

// network is addr's /64 network if it is an IPv6 address, else addr.
func network(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil || !ip.Is6() || ip.Is4In6() {
		return addr
	}
	p, err := ip.Prefix(64)
	if err != nil {
		return addr
	}
	return p.String()
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// Timeouts bound how long a client may take, so that slow clients
// (slowloris) cannot hold connections open: headers must arrive within
// ReadHeader, a whole request within Read, an answer be taken within
// Write (event streams push it forward at each event), and an idle
// keep-alive connection is closed after Idle.
type Timeouts struct {
	ReadHeader, Read, Write, Idle time.Duration
}

// DefaultTimeouts suit students on slow networks.
var DefaultTimeouts = Timeouts{ReadHeader: 5 * time.Second, Read: 30 * time.Second, Write: 60 * time.Second, Idle: 90 * time.Second}

// MaxHeaderBytes bounds a request's header fields: more is a 431.
const MaxHeaderBytes = 32 << 10

// HTTPServer is an http.Server for h with the timeouts t and small header
// limits. Serve it on JSONErrors(listener), so that even the errors
// net/http answers by itself are JSON.
func HTTPServer(h http.Handler, t Timeouts) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
}

// JSONErrors wraps ln so that the answers net/http writes by itself,
// before any handler runs, are JSON like every other error of the server:
// 431 for header fields over MaxHeaderBytes, 400 for a malformed request,
// 501 for an unknown transfer coding. net/http offers no hook for them: it
// writes each, whole, in one Write straight on the connection (not
// through the response's buffer) as a status line, exactly the headers
// "Content-Type: text/plain; charset=utf-8" and "Connection: close", and a
// text. That one Write is recognised and replaced; a handler's response
// never has that shape (its headers are sorted, and dated), so it is never
// touched. Plain HTTP only: under TLS the connection carries ciphertext.
func JSONErrors(ln net.Listener) net.Listener { return jsonErrListener{ln} }

type jsonErrListener struct{ net.Listener }

func (l jsonErrListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &jsonErrConn{c}, nil
}

type jsonErrConn struct{ net.Conn }

func (c *jsonErrConn) Write(p []byte) (int, error) {
	if b, ok := goErrorAsJSON(p); ok {
		if _, err := c.Conn.Write(b); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// CloseWrite lets net/http half-close after a 431, as it does on a bare
// TCP connection, so that the client reads the answer.
func (c *jsonErrConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ReadFrom keeps the connection's own ReadFrom (sendfile) for bodies.
func (c *jsonErrConn) ReadFrom(r io.Reader) (int64, error) { return io.Copy(c.Conn, r) }

// goErrorHeaders are the headers of net/http's own error answers.
const goErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// goErrorAsJSON turns one of net/http's own error answers into JSON.
func goErrorAsJSON(p []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(p, []byte("HTTP/1.1 "))
	if !ok {
		return nil, false
	}
	status, text, ok := bytes.Cut(rest, []byte(goErrorHeaders))
	if !ok || len(status) < 5 || status[3] != ' ' || bytes.ContainsAny(status, "\r\n") || bytes.ContainsAny(text, "\r\n") {
		return nil, false
	}
	code, err := strconv.Atoi(string(status[:3]))
	if err != nil || code < 400 || code > 599 {
		return nil, false
	}
	var msg string
	switch code {
	case http.StatusRequestHeaderFieldsTooLarge:
		msg = fmt.Sprintf("request header fields too large: at most %d KiB of headers", MaxHeaderBytes>>10)
	case http.StatusNotImplemented:
		msg = "unsupported transfer encoding"
	default:
		// "400 Bad Request" or "400 Bad Request: missing required Host header"
		msg = "malformed HTTP request"
		if _, detail, ok := strings.Cut(string(text), ": "); ok {
			msg += ": " + detail
		}
	}
	body, _ := json.Marshal(map[string]string{"error": msg})
	body = append(body, '\n')
	return fmt.Appendf(nil, "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n"+
		"X-Content-Type-Options: nosniff\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
		code, http.StatusText(code), len(body), body), true
}
