package exercise

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Set is a folder of exercises with its index, set.md: a front matter
// with the set's title and the order of its exercises (folder names), then
// an introduction in Markdown. Without set.md the exercises come in the
// order of their folder names.
type Set struct {
	Dir   string   `yaml:"-"`
	Title string   `yaml:"title"`
	Order []string `yaml:"order"`
	Intro string   `yaml:"-"`
}

// LoadSet reads the index of the set in dir. It checks that the order
// names each exercise folder of dir exactly once (a folder is an exercise
// when it holds exercise.md); it does not load the exercises (see Load).
func LoadSet(dir string) (*Set, error) {
	s := &Set{Dir: dir}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var found, unstated []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, e.Name(), "exercise.md")); err == nil {
			found = append(found, e.Name())
		} else if strings.HasPrefix(e.Name(), ".") {
			continue
		} else if f := exerciseFile(filepath.Join(dir, e.Name())); f != "" {
			unstated = append(unstated, fmt.Sprintf("%s/%s is there but %s/exercise.md is not: a folder is an exercise only with its statement (dmelab new exercise writes one to start from); move the folder out of %s if it is not one", e.Name(), f, e.Name(), dir))
		}
	}
	sort.Strings(found)
	// A folder with an exercise's files and no exercise.md (renamed,
	// moved, not yet written) would be left out without a word: the set
	// would validate, and serve, without it.
	if len(unstated) > 0 {
		return nil, fmt.Errorf("%s: %s", dir, joinProblems(unstated))
	}
	md, err := os.ReadFile(filepath.Join(dir, "set.md"))
	if os.IsNotExist(err) {
		s.Title, s.Order = filepath.Base(dir), found
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no exercises (folders with an exercise.md) and no set.md", dir)
		}
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	front, intro, err := splitFront(filepath.Join(dir, "set.md"), md, "the index must start with a front matter: a line ---, its title and order, and a line --- that closes it")
	if err != nil {
		return nil, err
	}
	if _, err := decodeFront(filepath.Join(dir, "set.md"), 2, front, s); err != nil {
		return nil, err
	}
	s.Intro = intro
	var probs []string
	seen := map[string]bool{}
	for _, name := range s.Order {
		switch {
		case seen[name]:
			probs = append(probs, fmt.Sprintf("%q is listed twice", name))
		case !slices.Contains(found, name):
			probs = append(probs, fmt.Sprintf("%q is listed but is not an exercise folder here", name))
		}
		seen[name] = true
	}
	for _, name := range found {
		if !seen[name] {
			probs = append(probs, fmt.Sprintf("exercise %q is missing from order", name))
		}
	}
	if s.Title == "" {
		probs = append(probs, "no title")
	}
	if len(probs) > 0 {
		return nil, fmt.Errorf("%s: set.md: %s", dir, joinProblems(probs))
	}
	return s, nil
}

// exerciseFile is a file or folder of dir that only an exercise has
// (its reference, its starter, its public schedules), or "".
func exerciseFile(dir string) string {
	for _, f := range []string{"solution.go", "solution.txt", "starter.go", "starter.txt", "public"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return f
		}
	}
	return ""
}

func joinProblems(p []string) string {
	var b bytes.Buffer
	for i, s := range p {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(s)
	}
	return b.String()
}
