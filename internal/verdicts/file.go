package verdicts

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// The table sits between these markers in a Markdown file.
const Start, End = "<!-- verdicts:start -->", "<!-- verdicts:end -->"

// markers returns path's text and the bounds of its verdict table: the
// table is text[i:j].
func markers(path string) (text string, i, j int, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", 0, 0, err
	}
	text = string(b)
	i, j, err = bounds(path, text)
	return text, i, j, err
}

// bounds finds the table in text (named name in errors).
func bounds(name, text string) (i, j int, err error) {
	i, j = strings.Index(text, Start), strings.Index(text, End)
	if i < 0 || j < i {
		return 0, 0, errors.New(name + " has no " + Start + " … " + End + " markers")
	}
	return i + len(Start), j, nil
}

// FileTable returns the table between path's verdicts markers.
func FileTable(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	return TableIn(path, string(b))
}

// TableIn returns the table between the verdicts markers of text, a
// page named name.
func TableIn(name, text string) (string, error) {
	i, j, err := bounds(name, text)
	if err != nil {
		return "", err
	}
	return strings.TrimPrefix(text[i:j], "\n"), nil
}

// ReplaceTable writes table between path's verdicts markers.
func ReplaceTable(path, table string) error {
	text, i, j, err := markers(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text[:i]+"\n"+table+text[j:]), 0o644)
}

// rowKey is a row's configuration: its first five cells (algorithm,
// flags, N, R).
func rowKey(line string) string {
	cells := strings.Split(line, "|")
	if len(cells) < 5 {
		return line
	}
	return strings.Join(cells[:5], "|")
}

// Only is table's header and rule and the rows of algo.
func Only(table, algo string) string {
	lines := strings.Split(strings.TrimSpace(table), "\n")
	var b strings.Builder
	for i, l := range lines {
		if i < 2 || strings.HasPrefix(l, "| "+algo+" |") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// SpliceRows returns the whole table in Rows' order: the rows from part,
// every other row from old (part's rows replace old's). A row that is in
// neither (a new algorithm's, say) is an error that asks for the whole
// table.
func SpliceRows(old, part string) (string, error) {
	have := map[string]string{}
	lines := strings.Split(strings.TrimSpace(old), "\n")
	for _, l := range lines {
		have[rowKey(l)] = l
	}
	for _, l := range strings.Split(strings.TrimSpace(part), "\n") {
		have[rowKey(l)] = l
	}
	if len(lines) < 2 {
		return "", errors.New("the file has no verdict table to keep rows from: run without --algo")
	}
	var b strings.Builder
	b.WriteString(lines[0] + "\n" + lines[1] + "\n")
	for _, r := range Rows() {
		l, ok := have[rowKey(fmt.Sprintf("| %s | %s | %d | %d |", r.Algo, r.flags(), r.N, r.R))]
		if !ok {
			return "", fmt.Errorf("the file has no row for %s %s N=%d R=%d: run without --algo", r.Algo, r.flags(), r.N, r.R)
		}
		b.WriteString(l + "\n")
	}
	return b.String(), nil
}

// Diff lists the rows of old and now that differ, by configuration, or
// "" when the tables are the same.
func Diff(old, now string) string {
	index := func(t string) (map[string]string, []string) {
		m := map[string]string{}
		var order []string
		for _, l := range strings.Split(strings.TrimSpace(t), "\n") {
			m[rowKey(l)] = l
			order = append(order, rowKey(l))
		}
		return m, order
	}
	om, oorder := index(old)
	nm, norder := index(now)
	var b strings.Builder
	for _, k := range norder {
		switch o, ok := om[k]; {
		case !ok:
			fmt.Fprintf(&b, "  missing from the file: %s\n", nm[k])
		case o != nm[k]:
			fmt.Fprintf(&b, "  the file:     %s\n  dmelab check: %s\n", o, nm[k])
		}
	}
	for _, k := range oorder {
		if _, ok := nm[k]; !ok {
			fmt.Fprintf(&b, "  only in the file: %s\n", om[k])
		}
	}
	if b.Len() == 0 && strings.TrimSpace(old) != strings.TrimSpace(now) {
		b.WriteString("  the rows are the same but in another order\n")
	}
	return b.String()
}
