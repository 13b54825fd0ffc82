package exercise

import (
	"bytes"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hbollon/go-edlib"
	"go.yaml.in/yaml/v3"
)

// decodeFront decodes a front matter (YAML) into v, a pointer to a
// struct whose fields carry yaml tags. A key v does not have, at any
// level, or a value of the wrong kind (a string where a number is
// wanted, a list where a mapping is) is an error. Errors read like the
// Go compiler's: "file:line:col: what is wrong", one a line, in the
// front matter's terms (its keys, and what each wants), with the known
// keys an unknown one could have meant. first is the line of file that
// the front matter's first line is on. It returns the front matter's
// top node (nil for an empty one), so that later checks of its values
// can say where each is written.
func decodeFront(file string, first int, text []byte, v any) (*yaml.Node, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(text, &root); err != nil {
		if line, col, msg, ok := yamlHint(string(text)); ok {
			return nil, fmt.Errorf("%s:%d:%d: %s", file, line+first-1, col, msg)
		}
		return nil, syntaxError(file, first, err)
	}
	if len(root.Content) == 0 { // an empty front matter
		return nil, nil
	}
	c := &frontChecker{file: file, first: first}
	c.value(root.Content[0], reflect.TypeOf(v).Elem(), "")
	if len(c.errs) > 0 {
		return nil, c.err()
	}
	if err := root.Content[0].Decode(v); err != nil {
		if strings.Contains(err.Error(), "excessive aliasing") {
			return nil, fmt.Errorf("%s:%d: the front matter's aliases (*name) expand to too many values: write the values out", file, first)
		}
		// Not expected once the checks pass; say it without Go types.
		return nil, fmt.Errorf("%s:%d: %s", file, first, goTypeRE.ReplaceAllString(strings.TrimPrefix(err.Error(), "yaml: "), "a value of another kind"))
	}
	return root.Content[0], nil
}

