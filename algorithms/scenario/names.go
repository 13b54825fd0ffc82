package scenario

import (
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/sim"
)

// The algorithms render node references as N1..Nn (node index + 1) in their
// variables, step labels and messages: they do not know the scenario's
// names. So the interpreter keeps its worlds with those default names and
// passes every string the simulator produces through a renamer, which
// replaces each whole word N<k> by the scenario's name of node k. Renaming
// a whole line at once keeps actor names and references inside labels
// consistent (renaming only some parts would mistake a scenario name such
// as N3 for the simulator's third node).

// renamer maps the simulator's N<k> words to the scenario's names.
type renamer []string

// identity reports whether the names are the simulator's own.
func (r renamer) identity() bool {
	for i, n := range r {
		if n != fmt.Sprintf("N%d", i+1) {
			return false
		}
	}
	return true
}

func wordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func (r renamer) apply(s string) string {
	if r.identity() {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == 'N' && (i == 0 || !wordByte(s[i-1])) {
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j > i+1 && s[i+1] != '0' && (j == len(s) || !wordByte(s[j])) && j-i <= 3 {
				k := 0
				fmt.Sscan(s[i+1:j], &k)
				if k >= 1 && k <= len(r) {
					b.WriteString(r[k-1])
					i = j
					continue
				}
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// defaultNames are the simulator's names for n nodes.
func defaultNames(n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprintf("N%d", i+1)
	}
	return s
}

// view renders a world (whose Names are the simulator's defaults) in the
// scenario's names.
type view struct {
	w *sim.World
	r renamer
}

func (v view) event(e sim.Event) string    { return collapse(v.r.apply(v.w.EventString(e))) }
func (v view) describe(e sim.Event) string { return v.r.apply(v.w.Describe(e)) }
func (v view) node(i int) string           { return v.r.apply(v.w.NodeString(i)) }

// msg renders a message in flight as "A->B text".
func (v view) msg(m sim.Msg) string {
	return v.r.apply(fmt.Sprintf("%s->%s %s", v.w.Names[m.From], v.w.Names[m.To], v.w.Alg.Format(m)))
}

// shownInFlight is how many messages in flight a step lists: more are
// unreadable, and a run whose messages pile up would otherwise keep its
// whole network at every step.
const shownInFlight = 64

// net renders the messages in flight, or "(empty)".
func (v view) net() string {
	if len(v.w.Net) == 0 {
		return "(empty)"
	}
	n := min(len(v.w.Net), shownInFlight)
	s := make([]string, n, n+1)
	for i, m := range v.w.Net[:n] {
		s[i] = v.msg(m)
	}
	if more := len(v.w.Net) - n; more > 0 {
		s = append(s, fmt.Sprintf("and %d more", more))
	}
	return strings.Join(s, ", ")
}

// variable returns node i's variable called name as the scenario sees it:
// the node's own variables first, then the simulator's clock (for
// algorithms with Lamport clocks) and the phase.
func (v view) variable(i int, name string) (string, bool) {
	for _, x := range v.w.Nodes[i].Vars() {
		if x.Name == name {
			return collapse(v.r.apply(x.Value)), true
		}
	}
	switch {
	case name == "clock" && v.w.Clock != nil:
		return fmt.Sprint(v.w.Clock[i]), true
	case name == "phase":
		return sim.PhaseWord(v.w.Nodes[i]), true
	}
	return "", false
}

// varNames lists the variables expectations may name for node i.
func (v view) varNames(i int) []string {
	var s []string
	for _, x := range v.w.Nodes[i].Vars() {
		s = append(s, x.Name)
	}
	if v.w.Clock != nil && !slices.Contains(s, "clock") {
		s = append(s, "clock")
	}
	if !slices.Contains(s, "phase") {
		s = append(s, "phase")
	}
	return s
}

// wordPrefix reports whether text is full, or a prefix of full that ends
// at a word boundary ("step N1 P2" names "step N1 P2 myNum = 1" but not
// "step N1 P2a ..."; "deliver N1->N2 request" names "... request(1)").
func wordPrefix(full, text string) bool {
	if !strings.HasPrefix(full, text) {
		return false
	}
	if len(full) == len(text) || text == "" {
		return true
	}
	return !wordByte(full[len(text)]) || !wordByte(text[len(text)-1])
}
