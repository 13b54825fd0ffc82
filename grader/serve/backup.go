package serve

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of the database in dataDir to dest,
// while a server may be using it: SQLite's VACUUM INTO on a read-only
// connection of its own (WAL lets it read beside the server's writer),
// into dest's folder under a temporary name, synced, checked, then renamed
// to dest. The copy holds every submission accepted before Backup began;
// it returns what the copy holds.
//
// To restore, put the copy as dmelab.db in an empty data directory and
// start the server there (a copy is complete in itself: no WAL, no
// record).
func Backup(ctx context.Context, dataDir, dest string) (Tally, error) {
	src, err := filepath.Abs(filepath.Join(dataDir, DBFile))
	if err != nil {
		return Tally{}, err
	}
	if _, err := os.Stat(src); err != nil {
		return Tally{}, fmt.Errorf("no database to back up: %w", err)
	}
	dest, err = filepath.Abs(dest)
	if err != nil {
		return Tally{}, err
	}
	if _, err := os.Stat(dest); err == nil {
		return Tally{}, fmt.Errorf("%s already exists: a backup never overwrites a file", dest)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return Tally{}, err
	}
	tmp := dest + ".partial"
	os.Remove(tmp) // left by a backup that was cut short
	db, err := sql.Open("sqlite", dsn(src, []string{"busy_timeout(10000)"}, url.Values{"mode": {"ro"}}))
	if err != nil {
		return Tally{}, err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		os.Remove(tmp)
		return Tally{}, fmt.Errorf("copying %s: %w", src, err)
	}
	t, err := checkCopy(ctx, tmp)
	if err != nil {
		os.Remove(tmp)
		return Tally{}, err
	}
	if err := os.Rename(tmp, dest); err != nil {
		os.Remove(tmp)
		return Tally{}, err
	}
	if d, err := os.Open(filepath.Dir(dest)); err == nil {
		d.Sync()
		d.Close()
	}
	return t, nil
}

// checkCopy syncs the copy at path, checks it and counts what it holds.
func checkCopy(ctx context.Context, path string) (Tally, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return Tally{}, err
	}
	err = f.Sync()
	f.Close()
	if err != nil {
		return Tally{}, err
	}
	db, err := sql.Open("sqlite", dsn(path, nil, url.Values{"mode": {"ro"}}))
	if err != nil {
		return Tally{}, err
	}
	defer db.Close()
	if err := quickCheck(db); err != nil {
		return Tally{}, fmt.Errorf("the copy does not check out: %w", err)
	}
	var t Tally
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0), count(*) FROM submissions`).Scan(&t.Seq, &t.Submissions); err != nil {
		return Tally{}, err
	}
	err = db.QueryRowContext(ctx, `SELECT count(*) FROM results`).Scan(&t.Results)
	return t, err
}
