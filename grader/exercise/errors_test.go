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
			`ex/exercise.md:2:1: title is missing: write title: and the name students know the exercise by`},
		{"no algorithm", "---\ntitle: T\ninterface: centralsteps\n---\n",
			`ex/exercise.md:2:1: algorithm is missing: write algorithm: and the algorithm the schedules run (interface centralsteps runs central's steps: algorithm: central), one of central, token-ring, `},
		{"algorithm with no value", "---\ntitle: T\nalgorithm:\ninterface: centralsteps\n---\n",
			`ex/exercise.md:3:11: algorithm has no value: write algorithm: and the algorithm the schedules run (interface centralsteps runs central's steps: algorithm: central), one of central, `},
		{"no interface", "---\ntitle: T\nalgorithm: central\n---\n",
			`ex/exercise.md:2:1: interface is missing: write interface: and what students write (central's is centralsteps), one of `},
		{"no title, algorithm nor interface", "---\nmax-states: 10\n---\n",
			"ex/exercise.md:2:1: title is missing: write title: and the name students know the exercise by\nex/exercise.md:2:1: algorithm is missing"},
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
		`ex/hidden/w.walk:2:1: unknown setting "speed"`,
		"ex/hidden/v.walk:1:1: nodes is missing",
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

// A walk's mistakes are said at the line and column of the word that is
// wrong, a misspelt setting or property with the one it is likely meant
// to be, as the front matter's are.
func TestWalkErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"property", "nodes 3\nprops safety livness\n",
			`hidden/w.walk:2:14: "livness" is not a property: did you mean "liveness"? (a property is one of safety, liveness, order)`},
		{"setting", "nodes 5\nrequest 2\n",
			`hidden/w.walk:2:1: unknown setting "request": did you mean "requests"? (a walk sets nodes, requests, walks, depth, seed, crashes, props)`},
		{"setting far from any", "nodes 5\n  frobnicate 9 9\n",
			`hidden/w.walk:2:3: unknown setting "frobnicate" (a walk sets nodes, requests, walks, depth, seed, crashes, props)`},
		{"number", "nodes 5\nwalks\tlots\n",
			`hidden/w.walk:2:7: walks must be a number from 1 to 100000`},
		{"seed may be 0", "nodes 5\nseed -1\n",
			`hidden/w.walk:2:6: seed must be a number from 0 to 18446744073709551615`},
		{"too many numbers", "nodes 5 6\n",
			`hidden/w.walk:1:1: expected "nodes" followed by one number`},
		{"twice", "nodes 5\n# more\nnodes 6\n",
			`hidden/w.walk:3:1: nodes is given twice (first on line 1)`},
		{"no nodes", "requests 2\n",
			`hidden/w.walk:1:1: nodes is missing: a walk says how many nodes it runs (nodes 5)`},
		{"crashes", "nodes 3\nseed 1\ncrashes 3\n",
			`hidden/w.walk:3:1: crashes must be fewer than nodes (3)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseWalk("hidden/w.walk", c.text)
			assert.EqualError(t, err, c.want)
		})
	}
	w, err := parseWalk("hidden/w.walk", "nodes 5 # five\n\trequests 2\nseed 0\nprops safety\n")
	require.NoError(t, err)
	assert.Equal(t, Walk{Path: "hidden/w.walk", Nodes: 5, Requests: 2, Walks: 200, Depth: 200, Props: []string{"safety"}}, w)
}

// The mistakes an author makes in a front matter's YAML are said at
// their line and column, in the author's terms, with what to write
// instead; YAML's own message ("mapping values are not allowed in this
// context", "found character that cannot start any token"), often at
// another line and with no column, is not what they read.
func TestFrontSyntaxInAuthorsWords(t *testing.T) {
	for _, c := range []struct{ name, front, want string }{
		{"tab", "title: T\npoints:\n\tpublic: 1\n",
			`ex/exercise.md:4:1: a tab indents this line: a front matter is indented with spaces, never tabs (the keys of one mapping line up, nested keys two spaces further in)`},
		{"tab after spaces", "title: T\npoints:\n  public: 1\n  \thidden: 2\n",
			`ex/exercise.md:5:3: a tab indents this line`},
		{"colon in a value", "title: Central server: queue the requests\nalgorithm: central\n",
			`ex/exercise.md:2:22: the value of title has ": " in it, which YAML reads as the start of another key: quote the value: title: "Central server: queue the requests"`},
		{"colon and a double quote", "title: The \"server\": a queue\n",
			`ex/exercise.md:2:20: the value of title has ": " in it, which YAML reads as the start of another key: quote the value: title: 'The "server": a queue'`},
		{"colon in a list item's key", "explore:\n  - nodes: 2: 3\n",
			`ex/exercise.md:3:13: the value of nodes has ": " in it`},
		{"quote closed early", "title: 'Lamport's clocks'\n",
			`ex/exercise.md:2:17: the quote that opens the value of title closes before the value ends (s clocks' goes on after it): quote the whole value: title: "Lamport's clocks"`},
		{"quote never closed", "title: \"Lamport\nalgorithm: lamport\n",
			`ex/exercise.md:2:8: the value of title opens a quote (") that its line does not close: end it with "`},
		{"backquote", "title: `enter()` twice\n",
			"ex/exercise.md:2:8: the value of title starts with `, which YAML reads as syntax, not text: quote the value: title: \"`enter()` twice\""},
		{"bracket then text", "title: [draft] Central\n",
			`ex/exercise.md:2:8: the value of title starts with [, which YAML reads as a list, and goes on after its ]: quote the value: title: "[draft] Central"`},
		{"no colon", "title: T\nmax-states 200000\nalgorithm: central\n",
			`ex/exercise.md:3:11: "max-states 200000" has no ':' after its key: write max-states: 200000`},
		{"list never closed", "title: T\npartial-credit: [safety, liveness\nalgorithm: central\n",
			`ex/exercise.md:3:17: this list opens with [ and is never closed: end it with ]`},
		{"comma left out", "explore:\n  - {nodes: 2 requests: 1, props: [safety]}\n",
			`ex/exercise.md:3:15: requests: no ',' before it: the entries of a mapping in braces are separated by commas ({nodes: 2, requests: 1})`},
		{"list on its key's line", "explore: - {nodes: 2}\n",
			`ex/exercise.md:2:10: a list on the line of its key explore: put each - item on a line of its own below explore:, two spaces further in, or write explore: [a, b]`},
		{"key out of line", "title: T\npoints:\n  public: 1\n hidden: 2\n",
			`ex/exercise.md:5:2: hidden is 1 space in, and no keys above it are (they are at the margin or 2 spaces in): line it up with those it belongs with`},
		{"key further in", "title: T\n  algorithm: central\n",
			`ex/exercise.md:3:3: algorithm is 2 spaces in, further in than the line above, whose key has its value already`},
		{"item's key at the dash", "explore:\n  - nodes: 2\n    requests: 1\n  props: [safety]\n",
			`ex/exercise.md:5:3: props is 2 spaces in, as the - items above it are: a key of an item lines up with the key after its - (4 spaces in)`},
		{"unknown escape", "title: \"C:\\server\"\n",
			`ex/exercise.md:2:11: the value of title has \s in double quotes, which YAML reads as an escape it does not know: write \\ for a backslash, or quote the value with single quotes: title: 'C:\server'`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(mk(t, map[string]string{"exercise.md": "---\n" + c.front + "---\n# T\n"}), "")
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "%s\nwant prefix %s", err, c.want)
			assert.NotContains(t, err.Error(), "not valid YAML", "the hint, not YAML's message")
		})
	}
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

