package exercise

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A student who wants to know what their code does in a run they have in
// mind writes that run as a scenario, with the expectations they
// believe, and grades their code on it alone (dmelab grade --schedule,
// or "Try a run" on the exercise page): they get the feedback a failed
// test gets (the step table, the diagram, the replay link) for it, and
// the run itself when it passes, in seconds, without the exercise's
// other tests.

// MaxOwn bounds how many of their own schedules one grading runs.
const MaxOwn = 5

// ReadOwn reads the schedule files a student gives (dmelab grade
// --schedule), each named by its file's name and given by its path as
// written.
func ReadOwn(files []string) ([]Schedule, error) {
	var errs ErrorList
	var own []Schedule
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			errs = append(errs, fmt.Errorf("--schedule: %v", err))
			continue
		}
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		own = append(own, Schedule{Name: name, Path: filepath.ToSlash(f), Text: text})
	}
	return own, errs.Err()
}

// WithOwn is the exercise to grade a file on: e itself when own is
// empty, else a copy of e whose only tests are own (UseOwn), so that e
// stays as it is for the next grading.
func (e *Exercise) WithOwn(own []Schedule) (*Exercise, error) {
	if len(own) == 0 {
		return e, nil
	}
	cp := *e
	if err := cp.UseOwn(own); err != nil {
		return nil, err
	}
	return &cp, nil
}

// UseOwn makes own the exercise's only tests: each is checked as the
// exercise's own schedules are (it must parse, name the exercise's
// algorithm, and name its nodes N1..Nn), and each error says where, by
// the schedule's Path. Their tests are named "yours/NAME" (Exercise.Own),
// a point each: the score says how many of them pass, not a mark.
// Nothing changes when one is refused.
func (e *Exercise) UseOwn(own []Schedule) error {
	var errs ErrorList
	switch {
	case len(own) == 0:
		errs = append(errs, fmt.Errorf("no schedule given"))
	case len(own) > MaxOwn:
		errs = append(errs, fmt.Errorf("%d schedules given: a grading runs at most %d of your own", len(own), MaxOwn))
	}
	seen := map[string]string{}
	for _, s := range own {
		if other, ok := seen[s.Name]; ok {
			errs = append(errs, fmt.Errorf("%s and %s would both be the test yours/%s: give them different names", other, s.Path, s.Name))
			continue
		}
		seen[s.Name] = s.Path
		if err := e.checkSchedule(s, true); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errs.Err(); err != nil {
		return err
	}
	e.Own = own
	e.Public, e.Hidden, e.Walks = nil, nil, nil
	e.Explore, e.Conform, e.VotingSets = nil, nil, nil
	e.Points.Tests = nil // overrides name the tests left out
	return nil
}
