package grade

import (
	"fmt"
	"strings"

	"dmelab/algorithms/scenario"
)

// ambiguity is a schedule's event line that stopped because the
// student's code can take it more than one way: the line names the step
// ("step N1 P2"), and the code's step has several outcomes that lead to
// different states ("... = 1", "... = 2"). The scenario language tells
// the schedule's author to write more of the line; the student cannot,
// and needs to hear that the code's step is the one with a choice.
type ambiguity struct {
	line string   // the schedule's line, as it names the event
	ways []string // what follows it in each outcome
}

// ambiguous is the ambiguity a schedule's run stopped at (the scenario
// says it, scenario.Result.Ambiguous), or nil.
func ambiguous(res *scenario.Result) *ambiguity {
	if res.Ambiguous == nil {
		return nil
	}
	a := &ambiguity{line: res.Ambiguous.Line}
	for _, e := range res.Ambiguous.Events {
		a.ways = append(a.ways, strings.TrimSpace(strings.TrimPrefix(e, a.line)))
	}
	return a
}

// choices writes the outcomes with the words they share said once:
// "myNum = chooseNumber() = 1 or = 2".
func (a *ambiguity) choices() string {
	split := make([][]string, len(a.ways))
	for i, w := range a.ways {
		split[i] = strings.Fields(w)
	}
	// common is how many leading words every outcome shares, keeping at
	// least one word of each of its own.
	common := 0
	for ; ; common++ {
		same := true
		for _, s := range split {
			if common+1 >= len(s) || s[common] != split[0][common] {
				same = false
				break
			}
		}
		if !same {
			break
		}
	}
	parts := []string{a.ways[0]}
	for _, s := range split[1:] {
		from := max(common-1, 0) // the last shared word, so "= 2" reads
		parts = append(parts, strings.Join(s[from:], " "))
	}
	if len(parts) > 4 {
		parts = append(parts[:3], fmt.Sprintf("%d more", len(parts)-3))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// message is what the student reads: the code's step is the one with a
// choice, and the schedule (where, when it is public) expects one.
func (a *ambiguity) message(where string) string {
	who := "Your code at \"" + a.line + "\""
	if strings.HasPrefix(a.line, "step ") {
		who = "Your " + a.line
	}
	return fmt.Sprintf("%s can go more than one way here (%s), but the test's schedule%s expects it to go one way: see what the exercise's statement asks of that step", who, a.choices(), where)
}

// summary is the counterexample's one line.
func (a *ambiguity) summary() string {
	return fmt.Sprintf("%s can go more than one way (%s); the schedule expects one", a.line, a.choices())
}