var (
	yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): `)
	goTypeRE   = regexp.MustCompile(`(in|into) (type )?[\w.\[\]*]+`)
)

// syntaxError is a YAML syntax error that yamlHint could not put in an
// author's words, as "file:line: the front matter is not valid YAML:
// message" (the parser's message, the last resort). The
// parser counts lines from the front matter's, from 1 for the scanner's
// problems and from 0 for the parser's (yaml_PARSER_ERROR: they are
// told apart by their text), and says no line for the first.
func syntaxError(file string, first int, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	n := 0
	if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
		n, _ = strconv.Atoi(m[1])
		msg = err.Error()[len(m[0]):]
	}
	if parserProblems[msg] {
		n++
	} else if n == 0 && !scannerProblemRE.MatchString(msg) {
		return fmt.Errorf("%s: the front matter is not valid YAML: %s", file, msg) // no line
	}
	return fmt.Errorf("%s:%d: the front matter is not valid YAML: %s", file, max(n, 1)+first-1, msg)
}

// parserProblems are the problems of YAML's parser (the rest are its
// scanner's, or its composer's, which say no line).
var parserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// scannerProblemRE matches the scanner's problems.
var scannerProblemRE = regexp.MustCompile(`^(found|did not find|could not find|block sequence entries|mapping (keys|values) are not allowed|exceeded max depth)`)

type frontError struct {
	line, col int
	msg       string
}

// A frontChecker walks a front matter's nodes beside the Go type they
// decode into, and collects what does not fit.
type frontChecker struct {
	file  string
	first int
	errs  []frontError
	// aliased is every anchored node checked, by the type it was checked
	// against: each is checked once (and its mistakes said once), so that
	// aliases of aliases (a "billion laughs", or merge keys doubling at
	// each level) cost what their text does, not what they expand to.
	aliased map[aliasCheck]bool
}

type aliasCheck struct {
	n *yaml.Node
	t reflect.Type
}

// maxFrontErrors is how many errors are reported; the rest are counted.
const maxFrontErrors = 10

func (c *frontChecker) err() error {
	sort.SliceStable(c.errs, func(i, j int) bool {
		a, b := c.errs[i], c.errs[j]
		return a.line < b.line || a.line == b.line && a.col < b.col
	})
	var b strings.Builder
	for i, e := range c.errs {
		if i == maxFrontErrors {
			fmt.Fprintf(&b, "\n(and %d more errors)", len(c.errs)-i)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s:%d:%d: %s", c.file, e.line+c.first-1, e.col, e.msg)
	}
	return fmt.Errorf("%s", b.String())
}

func (c *frontChecker) errorf(n *yaml.Node, format string, args ...any) {
	c.errs = append(c.errs, frontError{n.Line, n.Column, fmt.Sprintf(format, args...)})
}

// value checks node n against type t; path names it ("points.public",
// "explore[0].nodes"; "" is the front matter itself).
func (c *frontChecker) value(n *yaml.Node, t reflect.Type, path string) {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Anchor != "" {
		if c.aliased == nil {
			c.aliased = map[aliasCheck]bool{}
		}
		if c.aliased[aliasCheck{n, t}] {
			return
		}
		c.aliased[aliasCheck{n, t}] = true
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return // left out: the default
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(reflect.TypeFor[yaml.Unmarshaler]()) || t.Kind() == reflect.Interface {
		return // decodes itself, or takes anything
	}
	ok := true
	switch t.Kind() {
	case reflect.Struct:
		if ok = n.Kind == yaml.MappingNode; ok {
			c.mapping(n, t, path)
		}
	case reflect.Map:
		if ok = n.Kind == yaml.MappingNode; ok {
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if k.Kind != yaml.ScalarNode {
					c.errorf(k, "%s: a key must be a name, not %s", name(path), found(k))
					continue
				}
				c.value(v, t.Elem(), fmt.Sprintf("%s[%q]", path, k.Value))
			}
		}
	case reflect.Slice, reflect.Array:
		if ok = n.Kind == yaml.SequenceNode; ok {
			for i, e := range n.Content {
				c.value(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i))
			}
		}
	case reflect.String:
		ok = n.Kind == yaml.ScalarNode
	case reflect.Bool:
		ok = n.Kind == yaml.ScalarNode && n.Tag == "!!bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		ok = n.Kind == yaml.ScalarNode && n.Tag == "!!int" && n.Decode(reflect.New(t).Interface()) == nil
	case reflect.Float32, reflect.Float64:
		ok = n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float")
	}
	if !ok {
		c.errorf(n, "%s wants %s, not %s", name(path), want(t), found(n))
	}
}

// mapping checks the keys of n, a mapping, against struct type t.
func (c *frontChecker) mapping(n *yaml.Node, t reflect.Type, path string) {
	fields := yamlFields(t)
	seen := map[string]*yaml.Node{}
	var merged *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Tag == "!!merge" { // <<: *defaults, or <<: [*a, *b]
			if merged != nil {
				c.errorf(k, "%s: << is given twice in one mapping (first at line %d): merge several with <<: [*a, *b]", name(path), merged.Line+c.first-1)
				continue
			}
			merged = k
			if v.Kind == yaml.SequenceNode {
				for _, e := range v.Content {
					c.value(e, t, path)
				}
				continue
			}
			c.value(v, t, path)
			continue
		}
		f, ok := fields[k.Value]
		switch {
		case k.Kind != yaml.ScalarNode:
			c.errorf(k, "%s: a key must be a name, not %s", name(path), found(k))
		case !ok:
			c.errorf(k, "%s", unknownKey(k.Value, path, t))
		case seen[k.Value] != nil:
			c.errorf(k, "%s is given twice (first at line %d)", name(join(path, k.Value)), seen[k.Value].Line+c.first-1)
		default:
			seen[k.Value] = k
			c.value(v, f.Type, join(path, k.Value))
		}
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// name is how an error calls what is at path.
func name(path string) string {
	if path == "" {
		return "the front matter"
	}
	return path
}

// unknownKey says that key is not one of struct t's, and which it
// could have meant.
func unknownKey(key, path string, t reflect.Type) string {
	known := yamlKeys(t)
	where := ""
	if path != "" {
		where = " in " + path
	}
	msg := fmt.Sprintf("unknown key %q%s", key, where)
	if near := nearest(key, known); near != "" {
		msg += fmt.Sprintf(": did you mean %q?", near)
	}
	return msg + fmt.Sprintf(" (%s takes %s)", name(path), strings.Join(known, ", "))
}

// nearest is the known key closest to key by edit distance (case aside),
// when it is close enough to be a slip: at most 2 edits, and fewer than
// half of key's letters.
func nearest(key string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		d := edlib.OSADamerauLevenshteinDistance(strings.ToLower(key), strings.ToLower(k))
		if d < bestD && 2*d < len([]rune(key))+1 {
			best, bestD = k, d
		}
	}
	return best
}

// yamlFields maps the keys of struct type t to its fields, as yaml
// decodes them: the tag's name, or the field's name in lower case;
// inline structs' keys are t's own.
func yamlFields(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || len(f.Index) > 1 && !inlined(t, f.Index) {
			continue
		}
		tag := f.Tag.Get("yaml")
		key, opts, _ := strings.Cut(tag, ",")
		if key == "-" || strings.Contains(opts, "inline") {
			continue
		}
		if key == "" {
			key = strings.ToLower(f.Name)
		}
		out[key] = f
	}
	return out
}

// inlined says whether the field at index is reached through ",inline"
// fields only.
func inlined(t reflect.Type, index []int) bool {
	for _, i := range index[:len(index)-1] {
		f := t.Field(i)
		if _, opts, _ := strings.Cut(f.Tag.Get("yaml"), ","); !strings.Contains(opts, "inline") {
			return false
		}
		t = f.Type
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
	}
	return true
}

// yamlKeys are struct type t's keys in the order of its fields.
func yamlKeys(t reflect.Type) []string {
	fields := yamlFields(t)
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return lessIndex(fields[keys[i]].Index, fields[keys[j]].Index) })
	return keys
}

func lessIndex(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// want says what a value of type t is written as.
func want(t reflect.Type) string {
	one, _ := kindWords(t)
	return one
}

// plural is want's plural, for the elements of a list or a mapping.
func plural(t reflect.Type) string {
	_, many := kindWords(t)
	return many
}

// kindWords says what a value of type t is written as: one of them, and
// many (the elements of a list or a mapping).
func kindWords(t reflect.Type) (one, many string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		keys := strings.Join(yamlKeys(t), ", ")
		return "a mapping (keys: " + keys + ")", "mappings (keys: " + keys + ")"
	case reflect.Map:
		one = "a mapping of names to " + plural(t.Elem())
	case reflect.Slice, reflect.Array:
		one = "a list of " + plural(t.Elem())
	case reflect.String:
		return "a string", "strings"
	case reflect.Bool:
		return "true or false", "true or false values"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number", "whole numbers"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more", "whole numbers, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number", "numbers"
	default:
		return "another kind of value", "values"
	}
	return one, "values that are each " + one
}

// found says what node n is, for "wants X, not Y".
func found(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	v := n.Value
	if r := []rune(v); len(r) > 40 {
		v = string(r[:40]) + "…"
	}
	return strconv.Quote(v)
}

// splitFront splits md (exercise.md, set.md) into its front matter's
// text, the lines between a line --- (line 1) and the next line ---, and
// the Markdown after it. The lines are --- alone: trailing spaces, which
// no one sees, are let pass, but a line "----" or "--- x" is not one,
// and a front matter that no line closes is said at line 1, with such a
// near miss if there is one (else the statement would be read as YAML,
// or the front matter as Markdown). need says what the file must start
// with, for one that does not start with ---.
func splitFront(file string, md []byte, need string) (front []byte, body string, err error) {
	md = bytes.TrimPrefix(md, []byte("\ufeff"))
	line := func(s []byte) []byte { return bytes.TrimRight(s, " \t\r") }
	first, rest, _ := bytes.Cut(md, []byte("\n"))
	if !bytes.Equal(line(first), []byte("---")) {
		if bytes.HasPrefix(first, []byte("---")) {
			return nil, "", fmt.Errorf("%s:1: the front matter opens with a line --- alone, not %q: %s", file, line(first), need)
		}
		return nil, "", fmt.Errorf("%s:1: %s", file, need)
	}
	off, near, nearLine := 0, "", 0
	for i, l := range bytes.SplitAfter(rest, []byte("\n")) {
		switch t := line(bytes.TrimSuffix(l, []byte("\n"))); {
		case bytes.Equal(t, []byte("---")):
			return rest[:off], string(rest[off+len(l):]), nil
		case near == "" && (bytes.HasPrefix(t, []byte("---")) || bytes.Equal(t, []byte("...")) || bytes.Equal(t, []byte("- - -"))):
			near, nearLine = string(t), i+2
		}
		off += len(l)
	}
	if near != "" {
		return nil, "", fmt.Errorf("%s:1: line 1 opens the front matter with ---, and no later line --- closes it: line %d is %q, not ---: write --- alone on it", file, nearLine, near)
	}
	return nil, "", fmt.Errorf("%s:1: line 1 opens the front matter with ---, and no later line --- closes it: write a line --- after its last key, before the statement", file)
}
