package serve

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // pure Go: no cgo, one static binary
)

// Status of a submission.
const (
	Queued  = "queued"  // accepted, waiting for a worker
	Running = "running" // a worker holds its lease
	Done    = "done"    // graded: its result is stored
	Failed  = "failed"  // grading itself failed too often; no result
)

// schema is the whole database. The results table holds one row per
// submission at most (its primary key), which is what makes "graded
// exactly once" structural rather than a matter of care.
const schema = `
CREATE TABLE IF NOT EXISTS submissions (
	seq         INTEGER PRIMARY KEY AUTOINCREMENT,
	id          TEXT    NOT NULL UNIQUE,
	idem        TEXT    UNIQUE,
	exercise    TEXT    NOT NULL,
	file        TEXT    NOT NULL,
	source      BLOB    NOT NULL,
	client      TEXT    NOT NULL,
	status      TEXT    NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
	attempts    INTEGER NOT NULL DEFAULT 0,
	lease       TEXT    NOT NULL DEFAULT '',
	lease_until INTEGER NOT NULL DEFAULT 0,
	created     INTEGER NOT NULL,
	started     INTEGER NOT NULL DEFAULT 0,
	finished    INTEGER NOT NULL DEFAULT 0,
	error       TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS submissions_status ON submissions (status, seq);
CREATE TABLE IF NOT EXISTS results (
	submission TEXT    PRIMARY KEY REFERENCES submissions (id),
	result     TEXT    NOT NULL,
	written    INTEGER NOT NULL
);
PRAGMA user_version = 1;
`

// Store keeps submissions and results in one SQLite file in WAL mode:
// readers never wait for the writer. Writes go through a pool of one
// connection (SQLite has one writer anyway; queuing in Go avoids
// SQLITE_BUSY), each transaction synced to disk before it returns
// (synchronous=FULL), so a 202 means the submission is on disk.
type Store struct {
	w, r *sql.DB
}

// DBFile is the database's name inside the data directory.
const DBFile = "dmelab.db"

// OpenStore opens (creating if needed) the database in dir.
func OpenStore(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	abs, err := filepath.Abs(filepath.Join(dir, DBFile))
	if err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	// A file: URI needs an absolute path: a relative one would be read
	// as the URI's authority ("file://dmelab-data/...").
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	u.RawQuery = q.Encode()
	w, err := sql.Open("sqlite", u.String())
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	if _, err := w.Exec(schema); err != nil {
		w.Close()
		return nil, fmt.Errorf("database %s: %w", u.Path, err)
	}
	r, err := sql.Open("sqlite", u.String())
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(4)
	return &Store{w: w, r: r}, nil
}

// Close closes the database.
func (s *Store) Close() error {
	return errors.Join(s.r.Close(), s.w.Close())
}

// NewID returns a fresh submission id: 128 random bits in hex, so that
// knowing one's own id tells nothing about anyone else's.
func NewID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Submission is what a client sent.
type Submission struct {
	ID       string
	Idem     string // the client's Idempotency-Key, or ""
	Exercise string
	File     string
	Source   []byte
	Client   string
}

// Add stores a new queued submission. If sub.Idem names a submission
// stored before, nothing is added and that submission's id is returned
// with existed set, so a client may safely resend after a lost answer.
func (s *Store) Add(ctx context.Context, sub Submission, now time.Time) (id string, existed bool, err error) {
	var idem any
	if sub.Idem != "" {
		idem = sub.Idem
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO submissions (id, idem, exercise, file, source, client, status, created)
		VALUES (?, ?, ?, ?, ?, ?, 'queued', ?) ON CONFLICT (idem) DO NOTHING`,
		sub.ID, idem, sub.Exercise, sub.File, sub.Source, sub.Client, now.UnixMilli())
	if err != nil {
		return "", false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return sub.ID, false, nil
	}
	err = s.w.QueryRowContext(ctx, `SELECT id FROM submissions WHERE idem = ?`, sub.Idem).Scan(&id)
	return id, true, err
}

// Pending counts the submissions not yet finished (queued or running).
func (s *Store) Pending(ctx context.Context) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM submissions WHERE status IN ('queued', 'running')`).Scan(&n)
	return n, err
}

// Record is a stored submission with its result, if any.
type Record struct {
	Seq                        int64
	ID, Exercise, File         string
	Status                     string
	Attempts                   int
	Created, Started, Finished time.Time
	Error                      string
	Result                     []byte // JSON of report.Result, when Done
}

// Get returns the submission id, or nil if there is none.
func (s *Store) Get(ctx context.Context, id string) (*Record, error) {
	var r Record
	var created, started, finished int64
	var result sql.NullString
	err := s.r.QueryRowContext(ctx, `SELECT s.seq, s.id, s.exercise, s.file, s.status, s.attempts,
		s.created, s.started, s.finished, s.error, r.result
		FROM submissions s LEFT JOIN results r ON r.submission = s.id WHERE s.id = ?`, id).Scan(
		&r.Seq, &r.ID, &r.Exercise, &r.File, &r.Status, &r.Attempts, &created, &started, &finished, &r.Error, &result)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.Created, r.Started, r.Finished = ms(created), ms(started), ms(finished)
	if result.Valid {
		r.Result = []byte(result.String)
	}
	return &r, nil
}

func ms(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v)
}

// Position is the number of submissions ahead of seq in the queue
// (queued ones taken before it, and those running).
func (s *Store) Position(ctx context.Context, seq int64) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM submissions
		WHERE (status = 'queued' AND seq < ?) OR status = 'running'`, seq).Scan(&n)
	return n, err
}

// Census counts submissions by status, and the results stored.
func (s *Store) Census(ctx context.Context) (map[string]int, int, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT status, count(*) FROM submissions GROUP BY status`)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	m := map[string]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, 0, err
		}
		m[st] = n
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	var results int
	err = s.r.QueryRowContext(ctx, `SELECT count(*) FROM results`).Scan(&results)
	return m, results, err
}
