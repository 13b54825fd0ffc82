package serve

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"

	"dmelab/grader/exercise"
)

// The exercises the server shows and the ones it grades on are one and
// the same copy: at start, and whenever the folders on disk change (the
// server looks every Options.Watch), the exercises (and the hidden
// folder, when kept apart) are copied into the data directory, under
// DATA/exercises/VERSION, VERSION a hash of their contents. The
// catalogue is read from that copy, and each submission records the
// version it was accepted under and is graded on it, even after a later
// version replaced it: a student is graded on the statement they were
// shown, and nothing an instructor saves half-written reaches a grading.
//
// A change on disk that does not load (the check serve does at start:
// the catalogue, and every exercise as the grader loads it) is not
// taken: the last version that did stays served, the error is logged and
// shown on the staff's catalogue page. A version no pending submission
// was accepted under is removed.

// snapshotsDir is the folder of the versions inside the data directory.
const snapshotsDir = "exercises"

// DefaultWatch is how often the server looks for a change on disk.
const DefaultWatch = 3 * time.Second

// snapshot is one version of the exercises, copied into the data
// directory.
type snapshot struct {
	id        string
	exercises string // the copy of the exercises
	hidden    string // the copy of the hidden folder, "" if none
	catalog   *Catalog
	loaded    map[string]*exercise.Exercise // as the grader loads them (those that load)
	longer    map[string]time.Duration      // see gradingTimes
	at        time.Time                     // when it was taken
	grader    Grader
	own       bool // grader was made by Options.Graders: the server closes it
}

// versions is the server's versions of the exercises.
type versions struct {
	mu       sync.Mutex
	byID     map[string]*snapshot
	live     string    // the hash of the folders as last looked at
	broken   error     // the folders on disk do not load (nil: they do)
	brokenAt time.Time // since when
	changed  time.Time // when the version served replaced the one before (zero: since start)
	// accept is held (read) from the moment a submission reads the
	// version it is accepted under until it is stored, and (write) while
	// versions are removed: no version is removed under a submission.
	accept sync.RWMutex
	stop   chan struct{}
	done   chan struct{}
}

// snap is the version served now.
func (s *Server) snap() *snapshot { return s.current.Load() }

// snapshotFor is the version a job was accepted under, or the version
// served now when that one is gone (a submission stored before versions
// were kept, or its copy removed by hand).
func (s *Server) snapshotFor(id string) *snapshot {
	cur := s.snap()
	if id == "" || id == cur.id {
		return cur
	}
	v := &s.vers
	v.mu.Lock()
	defer v.mu.Unlock()
	if sn := v.byID[id]; sn != nil {
		return sn
	}
	// A version kept on disk by an earlier run, for the submissions it
	// left queued.
	sn, err := s.open(id)
	if err != nil {
		s.log.Warn("a submission's version of the exercises cannot be read: graded on the version served", "version", id, "served", cur.id, "err", err)
		return cur
	}
	v.byID[id] = sn
	return sn
}

// snapshotRoot is where the versions are kept.
func (s *Server) snapshotRoot() string { return filepath.Join(s.opts.DataDir, snapshotsDir) }

