package scenario

import (
	"fmt"
	"strings"
)

// Format prints f in canonical form: one statement per line, keywords in
// their one spelling (request N1, not N1 requests), single spaces, "A->B"
// without spaces, "{A, B}" voting sets, events in a schedule indented by
// two spaces, a comment after a statement two spaces after it, and the
// comments and (single) blank lines of the source where they were.
// Parsing the output gives f again.
func Format(f *File) string {
	var b strings.Builder
	for _, s := range f.Stmts {
		m := s.meta()
		lead(&b, m.Lead, "")
		switch s := s.(type) {
		case *ScheduleStmt:
			line(&b, "", "schedule {", m.Comment)
			for _, e := range s.Events {
				lead(&b, e.Lead, "  ")
				line(&b, "  ", e.String(), e.Comment)
			}
			lead(&b, s.Close.Lead, "  ")
			line(&b, "", "}", s.Close.Comment)
		default:
			line(&b, "", StmtString(s), m.Comment)
		}
	}
	lead(&b, f.Tail, "")
	return b.String()
}

func lead(b *strings.Builder, lines []string, indent string) {
	for _, l := range lines {
		if l == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString(indent + l + "\n")
	}
}

func line(b *strings.Builder, indent, text, comment string) {
	b.WriteString(indent + text)
	if comment != "" {
		b.WriteString("  " + comment)
	}
	b.WriteString("\n")
}

// StmtString renders one statement on one line in canonical form (a
// schedule as its first line only), without comments.
func StmtString(s Stmt) string {
	switch s := s.(type) {
	case *AlgorithmStmt:
		return "algorithm " + s.Name.Name
	case *NodesStmt:
		return "nodes " + joinIdents(s.Names, " ")
	case *ClockStmt:
		return fmt.Sprintf("clock %s = %d", s.Node.Name, s.Value)
	case *RequestsStmt:
		if s.Node != nil {
			return fmt.Sprintf("requests %s = %d", s.Node.Name, s.Count)
		}
		return fmt.Sprintf("requests %d", s.Count)
	case *OptionStmt:
		return fmt.Sprintf("%s %d", s.Key, s.Value)
	case *ChannelsStmt:
		if s.FIFO {
			return "channels fifo"
		}
		return "channels unordered"
	case *ChannelStmt:
		o := "unordered"
		if s.FIFO {
			o = "fifo"
		}
		return fmt.Sprintf("channel %s->%s %s", s.A.Name, s.B.Name, o)
	case *IncludeStmt:
		return "include " + s.Path
	case *VotingSetStmt:
		return fmt.Sprintf("voting-set %s = {%s}", s.Node.Name, joinIdents(s.Members, ", "))
	case *EventStmt:
		return s.String()
	case *HoldStmt:
		w := "hold"
		if s.Release {
			w = "release"
		}
		t := fmt.Sprintf("%s %s->%s", w, s.A.Name, s.B.Name)
		if s.Text != "" {
			t += " " + s.Text
		}
		return t
	case *RunStmt:
		if s.Until == nil {
			return "run"
		}
		return "run until " + s.Until.String()
	case *ScheduleStmt:
		return "schedule {"
	case *ExpectStmt:
		return "expect " + s.body()
	}
	return "?"
}

func (c *Cond) String() string {
	switch c.Kind {
	case CondEnters:
		return c.Node.Name + " enters"
	case CondVar:
		return fmt.Sprintf("%s %s = %s", c.Node.Name, c.Var.Name, c.Value)
	}
	return "quiet"
}

// body is the expectation without the word expect.
func (e *ExpectStmt) body() string {
	switch e.Kind {
	case ExpectProp:
		if e.Holds {
			return e.Prop + " holds"
		}
		return e.Prop + " violated"
	case ExpectBefore:
		return e.A.Name + " enters before " + e.B.Name
	case ExpectVar:
		return fmt.Sprintf("%s %s = %s", e.A.Name, e.Var.Name, e.Value)
	case ExpectMessages:
		return fmt.Sprintf("messages = %d", e.Count)
	case ExpectInFlight:
		s := fmt.Sprintf("message %s->%s", e.A.Name, e.B.Name)
		if e.No {
			s = "no " + s
		}
		if e.Value != "" {
			s += " " + e.Value
		}
		return s
	}
	return "?"
}

func joinIdents(ids []Ident, sep string) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = id.Name
	}
	return strings.Join(s, sep)
}
