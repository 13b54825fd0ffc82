package exercise

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// UseOwn makes the schedules in files (a student's own, dmelab grade
// --schedule) the exercise's only tests: a student who wants to know
// what their code does in a run they have in mind writes that run as a
// scenario, with the expectations they believe, and gets the feedback a
// failed test gets (the step table, the diagram, the replay link) for it
// alone, in seconds, without the exercise's other tests, which they have
// already seen fail or pass. Each file is checked as the exercise's own
// schedules are (it must parse, name the exercise's algorithm, and name
// its nodes N1..Nn), and each error says where, by the file's path as
// given. Their tests are named "yours/NAME" (Exercise.Own), a point each:
// the score says how many of them pass, not a mark.
func (e *Exercise) UseOwn(files []string) error {
	var errs ErrorList
	seen := map[string]string{}
	var own []Schedule
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			errs = append(errs, fmt.Errorf("--schedule: %v", err))
			continue
		}
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		if other, ok := seen[name]; ok {
			errs = append(errs, fmt.Errorf("%s and %s would both be the test yours/%s: give them different names", other, f, name))
			continue
		}
		seen[name] = f
		s := Schedule{Name: name, Path: filepath.ToSlash(f), Text: text}
		if err := e.checkSchedule(s, true); err != nil {
			errs = append(errs, err)
			continue
		}
		own = append(own, s)
	}
	if len(files) == 0 {
		errs = append(errs, fmt.Errorf("--schedule: no schedule given"))
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