// take copies the folders on disk into a new version, named by the hash
// of what was copied, and returns its id (an existing version when the
// same files were copied before).
func (s *Server) take() (string, error) {
	root := s.snapshotRoot()
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(root, ".new-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	ex, hid := snapshotDirs(tmp, s.opts.Hidden != "")
	if err := copyTree(s.opts.Exercises, ex, s.opts.DataDir); err != nil {
		return "", err
	}
	if hid != "" {
		if err := copyTree(s.opts.Hidden, hid, s.opts.DataDir); err != nil {
			return "", err
		}
	}
	id, err := treeHash("", ex, hid)
	if err != nil {
		return "", err
	}
	dst := filepath.Join(root, id)
	if _, err := os.Stat(dst); err == nil {
		return id, nil
	}
	return id, os.Rename(tmp, dst)
}

// snapshotDirs are a version's folders under dir.
func snapshotDirs(dir string, hidden bool) (exercises, hid string) {
	exercises = filepath.Join(dir, "exercises")
	if hidden {
		hid = filepath.Join(dir, "hidden")
	}
	return exercises, hid
}

// open reads the version id: its catalogue, and every exercise as the
// grader will load it. It does not say whether they all load (see check).
func (s *Server) open(id string) (*snapshot, error) {
	dir := filepath.Join(s.snapshotRoot(), id)
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	sn := &snapshot{id: id, at: time.Now()}
	sn.exercises, sn.hidden = snapshotDirs(dir, s.opts.Hidden != "")
	if sn.hidden != "" {
		if _, err := os.Stat(sn.hidden); err != nil {
			sn.hidden = "" // taken by a run without --hidden
		}
	}
	cat, err := LoadCatalog(sn.exercises, sn.hidden, s.opts.Staff)
	if err != nil {
		return nil, s.onDisk(sn, err)
	}
	sn.catalog = cat
	sn.loaded, _ = cat.load(sn.exercises, sn.hidden)
	sn.longer = s.attempts(sn)
	sn.grader = s.opts.Grader
	if s.opts.Graders != nil {
		sn.grader, sn.own = s.opts.Graders(sn.exercises, sn.hidden), true
	}
	return sn, nil
}

// check says whether every exercise of sn loads as the grader loads it,
// and whether a file students are shown was a link to a hidden one in
// the folders it was copied from (the copy holds the file, not the link:
// see exercise.HiddenLinks).
func (s *Server) check(sn *snapshot) error {
	errs := []error{s.onDisk(sn, sn.catalog.Gradable(sn.exercises, sn.hidden))}
	for _, e := range sn.catalog.List() {
		for _, err := range exercise.HiddenLinks(filepath.Join(s.opts.Exercises, filepath.FromSlash(e.Set), e.Name), s.opts.Hidden) {
			errs = append(errs, fmt.Errorf("exercise %s cannot be served: %s/%w", path.Join(e.Set, e.Name), e.Name, err))
		}
	}
	return errors.Join(errs...)
}

// onDisk names the folders on disk in err instead of their copies.
func (s *Server) onDisk(sn *snapshot, err error) error {
	if err == nil {
		return nil
	}
	msg := strings.ReplaceAll(err.Error(), sn.exercises, s.opts.Exercises)
	if sn.hidden != "" {
		msg = strings.ReplaceAll(msg, sn.hidden, s.opts.Hidden)
	}
	return errors.New(msg)
}

// first takes and opens the version the server starts with: the
// folders on disk, when every exercise loads. When one does not, a
// restart must not take down a course that was being served a moment
// before (an instructor's half-saved edit is kept out while the server
// runs; it must be kept out across a restart too): the version the last
// run served, if it is still in the data directory and loads, is served
// instead, and staff are told as they are of a broken edit. With no
// such version, the server does not start (ExercisesError).
func (s *Server) first() (*snapshot, error) {
	if s.opts.Exercises == "" {
		return &snapshot{catalog: &Catalog{byName: map[string]*Exercise{}}, grader: s.opts.Grader, at: time.Now()}, nil
	}
	if _, err := os.Stat(s.opts.Exercises); err != nil {
		// As LoadCatalog tells it.
		_, err := LoadCatalog(s.opts.Exercises, s.opts.Hidden, s.opts.Staff)
		return nil, err
	}
	if old, _ := filepath.Glob(filepath.Join(s.snapshotRoot(), ".new-*")); len(old) > 0 {
		for _, o := range old { // left by a run that stopped while copying
			os.RemoveAll(o)
		}
	}
	id, err := s.take()
	if err != nil {
		return nil, fmt.Errorf("copying the exercises into %s: %w", s.snapshotRoot(), err)
	}
	s.vers.live = id
	sn, err := s.open(id)
	if err == nil {
		if err = s.check(sn); err != nil {
			s.close(sn)
		}
	}
	if err == nil {
		s.served(sn)
		return sn, nil
	}
	last := s.lastServed()
	if last == nil || last.id == id {
		s.close(last)
		return nil, &ExercisesError{Err: err}
	}
	s.vers.broken, s.vers.brokenAt = err, time.Now()
	s.log.Error("the exercises on disk do not load: students are shown and graded on the version the last run served, of "+clock(last.at)+", until they do", "err", err)
	s.served(last)
	return last, nil
}

// ExercisesError is why the server did not start: an exercise on disk
// does not load, and no version served before loads either. Err says
// which exercise and where, one line each.
type ExercisesError struct{ Err error }

func (e *ExercisesError) Error() string { return e.Err.Error() }
func (e *ExercisesError) Unwrap() error { return e.Err }

// servedFile names, in the folder of the versions, the version served
// last (its name starts with a dot, so retire leaves it).
const servedFile = ".served"

// served records sn as the version served, for the next start.
func (s *Server) served(sn *snapshot) {
	tmp := filepath.Join(s.snapshotRoot(), servedFile+".new")
	err := os.WriteFile(tmp, []byte(sn.id+"\n"), 0o644)
	if err == nil {
		err = os.Rename(tmp, filepath.Join(s.snapshotRoot(), servedFile))
	}
	if err != nil {
		s.log.Warn("the version served not recorded for the next start", "err", err)
	}
}

// lastServed opens the version the last run served, if it is still kept
// and every exercise of it loads; its time is when it was taken.
func (s *Server) lastServed() *snapshot {
	b, err := os.ReadFile(filepath.Join(s.snapshotRoot(), servedFile))
	if err != nil {
		return nil
	}
	id := strings.TrimSpace(string(b))
	if id == "" || strings.ContainsAny(id, `/\.`) {
		return nil
	}
	sn, err := s.open(id)
	if err != nil {
		return nil
	}
	if err := s.check(sn); err != nil {
		s.close(sn)
		return nil
	}
	if fi, err := os.Stat(filepath.Join(s.snapshotRoot(), id)); err == nil {
		sn.at = fi.ModTime()
	}
	return sn
}

// clock is t as staff read it: the time of day, with the day when it is
// not today.
func clock(t time.Time) string {
	if now := time.Now(); t.YearDay() == now.YearDay() && t.Year() == now.Year() {
		return t.Format("15:04:05")
	}
	return t.Format("2 Jan 15:04:05")
}

// watch looks for a change on disk every Options.Watch until Shutdown.
func (s *Server) watch() {
	v := &s.vers
	defer close(v.done)
	t := time.NewTicker(s.opts.Watch)
	defer t.Stop()
	for {
		select {
		case <-v.stop:
			return
		case <-t.C:
		}
		s.reload()
		s.retire()
	}
}

// reload takes a new version when the folders on disk changed, and
// serves it if it loads.
func (s *Server) reload() {
	v := &s.vers
	h, err := treeHash(s.opts.DataDir, s.opts.Exercises, s.opts.Hidden)
	if err != nil {
		s.refuse(err)
		return
	}
	if h == v.live {
		return
	}
	cur := s.snap()
	if h == cur.id { // back as it is served
		v.live = h
		s.refuse(nil)
		return
	}
	id, err := s.take()
	if err != nil {
		s.log.Error("exercises changed on disk: not copied; the version served stays", "err", err)
		return
	}
	if id != h {
		return // changed while being copied: the next look takes it
	}
	v.live = h
	sn, err := s.open(id)
	if err == nil {
		err = s.check(sn)
	}
	if err != nil {
		s.close(sn)
		s.refuse(err)
		return
	}
	v.mu.Lock()
	v.byID[sn.id] = sn
	v.broken, v.changed = nil, sn.at
	v.mu.Unlock()
	s.current.Store(sn)
	s.served(sn)
	s.pool.longest(sn.longer)
	s.log.Info("exercises changed on disk: reloaded (" + changes(cur, sn) + ")")
	if s.validation.started() {
		s.cachedValidation(sn)
	}
}

// refuse records that the folders on disk do not load (err), or load
// again (nil).
func (s *Server) refuse(err error) {
	v := &s.vers
	v.mu.Lock()
	defer v.mu.Unlock()
	if err == nil {
		v.broken = nil
		return
	}
	if v.broken == nil || v.broken.Error() != err.Error() {
		s.log.Error("exercises changed on disk but do not load: students are still shown and graded on the version of "+clock(s.snap().at), "err", err)
	}
	if v.broken == nil {
		v.brokenAt = time.Now()
	}
	v.broken = err
}

// close lets go of sn's grader, if the server made it.
func (s *Server) close(sn *snapshot) {
	if sn == nil || !sn.own {
		return
	}
	if c, ok := sn.grader.(interface{ Close() }); ok {
		c.Close()
	}
}

// retire removes the versions no pending submission was accepted under,
// but the one served.
func (s *Server) retire() {
	v := &s.vers
	v.accept.Lock()
	defer v.accept.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	keep, err := s.store.PendingVersions(ctx)
	if err != nil {
		s.log.Warn("old versions of the exercises not removed", "err", err)
		return
	}
	keep[s.snap().id] = true
	entries, _ := os.ReadDir(s.snapshotRoot())
	v.mu.Lock()
	defer v.mu.Unlock()
	for id, sn := range v.byID {
		if !keep[id] {
			s.close(sn)
			delete(v.byID, id)
		}
	}
	for _, e := range entries {
		if n := e.Name(); !keep[n] && !strings.HasPrefix(n, ".") {
			if err := os.RemoveAll(filepath.Join(s.snapshotRoot(), n)); err != nil {
				s.log.Warn("an old version of the exercises not removed", "version", n, "err", err)
			}
		}
	}
}

// treeHash hashes the files under the folders (names and contents) as
// copyTree copies them (skip left out); a folder "" counts as none.
func treeHash(skip string, dirs ...string) (string, error) {
	h := sha256.New()
	for i, dir := range dirs {
		fmt.Fprintf(h, "folder %d\n", i)
		if dir == "" {
			continue
		}
		err := walkFiles(dir, skip, func(rel, full string) error {
			f, err := os.Open(full)
			if err != nil {
				return err
			}
			defer f.Close()
			st, err := f.Stat()
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "file %q %d\n", rel, st.Size())
			n, err := io.Copy(h, f)
			if err == nil && n != st.Size() {
				err = fmt.Errorf("%s changed while read", full)
			}
			return err
		})
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}

// copyTree copies the files under src into dst (see walkFiles).
func copyTree(src, dst, skip string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	return walkFiles(src, skip, func(rel, full string) error {
		out := filepath.Join(dst, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		in, err := os.Open(full)
		if err != nil {
			return err
		}
		defer in.Close()
		f, err := os.OpenFile(out, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		if _, err := io.Copy(f, in); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	})
}

// walkFiles calls fn for each file under dir, in order, by its path
// relative to dir (slashes) and its full path. Files and folders whose
// names start with "." (.git, editors' swap files) are left out, and so
// is anything that is not a file once links are followed, and the
// folder skip (the data directory, should it be inside the exercises).
func walkFiles(dir, skip string, fn func(rel, full string) error) error {
	dir, err := filepath.EvalSymlinks(dir) // a link to the exercises: what it names
	if err != nil {
		return err
	}
	if skip != "" {
		if abs, err := filepath.Abs(skip); err == nil {
			skip = abs
		}
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && skip != "" {
			if abs, err := filepath.Abs(p); err == nil && abs == skip {
				return fs.SkipDir
			}
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			st, err := os.Stat(p)
			if err != nil || !st.Mode().IsRegular() {
				return nil
			}
		} else if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		return fn(filepath.ToSlash(rel), p)
	})
}

// changes says what changed from one version to the next, exercise by
// exercise: "my-ring: points, statement; new: other".
func changes(old, cur *snapshot) string {
	var parts []string
	names := map[string]bool{}
	for _, e := range old.catalog.List() {
		names[e.Name] = true
	}
	for _, e := range cur.catalog.List() {
		names[e.Name] = true
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	for _, n := range sorted {
		a, b := old.catalog.Lookup(n), cur.catalog.Lookup(n)
		switch {
		case a == nil:
			parts = append(parts, n+": added")
		case b == nil:
			parts = append(parts, n+": removed")
		default:
			if what := exerciseChanges(a, b, old.loaded[n], cur.loaded[n]); len(what) > 0 {
				parts = append(parts, n+": "+strings.Join(what, ", "))
			}
		}
	}
	if !reflect.DeepEqual(setsOf(old.catalog), setsOf(cur.catalog)) {
		parts = append(parts, "sets")
	}
	if len(parts) == 0 {
		return "other files: no exercise changed as shown or graded"
	}
	return strings.Join(parts, "; ")
}

// exerciseChanges names what differs between two versions of an
// exercise: as shown (a, b) and as graded (x, y, nil if it did not load).
func exerciseChanges(a, b *Exercise, x, y *exercise.Exercise) []string {
	var out []string
	add := func(changed bool, what string) {
		if changed {
			out = append(out, what)
		}
	}
	add(a.Title != b.Title, "title")
	add(a.Statement != b.Statement, "statement")
	add(a.Starter != b.Starter, "starter")
	add(!reflect.DeepEqual(a.Public, b.Public), "public schedules")
	if x == nil || y == nil {
		add(x != y, "grading")
		return out
	}
	add(!reflect.DeepEqual(x.Points, y.Points), "points")
	add(x.Limits != y.Limits || x.Build != y.Build || x.BuildMemory != y.BuildMemory, "limits")
	add(!reflect.DeepEqual(x.Hidden, y.Hidden) || !reflect.DeepEqual(x.Walks, y.Walks), "hidden tests")
	add(x.Algorithm != y.Algorithm || x.Interface != y.Interface || !reflect.DeepEqual(x.Explore, y.Explore) ||
		!reflect.DeepEqual(x.Conform, y.Conform) || !reflect.DeepEqual(x.PartialCredit, y.PartialCredit) ||
		x.MaxStates != y.MaxStates || !reflect.DeepEqual(x.VotingSets, y.VotingSets), "tests")
	add(!reflect.DeepEqual(x.Mutants, y.Mutants), "mutants")
	add(!reflect.DeepEqual(x.Solutions, y.Solutions), "solutions")
	return out
}

// setsOf is what the catalogue shows of its sets, for comparing.
func setsOf(c *Catalog) []string {
	var out []string
	for _, set := range c.Sets() {
		out = append(out, set.Dir, set.Title, set.Intro)
		for _, e := range set.Exercises {
			out = append(out, e.Name)
		}
	}
	return out
}
