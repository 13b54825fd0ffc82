package exercise

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A front matter value that is not one of those allowed is said at its
// line and column, with the value it could have meant and the values
// there are, as a misspelt key is.
func TestFrontValueErrors(t *testing.T) {
	const head = "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\n"
	for _, c := range []struct{ name, md, want string }{
		{"explore property", head + "explore:\n  - {nodes: 2, requests: 1, props: [safty, liveness]}\n---\n",
			`ex/exercise.md:6:37: explore[0]: "safty" is not a property: did you mean "safety"? (a property is one of safety, liveness, order)`},
		{"algorithm", "---\ntitle: T\nalgorithm: centrall\ninterface: central\n---\n",
			`ex/exercise.md:3:12: algorithm "centrall" is not one of the algorithms: did you mean "central"? (algorithm takes `},
		{"interface", "---\ntitle: T\nalgorithm: ra-benari\ninterface: rastep\n---\n",
			`ex/exercise.md:4:12: interface "rastep" is not one of the interfaces: did you mean "rasteps"? (interface takes `},
		{"interface of another algorithm", "---\ntitle: T\nalgorithm: central\ninterface: tokenringsteps\n---\n",
			`ex/exercise.md:4:12: interface tokenringsteps runs token-ring's steps, not central's: central's is centralsteps`},
		{"partial credit", head + "partial-credit: [safety, livenes]\n---\n",
			`ex/exercise.md:5:26: partial-credit: "livenes" is not a property: did you mean "liveness"?`},
		{"limit", head + "limits:\n  call: 2s\n  memory: lots\n---\n",
			`ex/exercise.md:7:11: limits: memory "lots" is not a duration or size`},
		{"memory in bytes", head + "limits:\n  memory: 64\n---\n",
			`ex/exercise.md:6:11: limits: memory 64 is out of range: it is from 4MiB to 4GiB (a size without a unit is in bytes: 64 MiB is written 64MiB)`},
		{"memory too large", head + "limits:\n  memory: 1TiB\n---\n",
			`ex/exercise.md:6:11: limits: memory 1TiB is out of range: it is from 4MiB to 4GiB`},
		{"no time", head + "limits:\n  call: 0s\n---\n",
			`ex/exercise.md:6:9: limits: call 0s is out of range: it is from 1ms to 10m0s`},
		{"total for ever", head + "limits:\n  total: 1000h\n---\n",
			`ex/exercise.md:6:10: limits: total 1000h is out of range: it is from 10ms to 1h0m0s`},
		{"exploration bounds", head + "explore:\n  - {nodes: 2, requests: 1, props: [safety]}\n  - {nodes: 9, requests: 1, props: [safety]}\n---\n",
			`ex/exercise.md:7:5: explore[1]: nodes must be 1..8`},
		{"no title", "---\nalgorithm: ra-benari\ninterface: rasteps\n---\n",
			`ex/exercise.md:2:1: title is missing`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(mk(t, map[string]string{"exercise.md": c.md}), "")
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "%s\nwant prefix %s", err, c.want)
		})
	}
	// Far from every value: no guess.
	_, err := Load(mk(t, map[string]string{"exercise.md": head + "partial-credit: [speed]\n---\n"}), "")
	assert.EqualError(t, err, `ex/exercise.md:5:18: partial-credit: "speed" is not a property (a property is one of safety, liveness, order)`)
}

// Every problem of an exercise is reported in one load, each naming its
// file the same way, with the exercise folder: two patches that no
// longer apply, a bad walk, a bad schedule, an alternative solution
// without its comment and a bad front matter value.
func TestLoadReportsEveryProblem(t *testing.T) {
	_, err := Load(mk(t, map[string]string{
		"exercise.md":     "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\npartial-credit: [safty]\n---\n",
		"solution.go":     "// ref\npackage ra\n",
		"mutants/a.patch": "x\n" + toyDiff,
		"mutants/b.patch": "y\n" + toyDiff,
		"hidden/w.walk":   "nodes 3\nspeed 9\n",
		"hidden/v.walk":   "seed 3\n",
		"public/s.scn":    "algorithm ra-benari\nnodes N1 N2\nfrobnicate\n",
		"solutions/s.go":  "package ra\n",
	}), "")
	require.Error(t, err)
	var list ErrorList
	require.True(t, errors.As(err, &list), "%T", err)
	lines := strings.Split(err.Error(), "\n")
	for _, want := range []string{
		`ex/exercise.md:5:18: partial-credit: "safty" is not a property: did you mean "safety"?`,
		"ex/mutants/a.patch:4: hunk 1 does not apply",
		"ex/mutants/b.patch:4: hunk 1 does not apply",
		`ex/hidden/w.walk:2: unknown setting "speed"`,
		"ex/hidden/v.walk:1: nodes is missing",
		"ex/public/s.scn:3:1:",
		"ex/solutions/s.go:1: an alternative solution starts with a one-line comment",
	} {
		n := 0
		for _, l := range lines {
			if strings.HasPrefix(l, want) {
				n++
			}
		}
		assert.Equal(t, 1, n, "%q once in\n%s", want, err)
	}
	for _, l := range lines {
		assert.True(t, strings.HasPrefix(l, "ex/"), "every line names the exercise: %q", l)
	}
}

// A walk's property is suggested as the front matter's are.
func TestWalkPropertySuggestion(t *testing.T) {
	_, err := parseWalk("hidden/w.walk", "nodes 3\nprops safety livness\n")
	assert.EqualError(t, err, `hidden/w.walk:2: "livness" is not a property: did you mean "liveness"? (a property is one of safety, liveness, order)`)
}

// A front matter that line 1 opens and no line closes is said at line 1,
// with the line that was likely meant to close it; a closing line with
// trailing spaces closes it.
func TestFrontNotClosed(t *testing.T) {
	const keys = "title: T\nalgorithm: central\ninterface: centralsteps\n"
	for _, c := range []struct{ name, md, want string }{
		{"never closed", "---\n" + keys + "# T\n\nText.\n",
			`ex/exercise.md:1: line 1 opens the front matter with ---, and no later line --- closes it: write a line --- after its last key, before the statement`},
		{"four dashes", "---\n" + keys + "----\n# T\n",
			`ex/exercise.md:1: line 1 opens the front matter with ---, and no later line --- closes it: line 5 is "----", not ---: write --- alone on it`},
		{"text after the dashes", "---\n" + keys + "--- end\n# T\n",
			`ex/exercise.md:1: line 1 opens the front matter with ---, and no later line --- closes it: line 5 is "--- end", not ---: write --- alone on it`},
		{"opened with four dashes", "----\n" + keys + "---\n# T\n",
			`ex/exercise.md:1: the front matter opens with a line --- alone, not "----"`},
		{"no front matter", "# T\n", `ex/exercise.md:1: the statement must start with a front matter: a line ---`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(mk(t, map[string]string{"exercise.md": c.md}), "")
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "%s\nwant prefix %s", err, c.want)
		})
	}
	e := &Exercise{Name: "ex"}
	require.NoError(t, e.readFront([]byte("--- \n"+keys+"---  \r\n# T\n")), "trailing spaces close it")
	assert.Equal(t, "central", e.Algorithm)
	assert.Equal(t, "# T\n", e.Statement)
}
