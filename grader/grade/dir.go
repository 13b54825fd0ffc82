package grade

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"dmelab/grader/exercise"
	"dmelab/grader/report"
)

// Exercises grades by exercise name, for a server: the exercises are the
// folders holding an exercise.md under Dir, at most two levels down (sets
// of exercises), and their hidden material comes from HiddenDir when it
// is set (see exercise.Load). Each exercise is read once.
type Exercises struct {
	Grader    *Grader
	Dir       string
	HiddenDir string

	mu     sync.Mutex
	loaded map[string]*exercise.Exercise
}

var exerciseName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// Grade grades src for the exercise called name (its folder's name).
func (x *Exercises) Grade(ctx context.Context, name, filename string, src []byte) (*report.Result, error) {
	ex, err := x.lookup(name)
	if err != nil {
		return nil, err
	}
	return x.Grader.Grade(ctx, ex, filename, src)
}

// GradeOwn grades src on the student's own schedules alone (all the
// exercise's tests when own is empty): see exercise.UseOwn.
func (x *Exercises) GradeOwn(ctx context.Context, name, filename string, src []byte, own []exercise.Schedule) (*report.Result, error) {
	ex, err := x.lookup(name)
	if err != nil {
		return nil, err
	}
	if ex, err = ex.WithOwn(own); err != nil {
		return nil, err
	}
	return x.Grader.Grade(ctx, ex, filename, src)
}

func (x *Exercises) lookup(name string) (*exercise.Exercise, error) {
	if !exerciseName.MatchString(name) {
		return nil, fmt.Errorf("no exercise %q", name)
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if ex := x.loaded[name]; ex != nil {
		return ex, nil
	}
	dir, err := exerciseDir(x.Dir, name)
	if err != nil {
		return nil, err
	}
	ex, err := exercise.Load(dir, x.HiddenDir)
	if err != nil {
		return nil, err
	}
	if x.loaded == nil {
		x.loaded = map[string]*exercise.Exercise{}
	}
	x.loaded[name] = ex
	return ex, nil
}

// exerciseDir finds the folder of the exercise called name under root:
// root/name, or root/SET/name when exactly one set holds it.
func exerciseDir(root, name string) (string, error) {
	if !exerciseName.MatchString(name) {
		return "", fmt.Errorf("no exercise %q", name)
	}
	dir := filepath.Join(root, name)
	if _, err := os.Stat(filepath.Join(dir, "exercise.md")); err == nil {
		return dir, nil
	}
	if m, _ := filepath.Glob(filepath.Join(root, "*", name, "exercise.md")); len(m) == 1 {
		return filepath.Dir(m[0]), nil
	}
	return "", fmt.Errorf("no exercise %q in %s", name, root)
}
