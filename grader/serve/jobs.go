package serve

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Job is a submission a worker holds the lease of.
type Job struct {
	Seq      int64
	ID       string
	Exercise string
	File     string
	Source   []byte
	Own      []Own  // a try's schedules (see Submission)
	Version  string // the exercises' snapshot it was accepted under (see Submission)
	Attempts int    // including this one
	Lease    string // proves the holder; every write that ends the job checks it
}

// ErrLeaseLost says a job was finished by a write that no longer held its
// lease (the lease ran out and another worker took the job, or the job
// was already ended): the write was refused, nothing changed.
var ErrLeaseLost = errors.New("the job's lease is no longer held")

// Recover puts back in the queue every job found running: at startup
// those belong to a process that died. Their attempts keep counting, so a
// submission that kills the server every time ends as failed.
func (s *Store) Recover(ctx context.Context) (int, error) {
	res, err := s.w.ExecContext(ctx, `UPDATE submissions SET status = 'queued', lease = '', lease_until = 0
		WHERE status = 'running'`)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// Claim takes the job that is queued, or running with an expired lease,
// whose turn comes first (see turn: the oldest of those earliest in their
// client's submissions), and leases it until now+lease. It returns nil when there is none.
// A job already tried maxAttempts times is marked failed instead and
// returned with an empty Lease (the caller reports it and claims again).
func (s *Store) Claim(ctx context.Context, now time.Time, lease time.Duration, maxAttempts int) (*Job, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var j Job
	var own string
	err = tx.QueryRowContext(ctx, `SELECT seq, id, exercise, file, source, attempts, own, version FROM submissions s
		WHERE status = 'queued' OR (status = 'running' AND lease_until < ?)
		ORDER BY `+turn+`, seq LIMIT 1`, now.UnixMilli()).Scan(&j.Seq, &j.ID, &j.Exercise, &j.File, &j.Source, &j.Attempts, &own, &j.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	j.Own = ownOf(own)
	if j.Attempts >= maxAttempts {
		msg := fmt.Sprintf("grading was interrupted %d times; giving up (a staff member can look at the server's log)", j.Attempts)
		if _, err := tx.ExecContext(ctx, `UPDATE submissions SET status = 'failed', lease = '', finished = ?,
			error = ? WHERE seq = ?`, now.UnixMilli(), msg, j.Seq); err != nil {
			return nil, err
		}
		return &j, tx.Commit()
	}
	j.Attempts++
	j.Lease = NewID()
	if _, err := tx.ExecContext(ctx, `UPDATE submissions SET status = 'running', attempts = ?, lease = ?,
		lease_until = ?, started = ? WHERE seq = ?`,
		j.Attempts, j.Lease, now.Add(lease).UnixMilli(), now.UnixMilli(), j.Seq); err != nil {
		return nil, err
	}
	return &j, tx.Commit()
}

// end runs update (which must match the job only while its lease is held)
// and, if it matched, also (when not empty) in one transaction. A result
// (result set) is made durable as an accepted submission is (see Store).
func (s *Store) end(ctx context.Context, update string, args []any, also string, alsoArgs []any, result bool) error {
	if result {
		s.mu.Lock()
		defer s.mu.Unlock()
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, update, args...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrLeaseLost
	}
	if also != "" {
		if _, err := tx.ExecContext(ctx, also, alsoArgs...); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if !result {
		return nil
	}
	t := s.tally
	t.Results++
	return s.durable(ctx, t)
}

// Complete stores the job's result and marks it done, if j's lease is
// still held; otherwise it returns ErrLeaseLost and stores nothing.
func (s *Store) Complete(ctx context.Context, j *Job, result []byte, now time.Time) error {
	return s.end(ctx, `UPDATE submissions SET status = 'done', lease = '', finished = ?, error = ''
		WHERE seq = ? AND status = 'running' AND lease = ?`, []any{now.UnixMilli(), j.Seq, j.Lease},
		`INSERT INTO results (submission, result, written) VALUES (?, ?, ?)`, []any{j.ID, string(result), now.UnixMilli()}, true)
}

// Fail ends the job without a result, saying why.
func (s *Store) Fail(ctx context.Context, j *Job, msg string, now time.Time) error {
	return s.end(ctx, `UPDATE submissions SET status = 'failed', lease = '', finished = ?, error = ?
		WHERE seq = ? AND status = 'running' AND lease = ?`, []any{now.UnixMilli(), msg, j.Seq, j.Lease}, "", nil, false)
}

// Retry puts the job back in the queue after a failed attempt, noting why.
func (s *Store) Retry(ctx context.Context, j *Job, msg string) error {
	return s.end(ctx, `UPDATE submissions SET status = 'queued', lease = '', lease_until = 0, error = ?
		WHERE seq = ? AND status = 'running' AND lease = ?`, []any{msg, j.Seq, j.Lease}, "", nil, false)
}

// Release puts the job back in the queue without counting the attempt:
// the server is stopping and the job was not given its chance.
func (s *Store) Release(ctx context.Context, j *Job) error {
	return s.end(ctx, `UPDATE submissions SET status = 'queued', lease = '', lease_until = 0,
		attempts = max(attempts - 1, 0) WHERE seq = ? AND status = 'running' AND lease = ?`, []any{j.Seq, j.Lease}, "", nil, false)
}
