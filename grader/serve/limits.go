package serve

import (
	"math"
	"net"
	"net/http"
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
func clientOf(r *http.Request, header string) string {
	if header != "" {
		if v := r.Header.Values(header); len(v) > 0 {
			parts := strings.Split(v[len(v)-1], ",")
			if c := strings.TrimSpace(parts[len(parts)-1]); c != "" {
				return truncate(c, 100)
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
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

// HTTPServer is an http.Server for h with the timeouts t and small header
// limits.
func HTTPServer(h http.Handler, t Timeouts) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		MaxHeaderBytes:    32 << 10,
	}
}
