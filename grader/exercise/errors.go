package exercise

import (
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// ErrorList is every problem found loading an exercise, in the order
// Load met them (as go/scanner's ErrorList holds a file's). Its text is
// one problem a line; a problem may itself be a list (a schedule's).
type ErrorList []error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, err := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(err.Error())
	}
	return b.String()
}

// Unwrap gives errors.Is and errors.As each problem.
func (l ErrorList) Unwrap() []error { return l }

// Err is the list as an error: nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// add appends err, if any, its lines named with the exercise (see named).
func (l *ErrorList) add(name string, err error) {
	if err != nil {
		*l = append(*l, named(name, err))
	}
}

// inFile is an error's line that starts with a file of an exercise
// ("public/alone.scn:13:1: ...", "solutions/a.go:1: ...").
var inFile = regexp.MustCompile(`^[\w./-]+\.(scn|md|go|txt|patch|walk)[:\s]`)

// named names each line of err that starts with a file of the exercise
// name by the exercise folder too ("ex/hidden/w.walk:2: ..."), as the
// errors of exercise.md and of the mutants do: every file of one
// exercise is named the same way.
func named(name string, err error) error {
	lines := strings.Split(err.Error(), "\n")
	changed := false
	for i, l := range lines {
		if !strings.HasPrefix(l, name+"/") && inFile.MatchString(l) {
			lines[i], changed = name+"/"+l, true
		}
	}
	if !changed {
		return err
	}
	return &namedError{msg: strings.Join(lines, "\n"), err: err}
}

// namedError is an error whose text names the exercise; it unwraps to
// the error as it was.
type namedError struct {
	msg string
	err error
}

func (e *namedError) Error() string { return e.msg }
func (e *namedError) Unwrap() error { return e.err }

// frontErrorf is a problem with a value of the front matter, at the
// value's line and column in exercise.md: path is its keys and list
// indexes from the top ("explore", 0, "props", 1). Where the value is
// not written (a key left out), it is the nearest enclosing one that is.
func (e *Exercise) frontErrorf(path []any, format string, args ...any) error {
	at := e.Name + "/exercise.md"
	if n := nodeAt(e.front, path); n != nil {
		at += fmt.Sprintf(":%d:%d", n.Line+frontFirstLine-1, n.Column)
	}
	return fmt.Errorf("%s: %s", at, fmt.Sprintf(format, args...))
}

// frontFirstLine is the line of exercise.md that the front matter's
// first line is on (after the opening ---).
const frontFirstLine = 2

// nodeAt follows path (mapping keys and sequence indexes) from n, and
// returns the last node it reaches (n itself if it reaches none, nil
// if n is nil).
func nodeAt(n *yaml.Node, path []any) *yaml.Node {
	for _, p := range path {
		if n == nil {
			return nil
		}
		if n.Kind == yaml.AliasNode && n.Alias != nil {
			n = n.Alias
		}
		var next *yaml.Node
		switch p := p.(type) {
		case string:
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == p {
						next = n.Content[i+1]
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && p >= 0 && p < len(n.Content) {
				next = n.Content[p]
			}
		}
		if next == nil {
			return n
		}
		n = next
	}
	if n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// written says whether the front matter n gives a value at the mapping
// keys path (a key written with no value, "hidden:", is written: null).
func written(n *yaml.Node, path ...string) bool {
	if n == nil {
		return false
	}
	keys := make([]any, len(path))
	for i, k := range path {
		keys[i] = k
	}
	return nodeAt(n, keys) != nodeAt(n, keys[:len(keys)-1])
}

// didYouMean is ": did you mean "x"?" for the known value nearest to v
// (see nearest), or "".
func didYouMean(v string, known []string) string {
	if near := nearest(v, known); near != "" {
		return fmt.Sprintf(": did you mean %q?", near)
	}
	return ""
}
