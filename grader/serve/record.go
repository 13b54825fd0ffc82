package serve

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The record is a small file beside the database (RecordFile) that counts
// what the server has acknowledged: the highest submission seq accepted,
// how many submissions, how many results. It is written and synced after
// each accepted submission and each stored result, before the client
// hears of it.
//
// SQLite cannot tell a WAL that was lost, or whose last frames were
// damaged (it stops reading at the first frame whose checksum fails, and
// says nothing), from a WAL that never had those frames: either way the
// database opens, holding less. The record can: at open, a database that
// holds fewer submissions or results than the record counts is refused
// with a LossError naming what is missing, unless the loss is accepted.
//
// The file has two slots written in turn, each a line of text with its
// own checksum, so that a write torn by a crash leaves the other slot to
// read.

// RecordFile is the record's name inside the data directory.
const RecordFile = "dmelab.record"

const recordSlot = 512

// Tally is what the record counts.
type Tally struct {
	Seq         int64 // the highest submission seq accepted
	Submissions int64 // submissions accepted
	Results     int64 // results stored
}

// covers says t holds at least everything u counts.
func (t Tally) covers(u Tally) bool {
	return t.Seq >= u.Seq && t.Submissions >= u.Submissions && t.Results >= u.Results
}

func (t Tally) line() string {
	return fmt.Sprintf("dmelab record v1 seq=%d submissions=%d results=%d", t.Seq, t.Submissions, t.Results)
}

func formatSlot(t Tally) []byte {
	l := t.line()
	l = fmt.Sprintf("%s crc=%08x\n", l, crc32.ChecksumIEEE([]byte(l)))
	b := []byte(strings.Repeat(" ", recordSlot-1) + "\n")
	copy(b, l)
	return b
}

func parseSlot(b []byte) (Tally, bool) {
	l, _, ok := strings.Cut(string(b), "\n")
	if !ok {
		return Tally{}, false
	}
	body, sum, ok := strings.Cut(l, " crc=")
	if !ok || fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(body))) != sum {
		return Tally{}, false
	}
	var t Tally
	if _, err := fmt.Sscanf(body, "dmelab record v1 seq=%d submissions=%d results=%d", &t.Seq, &t.Submissions, &t.Results); err != nil {
		return Tally{}, false
	}
	return t, t.line() == body
}

// readRecord reads the record at path: exists is false when there is
// none (a new data directory, or one from before records).
func readRecord(path string) (t Tally, exists bool, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Tally{}, false, nil
	}
	if err != nil {
		return Tally{}, false, err
	}
	found := false
	for off := 0; off+recordSlot <= len(b); off += recordSlot {
		if u, ok := parseSlot(b[off : off+recordSlot]); ok {
			if !found || u.covers(t) {
				t = u
			}
			found = true
		}
	}
	if !found {
		return Tally{}, true, fmt.Errorf("the record %s is damaged: it no longer says how many submissions were accepted", path)
	}
	return t, true, nil
}

// record is the open record file.
type record struct {
	f    *os.File
	path string
	next int // the slot to write next
}

func (r *record) write(t Tally) error {
	if _, err := r.f.WriteAt(formatSlot(t), int64(r.next*recordSlot)); err != nil {
		return err
	}
	r.next = 1 - r.next
	return r.f.Sync()
}

func (r *record) close() error { return r.f.Close() }

// LossError says the database holds less than its record counts.
type LossError struct {
	Record, Found Tally
	RecordPath    string
	DBPath        string
}

func (e *LossError) Error() string {
	var missing []string
	if e.Found.Seq < e.Record.Seq || e.Found.Submissions < e.Record.Submissions {
		n := e.Record.Submissions - e.Found.Submissions
		what := fmt.Sprintf("%d accepted submission(s)", n)
		if e.Found.Seq < e.Record.Seq {
			what += fmt.Sprintf(" (seq %d to %d)", e.Found.Seq+1, e.Record.Seq)
		}
		missing = append(missing, what)
	}
	if e.Found.Results < e.Record.Results {
		missing = append(missing, fmt.Sprintf("%d stored result(s)", e.Record.Results-e.Found.Results))
	}
	return fmt.Sprintf("%s holds less than was accepted: %s missing (the record %s counts %d submissions up to seq %d and %d results; "+
		"the database has %d up to seq %d and %d results). Its WAL (%s-wal) was probably lost or damaged in a crash, "+
		"or an older copy was put in its place. To proceed, restore the latest backup (dmelab backup) into the data directory, "+
		"or start with --accept-loss to go on without them (the students concerned must submit again)",
		e.DBPath, strings.Join(missing, " and "), e.RecordPath, e.Record.Submissions, e.Record.Seq, e.Record.Results,
		e.Found.Submissions, e.Found.Seq, e.Found.Results, filepath.Base(e.DBPath))
}

// Counts is what the database holds, in the record's terms.
func (s *Store) Counts(ctx context.Context) (Tally, error) {
	var t Tally
	err := s.r.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0), count(*) FROM submissions`).Scan(&t.Seq, &t.Submissions)
	if err != nil {
		return t, err
	}
	err = s.r.QueryRowContext(ctx, `SELECT count(*) FROM results`).Scan(&t.Results)
	return t, err
}

// openRecord compares the record with the database and opens it for
// writing, creating it if there is none.
func (s *Store) openRecord(acceptLoss bool) error {
	path := filepath.Join(filepath.Dir(s.path), RecordFile)
	found, err := s.Counts(context.Background())
	if err != nil {
		return err
	}
	want, exists, err := readRecord(path)
	if err != nil && !acceptLoss {
		return fmt.Errorf("%w; restore a backup, or start with --accept-loss to trust the database as it is", err)
	}
	if err == nil && exists && !found.covers(want) {
		loss := &LossError{Record: want, Found: found, RecordPath: path, DBPath: s.path}
		if !acceptLoss {
			return loss
		}
		s.loss = loss
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	s.rec = &record{f: f, path: path}
	// Both slots say what the database holds now.
	for range 2 {
		if err := s.rec.write(found); err != nil {
			return err
		}
	}
	s.tally = found
	if !exists {
		if d, err := os.Open(filepath.Dir(path)); err == nil {
			d.Sync()
			d.Close()
		}
	}
	return nil
}
