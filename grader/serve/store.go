package serve

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sync"
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

// schema is the whole database (schema version 4). The results table
// holds one row per submission at most (its primary key), which is what
// makes "graded exactly once" structural rather than a matter of care.
//
// idem is not the client's Idempotency-Key itself but a hash of the client
// and the key (IdemScope), so that a key only ever names one client's
// submission; idem_body is a hash of what was submitted with it, so that
// a key used again for another submission is told apart from a retry.
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
	error       TEXT    NOT NULL DEFAULT '',
	idem_body   TEXT    NOT NULL DEFAULT '',
	own         TEXT    NOT NULL DEFAULT '',
	version     TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS submissions_status ON submissions (status, seq);
CREATE INDEX IF NOT EXISTS submissions_pending ON submissions (client, seq) WHERE status IN ('queued', 'running');
CREATE TABLE IF NOT EXISTS results (
	submission TEXT    PRIMARY KEY REFERENCES submissions (id),
	result     TEXT    NOT NULL,
	written    INTEGER NOT NULL
);
`

// schemaVersion is the database's user_version once migrated.
const schemaVersion = 4

// Store keeps submissions and results in one SQLite file in WAL mode:
// readers never wait for the writer. Writes go through a pool of one
// connection (SQLite has one writer anyway; queuing in Go avoids
// SQLITE_BUSY), each transaction synced to disk before it returns
// (synchronous=FULL).
//
// A write that accepts a submission or stores an outcome is then
// checkpointed into the database file itself (wal_checkpoint(TRUNCATE))
// and counted in the record beside it (see record.go) before it returns,
// so a 202 means the submission is in dmelab.db, not only in its WAL: a
// WAL lost or damaged in a crash loses nothing accepted, and a database
// that holds less than the record says is refused at start (LossError).
type Store struct {
	w, r *sql.DB
	path string // the database file

	mu     sync.Mutex // orders durable writes: commit, checkpoint, record
	rec    *record
	tally  Tally // what the record says: everything acknowledged so far
	loss   *LossError
	noCkpt bool // tests and benchmarks only: skip the checkpoint
	log    *slog.Logger

	queue queueOrder // Position's cache of the queue's order
}

// queueOrder is the queue's order as Position last computed it, for the
// pending submissions as they were then (key): every waiting student's
// page asks for its position about once a second, and computing every
// submission's turn for each asker cost 3 ms with a thousand waiting.
type queueOrder struct {
	mu      sync.Mutex
	key     [3]int64      // pending count, their largest seq, how many running
	running int           // submissions running
	ahead   map[int64]int // a queued submission's seq → queued ones before it
}

// SetLogger sets where the store reports what it recovers from
// (a checkpoint that could not finish).
func (s *Store) SetLogger(l *slog.Logger) { s.log = l }

// DBFile is the database's name inside the data directory.
const DBFile = "dmelab.db"

// StoreOptions change how a store is opened.
type StoreOptions struct {
	// AcceptLoss opens a database that holds less than its record says
	// (a WAL lost or damaged in a crash, an older backup put in its
	// place): the loss is reported by Loss and the record is reset to
	// what the database holds. Without it OpenStore refuses such a
	// database with a *LossError.
	AcceptLoss bool
}

// OpenStore opens (creating if needed) the database in dir, refusing one
// that holds less than its record says.
func OpenStore(dir string) (*Store, error) {
	return OpenStoreWith(dir, StoreOptions{})
}

// dsn is the file: URI of the database at abs with the connection's
// pragmas.
func dsn(abs string, pragmas []string, extra url.Values) string {
	// A file: URI needs an absolute path: a relative one would be read
	// as the URI's authority ("file://dmelab-data/...").
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	for k, v := range extra {
		q[k] = v
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// OpenStoreWith opens (creating if needed) the database in dir.
func OpenStoreWith(dir string, o StoreOptions) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	abs, err := filepath.Abs(filepath.Join(dir, DBFile))
	if err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	pragmas := []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"}
	w, err := sql.Open("sqlite", dsn(abs, pragmas, url.Values{"_txlock": {"immediate"}}))
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	fail := func(err error) (*Store, error) {
		w.Close()
		return nil, fmt.Errorf("database %s: %w", abs, err)
	}
	if err := quickCheck(w); err != nil {
		return fail(err)
	}
	if err := migrate(w); err != nil {
		return fail(err)
	}
	r, err := sql.Open("sqlite", dsn(abs, pragmas, nil))
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(4)
	s := &Store{w: w, r: r, path: abs, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := s.openRecord(o.AcceptLoss); err != nil {
		s.Close()
		var loss *LossError
		if errors.As(err, &loss) {
			return nil, err
		}
		return nil, fmt.Errorf("database %s: %w", abs, err)
	}
	return s, nil
}

// quickCheck refuses a database file that SQLite finds damaged.
func quickCheck(db *sql.DB) error {
	var res string
	if err := db.QueryRow(`PRAGMA quick_check(1)`).Scan(&res); err != nil {
		return fmt.Errorf("the database is damaged (%v); restore a backup (dmelab backup) into an empty data directory", err)
	}
	if res != "ok" {
		return fmt.Errorf("the database is damaged (%s); restore a backup (dmelab backup) into an empty data directory", res)
	}
	return nil
}

// migrate brings the database to schemaVersion: a new one gets the
// schema, one of version 1 (where idem was the client's key itself, shared
// by every client) gets its keys scoped to their clients and hashed, with
// the hash of what they were sent with; one of version 2 (or 1) gets the
// column of the student's own schedules (empty: none); one of version 3
// (or less) the column of the exercises' version a submission was
// accepted under (empty: graded on the version being served).
func migrate(db *sql.DB) error {
	var v int
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil {
		return err
	}
	if v > schemaVersion {
		return fmt.Errorf("schema version %d is newer than this dmelab's (%d): use a newer dmelab", v, schemaVersion)
	}
	if v == schemaVersion {
		return nil
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	switch v {
	case 0:
		if _, err := tx.Exec(schema); err != nil {
			return err
		}
	case 1, 2, 3:
		if v == 1 {
			if err := migrate1to2(tx); err != nil {
				return fmt.Errorf("migrating from schema version 1: %w", err)
			}
		}
		if v <= 2 {
			if _, err := tx.Exec(`ALTER TABLE submissions ADD COLUMN own TEXT NOT NULL DEFAULT ''`); err != nil {
				return fmt.Errorf("migrating from schema version 2: %w", err)
			}
		}
		if _, err := tx.Exec(`ALTER TABLE submissions ADD COLUMN version TEXT NOT NULL DEFAULT ''`); err != nil {
			return fmt.Errorf("migrating from schema version 3: %w", err)
		}
	default:
		return fmt.Errorf("unknown schema version %d", v)
	}
	if _, err := tx.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, schemaVersion)); err != nil {
		return err
	}
	return tx.Commit()
}

func migrate1to2(tx *sql.Tx) error {
	if _, err := tx.Exec(`ALTER TABLE submissions ADD COLUMN idem_body TEXT NOT NULL DEFAULT ''`); err != nil {
		return err
	}
	rows, err := tx.Query(`SELECT seq, idem, client, exercise, file, source FROM submissions WHERE idem IS NOT NULL`)
	if err != nil {
		return err
	}
	type row struct {
		seq        int64
		idem, body string
	}
	var todo []row
	for rows.Next() {
		var r row
		var client, exercise, file string
		var source []byte
		if err := rows.Scan(&r.seq, &r.idem, &client, &exercise, &file, &source); err != nil {
			rows.Close()
			return err
		}
		r.idem = IdemScope(client, r.idem)
		r.body = BodyHash(exercise, file, source, "")
		todo = append(todo, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range todo {
		if _, err := tx.Exec(`UPDATE submissions SET idem = ?, idem_body = ? WHERE seq = ?`, r.idem, r.body, r.seq); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the database (SQLite checkpoints it and removes the WAL)
// and the record.
func (s *Store) Close() error {
	err := errors.Join(s.r.Close(), s.w.Close())
	if s.rec != nil {
		err = errors.Join(err, s.rec.close())
	}
	return err
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Loss is what the database was found to lack at open, when the store was
// opened with AcceptLoss; nil when nothing was missing.
func (s *Store) Loss() *LossError { return s.loss }

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
	// Own are the student's own schedules: when set, the submission is a
	// try of the file on them alone (exercise.UseOwn), not a grading.
	Own []Own
	// Version is the snapshot of the exercises the submission was
	// accepted under (see snapshot.go): the one it is graded on.
	Version string
}

// Own is one of a student's own schedules, as sent.
type Own struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// ownColumn is own as the database keeps it: "" for none, else JSON.
func ownColumn(own []Own) string {
	if len(own) == 0 {
		return ""
	}
	b, err := json.Marshal(own)
	if err != nil { // strings and a slice: cannot fail
		panic(err)
	}
	return string(b)
}

// ownOf reads the own column back ("" or unreadable: none).
func ownOf(col string) []Own {
	var own []Own
	if col != "" {
		_ = json.Unmarshal([]byte(col), &own)
	}
	return own
}

// IdemScope is what the database keeps of an Idempotency-Key: a hash of
// the client and the key, so that the same key from two clients names two
// submissions, and a key is not kept in the clear.
func IdemScope(client, key string) string {
	return hashParts("dmelab idempotency key", client, key)
}

// BodyHash identifies what was submitted with an Idempotency-Key: the
// file, and the schedules of a try (own, as ownColumn keeps them).
func BodyHash(exercise, file string, source []byte, own string) string {
	if own != "" {
		return hashParts("dmelab try", exercise, file, string(source), own)
	}
	return hashParts("dmelab submission", exercise, file, string(source))
}

// hashParts hashes its parts, each preceded by its length, so that no two
// lists of parts hash alike by being cut differently.
func hashParts(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// ErrIdemReused says an Idempotency-Key was sent again by the same client
// with another submission: nothing was stored.
var ErrIdemReused = errors.New("this Idempotency-Key was already used for another submission")

// Add stores a new queued submission, in the database file itself before
// it returns (see Store). If sub.Idem names a submission the same client
// stored before with the same exercise, file and source, nothing is added
// and that submission's id is returned with existed set, so a client may
// safely resend after a lost answer; with anything else sent under that
// key, Add returns ErrIdemReused. The same key from another client is
// another key.
func (s *Store) Add(ctx context.Context, sub Submission, now time.Time) (id string, existed bool, err error) {
	var idem any
	body := ""
	own := ownColumn(sub.Own)
	if sub.Idem != "" {
		idem = IdemScope(sub.Client, sub.Idem)
		body = BodyHash(sub.Exercise, sub.File, sub.Source, own)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	res, err := s.w.ExecContext(ctx, `INSERT INTO submissions (id, idem, idem_body, exercise, file, source, client, status, created, own, version)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?) ON CONFLICT (idem) DO NOTHING`,
		sub.ID, idem, body, sub.Exercise, sub.File, sub.Source, sub.Client, now.UnixMilli(), own, sub.Version)
	if err != nil {
		return "", false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		seq, err := res.LastInsertId()
		if err != nil {
			return "", false, err
		}
		t := s.tally
		t.Seq, t.Submissions = max(t.Seq, seq), t.Submissions+1
		return sub.ID, false, s.durable(ctx, t)
	}
	var stored string
	err = s.w.QueryRowContext(ctx, `SELECT id, idem_body FROM submissions WHERE idem = ?`, idem).Scan(&id, &stored)
	if err != nil {
		return "", false, err
	}
	if stored != body {
		return "", false, ErrIdemReused
	}
	return id, true, nil
}

// durable makes what was just committed reach the database file
// (checkpoint), then records t as acknowledged. s.mu is held. A checkpoint
// that cannot finish is only logged: the commit is synced in the WAL, and
// the record counts it, so a WAL lost later does not go unnoticed.
func (s *Store) durable(ctx context.Context, t Tally) error {
	if !s.noCkpt {
		if err := s.checkpoint(ctx); err != nil {
			s.log.Warn("checkpoint did not finish; the WAL holds the rest", "err", err)
		}
	}
	if err := s.rec.write(t); err != nil {
		return fmt.Errorf("the record %s: %w", s.rec.path, err)
	}
	s.tally = t
	return nil
}

// checkpoint copies the WAL into the database file, syncs it and empties
// the WAL.
func (s *Store) checkpoint(ctx context.Context) error {
	var busy, logFrames, done int
	if err := s.w.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logFrames, &done); err != nil {
		return err
	}
	if busy != 0 {
		return errors.New("busy: readers or another writer kept it from finishing")
	}
	return nil
}

// PendingVersions lists the exercises' versions (snapshots) that
// submissions not yet finished were accepted under: the ones still needed.
func (s *Store) PendingVersions(ctx context.Context) (map[string]bool, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT DISTINCT version FROM submissions WHERE status IN ('queued', 'running')`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out[v] = true
	}
	return out, rows.Err()
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
	Own                        []Own  // a try's schedules (see Submission)
}