// yamlHint reads any text without panicking (it only runs on text YAML
// refused, so anything goes).
func FuzzYAMLHint(f *testing.F) {
	for _, s := range []string{"a: b: c", "- - [x", "\t- a", "'", "\"\\", "a: {b: 1 c: 2", "x:\n  - y: |\n z", "a: [b] c", "- \n-", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		line, col, msg, ok := yamlHint(s)
		if ok {
			assert.Positive(t, line)
			assert.Positive(t, col)
			assert.NotEmpty(t, msg)
		}
	})
}

// A public or hidden schedule written for another algorithm than the
// exercise's is one error, at its algorithm line, naming the exercise's
// (checked against the algorithm it names, each of its lines would say
// that a variable or a message is not that algorithm's); its syntax
// errors are said beside it.
func TestScheduleOfAnotherAlgorithm(t *testing.T) {
	const front = "---\ntitle: T\nalgorithm: central\ninterface: centralsteps\n---\n"
	const body = "nodes N1 N2\nrequest N2\ndeliver N2->N1 request\nexpect N1 holder = N2\nexpect message N1->N2 grant\n"
	for _, c := range []struct{ name, scn, want string }{
		{"another algorithm", "# a run\nalgorithm ra-benari\n" + body,
			"ex/public/s.scn:2:11: the schedule is written for ra-benari, and this exercise is about central: write algorithm central (and central's steps, variables and messages)"},
		{"no algorithm", "algorithm centrl\n" + body,
			`ex/public/s.scn:1:11: "centrl" is not an algorithm, and this exercise is about central: write algorithm central`},
		{"and a syntax error", "algorithm token-ring\n" + body + "frobnicate N1\n",
			"ex/public/s.scn:1:11: the schedule is written for token-ring, and this exercise is about central: write algorithm central (and central's steps, variables and messages)\nex/public/s.scn:7:1: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(mk(t, map[string]string{"exercise.md": front, "public/s.scn": c.scn}), "")
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "%s\nwant prefix %s", err, c.want)
			assert.NotContains(t, err.Error(), "has no variable")
			assert.NotContains(t, err.Error(), "has no message")
		})
	}
	_, err := Load(mk(t, map[string]string{"exercise.md": front, "public/s.scn": "algorithm central\n" + body}), "")
	assert.NoError(t, err, "the exercise's own algorithm")
}

// Two tests of one name are refused where the second is written: the
// feedback, the overrides and validate's tables tell tests apart by name
// alone, so one would read as the other and a repeated search would
// count twice. Tests whose names differ load.
func TestTestNamesAreUnique(t *testing.T) {
	const head = "---\ntitle: T\nalgorithm: ra-benari\ninterface: rasteps\n"
	const walk = "nodes 3\nseed 1\n"
	const scn = "algorithm ra-benari\nnodes N1 N2\nrequest N1\nexpect N1 phase = in-cs\n"
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string // "" loads
	}{
		{"walk named as a schedule", map[string]string{"exercise.md": head + "---\n", "hidden/ties.scn": scn, "hidden/ties.walk": walk},
			"ex/hidden/ties.walk:1:1: the walk and the schedule hidden/ties.scn are both the test hidden/ties (a test is named by its file, without .scn or .walk): rename one"},
		{"exploration twice", map[string]string{"exercise.md": head + "explore:\n  - {nodes: 2, requests: 1, props: [safety]}\n  - {nodes: 2, requests: 1, props: [safety]}\n---\n"},
			`ex/exercise.md:7:5: explore[1] makes the test "explore N=2 R=1: safety" that explore[0] makes already: it would be listed twice and count twice; give each system and property once`},
		{"a property twice with partial credit", map[string]string{"exercise.md": head + "partial-credit: [safety, liveness]\nexplore:\n  - {nodes: 2, requests: 1, props: [safety, liveness]}\n  - {nodes: 2, requests: 1, props: [liveness]}\n---\n"},
			`ex/exercise.md:8:5: explore[1] makes the test "explore N=2 R=1: liveness" that explore[0] makes already`},
		{"conformance twice", map[string]string{"exercise.md": head + "conform:\n  - {nodes: 2, requests: 2}\n  - {nodes: 2, requests: 2}\n---\n"},
			`ex/exercise.md:7:5: conform[1] is conform[0] again (N=2 R=2): its test would have the same name and count twice; remove one`},
		{"same system, other properties", map[string]string{"exercise.md": head + "explore:\n  - {nodes: 2, requests: 1, props: [safety]}\n  - {nodes: 2, requests: 1, props: [liveness]}\n  - {nodes: 2, requests: 1, crashes: 1, props: [safety]}\n---\n"}, ""},
		{"schedule and walk named apart", map[string]string{"exercise.md": head + "---\n", "hidden/ties.scn": scn, "hidden/walk.walk": walk}, ""},
		{"a public and a hidden schedule of one name", map[string]string{"exercise.md": head + "---\n", "public/ties.scn": scn, "hidden/ties.scn": scn}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(mk(t, c.files), "")
			if c.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "%s\nwant prefix %s", err, c.want)
		})
	}
}