// Get returns the submission id, or nil if there is none.
func (s *Store) Get(ctx context.Context, id string) (*Record, error) {
	var r Record
	var created, started, finished int64
	var result sql.NullString
	var own string
	err := s.r.QueryRowContext(ctx, `SELECT s.seq, s.id, s.exercise, s.file, s.status, s.attempts,
		s.created, s.started, s.finished, s.error, r.result, s.own
		FROM submissions s LEFT JOIN results r ON r.submission = s.id WHERE s.id = ?`, id).Scan(
		&r.Seq, &r.ID, &r.Exercise, &r.File, &r.Status, &r.Attempts, &created, &started, &finished, &r.Error, &result, &own)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.Created, r.Started, r.Finished = ms(created), ms(started), ms(finished)
	r.Own = ownOf(own)
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

// turn is a pending submission's turn among its client's: how many of
// the same client's submissions, queued or running, came before it. The
// queue is taken in order of turn, then of arrival (Claim), so that each
// client's first waiting submission goes before anybody's second: a
// client who submits twenty times a minute does not make everybody else
// wait behind all twenty. It is SQL over the row named s.
const turn = `(SELECT count(*) FROM submissions o
	WHERE o.client = s.client AND o.seq < s.seq AND o.status IN ('queued', 'running'))`

// Position is the number of submissions ahead of seq in the queue
// (queued ones taken before it, and those running). A submission of a
// client who had none waiting may later come before it (see turn).
//
// The order is computed for the whole queue at once and kept while the
// pending submissions stay the same (their number, the newest, how many
// run): the waiting students' pages ask far more often than the queue
// changes.
func (s *Store) Position(ctx context.Context, seq int64) (int, error) {
	var key [3]int64
	if err := s.r.QueryRowContext(ctx, `SELECT count(*), coalesce(max(seq), 0), coalesce(sum(status = 'running'), 0)
		FROM submissions WHERE status IN ('queued', 'running')`).Scan(&key[0], &key[1], &key[2]); err != nil {
		return 0, err
	}
	q := &s.queue
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.ahead == nil || q.key != key {
		rows, err := s.r.QueryContext(ctx, `SELECT seq, client, status FROM submissions
			WHERE status IN ('queued', 'running') ORDER BY seq`)
		if err != nil {
			return 0, err
		}
		defer rows.Close()
		type waiting struct{ seq, turn int64 }
		var queued []waiting
		turns := map[string]int64{} // a client's pending submissions so far
		running := 0
		for rows.Next() {
			var w waiting
			var client, status string
			if err := rows.Scan(&w.seq, &client, &status); err != nil {
				return 0, err
			}
			w.turn = turns[client]
			turns[client]++
			if status == Running {
				running++
			} else {
				queued = append(queued, w)
			}
		}
		if err := rows.Err(); err != nil {
			return 0, err
		}
		slices.SortStableFunc(queued, func(a, b waiting) int { return cmp.Compare(a.turn, b.turn) }) // then by seq, as read
		q.key, q.running, q.ahead = key, running, make(map[int64]int, len(queued))
		for i, w := range queued {
			q.ahead[w.seq] = i
		}
	}
	return q.running + q.ahead[seq], nil
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
