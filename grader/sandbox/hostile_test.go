package sandbox_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

const p11 = "func (n Node) P11() {\n\tn.HighestNum = max(n.HighestNum, n.RequestedNum)\n}"

// hostile is the reference solution with P11's body replaced and extra
// declarations and imports added.
func hostile(t *testing.T, body, decls, imports string) []byte {
	src := string(exercise(t, "ra-steps", "solution.go"))
	require.Contains(t, src, p11)
	src = strings.Replace(src, p11, "func (n Node) P11() {\n"+body+"\n}\n"+decls, 1)
	src = strings.Replace(src, `import "dmelab/algorithms/rasteps"`, "import (\n\t\"dmelab/algorithms/rasteps\"\n"+imports+"\n)", 1)
	return []byte(src)
}

// Refused before compiling, with the line of the culprit.
func TestRefused(t *testing.T) {
	for _, c := range []struct {
		name, body, decls, imports string
		msg                        string
	}{
		{"os.Exit", "os.Exit(3)", "", `"os"`, `import "os" is not allowed`},
		{"reading a file", `b, _ := os.ReadFile("/etc/passwd"); n.HighestNum = len(b)`, "", `"os"`, `import "os" is not allowed`},
		{"a socket", `net.Dial("tcp", "127.0.0.1:80")`, "", `"net"`, `import "net" is not allowed`},
		{"fmt reads stdin", `fmt.Scan(&n.HighestNum)`, "", `"fmt"`, `import "fmt" is not allowed`},
		{"a debugging print", `fmt.Println(n.RequestedNum)`, "", `"fmt"`, "use the built-in println(...): the feedback shows what it prints in the public tests"},
		{"a log line", `log.Print(n.RequestedNum)`, "", `"log"`, "use the built-in println(...)"},
		{"dot import", `Exit(1)`, "", `. "os"`, `import "os" is not allowed`},
		{"blank import", ``, "", `_ "embed"`, `import "embed" is not allowed`},
		{"hidden import", ``, "", `x "dmelab/grader/guest"`, `import "dmelab/grader/guest" is not allowed`},
		{"cgo", ``, "", `"C"`, `import "C" is not allowed: cgo`},
		{"linkname", ``, "//go:linkname nanotime runtime.nanotime\nfunc nanotime() int64", `_ "unsafe"`, "the directive //go:linkname is not allowed"},
		{"wasmimport", ``, "//go:wasmimport wasi_snapshot_preview1 fd_write\nfunc w(int32) int32", ``, "the directive //go:wasmimport is not allowed"},
		{"line directive", ``, "//line elsewhere.go:3\nfunc f() {}", ``, "the directive //line is not allowed"},
		{"line directive in a block comment", ``, "/*line elsewhere.go:3*/ func f() {}", ``, "the directive /*line is not allowed"},
		{"goroutine bomb", "for { go func() { for {} }() }", "", ``, "go statements are not allowed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := hostile(t, c.body, c.decls, c.imports)
			r := sandbox.Precheck("ra.go", src, iface.Lookup("rasteps"))
			require.NotNil(t, r)
			assert.True(t, r.Refused)
			require.NotEmpty(t, r.Problems)
			k := 0
			for k < len(r.Problems)-1 && !strings.Contains(r.Problems[k].Msg, c.msg) {
				k++
			}
			p := r.Problems[k]
			assert.Contains(t, p.Msg, c.msg)
			lines := strings.Split(string(src), "\n")
			require.Greater(t, p.Line, 0)
			assert.Equal(t, lines[p.Line-1], p.Source, "the problem quotes its line")
		})
	}
}

// A comment that only begins with the word "line" is prose, not a line
// directive (the compiler takes //line and /*line as one only with a
// colon: file:line), and an honest file that has one is graded.
func TestLineProseIsNoDirective(t *testing.T) {
	for _, c := range []string{
		"//line up the replies before P12\nfunc f() {}",
		"/*line by line */ func f() {}",
	} {
		src := hostile(t, "n.HighestNum = max(n.HighestNum, n.RequestedNum)", c, "")
		assert.Nil(t, sandbox.Precheck("ra.go", src, iface.Lookup("rasteps")), "%q", c)
	}
}

func TestShapeAndSyntax(t *testing.T) {
	in := iface.Lookup("rasteps")
	src := strings.Replace(string(exercise(t, "ra-steps", "solution.go")), "type Node struct{ *rasteps.Vars }", "type Node struct {\n\t*rasteps.Vars\n\tcount int\n}", 1)
	r := sandbox.Precheck("ra.go", []byte(src), in)
	require.NotNil(t, r)
	assert.False(t, r.Refused)
	assert.Contains(t, r.Problems[0].Msg, "Node must be declared exactly as type Node struct{ *rasteps.Vars }")

	r = sandbox.Precheck("ra.go", []byte("package ra\n\nfunc (n Node) P2() {\n\tn.MyNum = \n}\n"), in)
	require.NotNil(t, r)
	assert.Equal(t, 5, r.Problems[0].Line)

	r = sandbox.Precheck("ra.go", []byte("package main\n"), in)
	require.NotNil(t, r)
	assert.Contains(t, r.Problems[0].Msg, "package main")
}

// A compile error is reported at its position in the student's file,
// never in generated code; a file that lacks a step says which.
func TestCompileErrors(t *testing.T) {
	src := hostile(t, "n.HighestNum = undefinedThing", "", "")
	_, r, err := start(t, "rasteps", src, sandboxLimits())
	require.NoError(t, err)
	require.NotNil(t, r)
	assert.False(t, r.Refused)
	line := strings.Index(string(src), "undefinedThing")
	want := strings.Count(string(src[:line]), "\n") + 1
	assert.Equal(t, want, r.Problems[0].Line)
	assert.Contains(t, r.Problems[0].Msg, "undefined: undefinedThing")
	assert.NotContains(t, r.Problems[0].Msg, "grader/internal")

	noP12 := strings.Replace(string(exercise(t, "ra-steps", "solution.go")), "func (n Node) P12()", "func (n Node) Q12()", 1)
	_, r, err = start(t, "rasteps", []byte(noP12), sandboxLimits())
	require.NoError(t, err)
	require.NotNil(t, r)
	assert.Contains(t, r.Problems[0].Msg, "Node has no method P12, which the exercise's interface (rasteps.Steps) needs")
	assert.Len(t, r.Problems, 1, "said once, not at each of the harness's uses of Node")
	assert.NotContains(t, r.Problems[0].Msg, "grader/internal")
}

// Every error of a build the file made fail is the file's, said in its
// own terms: an error that quotes a second position names the submitted
// file, not the server's build folder, and a failure the compiler's back
// end or the linker reports without a position ("symbol too large") is
// feedback, not a fault of the grader (it was retried and blamed on the
// server).
func TestBuildFailuresAreTheFiles(t *testing.T) {
	for _, c := range []struct{ name, decls, want string }{
		{"declared twice", "func foo() {}\nfunc foo() {}", "other declaration of foo"},
		{"instantiation cycle", "type T[P any] struct{ x *T[*P] }", "instantiation cycle"},
		{"symbol too large", "var big [1 << 40]byte", "the build of the file failed: big: symbol too large"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, r, err := start(t, "rasteps", hostile(t, "", c.decls, ""), sandboxLimits())
			require.NoError(t, err)
			require.NotNil(t, r)
			require.NotEmpty(t, r.Problems)
			msg := r.Problems[0].Msg
			assert.Contains(t, msg, c.want)
			assert.NotContains(t, msg, "/", "no folder of the server's: %s", msg)
			assert.NotContains(t, msg, "student.")
			if strings.Contains(msg, ".go:") {
				assert.Contains(t, msg, "submission.go:")
			}
		})
	}
}

func TestBuildTimeout(t *testing.T) {
	b := &sandbox.Builder{Root: builder.Root, Cache: t.TempDir(), Timeout: time.Millisecond}
	src := hostile(t, "n.HighestNum = 7 // a file never built before", "", "")
	_, r, err := b.Build(context.Background(), iface.Lookup("rasteps"), "ra.go", src)
	require.NoError(t, err)
	require.NotNil(t, r)
	assert.Contains(t, r.Problems[0].Msg, "the build did not finish within 1ms")
}

// faultOf explores N=2 with the submission and returns the first fault a
// node reports, with the sandbox.
func faultOf(t *testing.T, src []byte, lim sandbox.Limits) (string, *sandbox.Sandbox) {
	t.Helper()
	sb, r, err := start(t, "rasteps", src, lim)
	require.NoError(t, err)
	require.Nil(t, r)
	res, err := explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}, Props: []string{explore.Safety, explore.Liveness}})
	require.NoError(t, err)
	require.Equal(t, explore.Violated, res.Verdicts[explore.Liveness])
	tr := res.Counterexamples[explore.Liveness]
	for _, s := range tr.Steps {
		for _, n := range s.Nodes {
			if _, f, ok := strings.Cut(n, "fault="); ok {
				return f, sb
			}
		}
	}
	t.Fatal("no node failed")
	return "", nil
}

// Contained at run time: each case fails the step that misbehaved, with a
// clear message, and the grader goes on.
func TestContained(t *testing.T) {
	short := sandbox.Limits{Call: 300 * time.Millisecond, Total: 3 * time.Second, Memory: 64 << 20, Log: 1024}
	for _, c := range []struct {
		name, body, decls string
		fault             string
	}{
		{"infinite loop", "for {\n\t}", "", "P11 did not finish within 300ms"},
		{"allocation bomb", "var keep [][]byte\n\tfor {\n\t\tkeep = append(keep, make([]byte, 16<<20))\n\t}", "", "P11 ran out of memory (the limit is 64 MiB)"},
		{"one big allocation", "b := make([]byte, 1<<30)\n\tn.HighestNum = len(b)", "", "P11 ran out of memory (the limit is 64 MiB)"},
		// A panic names the line of the student's file it came from
		// (%d: the line of the body's first statement).
		{"huge allocation", "b := make([]byte, 1<<40)\n\tn.HighestNum = len(b)", "", "P11 panicked at line %d: runtime error: makeslice: len out of range"},
		{"deep recursion", "n.HighestNum = deep(1)", "func deep(k int) int { return deep(k+1) + 1 }", "P11 overflowed its stack"},
		{"panic", `panic("boom")`, "", "P11 panicked at line %d: boom"},
		{"nil map", "m := map[int]int(nil); m[1] = 2", "", "P11 panicked at line %d: assignment to entry in nil map"},
		{"channel deadlock", "ch := make(chan int)\n\t<-ch", "", "P11 blocked forever"},
	} {
		t.Run(c.name, func(t *testing.T) {
			lim := short
			if c.name != "infinite loop" {
				// Filling 64 MiB or a deep stack takes a while in the
				// interpreter: only the loop should meet the time limit.
				lim.Call, lim.Total = 5*time.Second, 20*time.Second
			}
			src := hostile(t, c.body, c.decls, "")
			f, _ := faultOf(t, src, lim)
			want := c.fault
			if strings.Contains(want, "%d") {
				at := strings.Index(string(src), c.body)
				require.Positive(t, at)
				want = fmt.Sprintf(want, strings.Count(string(src[:at]), "\n")+1)
			}
			assert.Contains(t, f, want)
		})
	}
}

func TestOutputIsCapped(t *testing.T) {
	lim := sandboxLimits()
	lim.Log = 1000
	sb, r, err := start(t, "rasteps", hostile(t, "for i := 0; i < 100; i++ {\n\t\tprintln(\"spam\", i)\n\t}\n\tn.HighestNum = max(n.HighestNum, n.RequestedNum)", "", ""), lim)
	require.NoError(t, err)
	require.Nil(t, r)
	_, err = explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}})
	require.NoError(t, err)
	log, cut := sb.Log()
	assert.True(t, cut)
	assert.LessOrEqual(t, len(log), 1000)
	assert.Contains(t, log, "spam 0")

	printed := sb.Printed()
	assert.Equal(t, int64(0), printed.Lines%100, "a call prints its hundred lines")
	sb.SetQuiet(true)
	before, _ := sb.Log()
	runs := sb.Runs
	_, err = explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 2}})
	require.NoError(t, err)
	assert.Greater(t, sb.Runs, runs, "new calls ran")
	after, _ := sb.Log()
	assert.Equal(t, before, after, "nothing is kept while quiet")
	// What the code prints is counted all the same, quiet or not, past
	// the cap: it says when printing is what took a test's time.
	assert.Equal(t, 1000, sb.LogCap())
	assert.Greater(t, sb.Printed().Since(printed).Lines, int64(100), "lines printed while quiet are counted")
	assert.Greater(t, printed.Bytes, int64(1000), "bytes past the cap are counted")
	assert.Equal(t, printed.Lines/100*(10*int64(len("spam 0\n"))+90*int64(len("spam 10\n"))), printed.Bytes)
}

func TestInit(t *testing.T) {
	short := sandbox.Limits{Call: 300 * time.Millisecond, Total: 3 * time.Second}
	_, r, err := start(t, "rasteps", hostile(t, p11body, "func init() {\n\tfor {\n\t}\n}", ""), short)
	require.Nil(t, r)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the file's initialisation did not finish within 300ms")

	_, r, err = start(t, "rasteps", hostile(t, p11body, "func init() {\n\tpanic(\"no\")\n}", ""), sandboxLimits())
	require.Nil(t, r)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the file's initialisation panicked: no")

	sb, r, err := start(t, "rasteps", hostile(t, p11body, "func init() {\n\tprintln(\"hello from init\")\n}", ""), sandboxLimits())
	require.NoError(t, err)
	require.Nil(t, r)
	log, _ := sb.Log()
	assert.Equal(t, "hello from init\n", log)
}

const p11body = "n.HighestNum = max(n.HighestNum, n.RequestedNum)"

// countingCalls is a file whose P11 adds its count of calls into every
// answer: each answer says how many calls its instance has seen.
func countingCalls(t *testing.T) []byte {
	return hostile(t, "calls++\n\t"+p11body+" + calls", "var calls int", "")
}

// A package variable cannot make a step answer differently: every request
// is answered once and memoised. This file counts its calls into every
// answer of P11; asked the search's requests again, the sandbox answers
// each as the first time, without running the code.
func TestHiddenStateIsMemoised(t *testing.T) {
	sb, r, err := start(t, "rasteps", countingCalls(t), sandboxLimits())
	require.NoError(t, err)
	require.Nil(t, r)
	var reqs, answers [][]byte
	_, err = explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", func(req []byte) ([]byte, error) {
		ans, err := sb.Call(req)
		reqs, answers = append(reqs, bytes.Clone(req)), append(answers, ans)
		return ans, err
	}), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}})
	require.NoError(t, err)
	runs := sb.Runs
	require.Positive(t, runs)
	for i, req := range reqs {
		ans, err := sb.Call(req)
		require.NoError(t, err)
		assert.Equal(t, answers[i], ans, "request %d", i)
	}
	assert.Equal(t, runs, sb.Runs, "no request ran twice")
}

// The cache of modules keeps the most recently used ones.
func TestCacheIsBounded(t *testing.T) {
	b := &sandbox.Builder{Root: builder.Root, Cache: t.TempDir(), MaxCached: 2}
	in := iface.Lookup("rasteps")
	var keys []string
	for i := 0; i < 3; i++ {
		built, r, err := b.Build(context.Background(), in, "ra.go", hostile(t, p11body+"\n\t_ = "+strings.Repeat("1+", i)+"1", "", ""))
		require.NoError(t, err)
		require.Nil(t, r)
		assert.False(t, built.Cached)
		keys = append(keys, built.Key)
		time.Sleep(10 * time.Millisecond)
	}
	left, err := filepath.Glob(filepath.Join(b.Cache, "*.wasm"))
	require.NoError(t, err)
	assert.Len(t, left, 2)
	assert.NotContains(t, left, filepath.Join(b.Cache, keys[0]+".wasm"))
	again, _, err := b.Build(context.Background(), in, "ra.go", hostile(t, p11body+"\n\t_ = 1+1", "", ""))
	require.NoError(t, err)
	assert.True(t, again.Cached)
}

// Only a printing package's refusal says how to print instead.
func TestPrintHintOnlyForPrinting(t *testing.T) {
	r := sandbox.Precheck("ra.go", hostile(t, "os.Exit(3)", "", `"os"`), iface.Lookup("rasteps"))
	require.NotNil(t, r)
	require.NotEmpty(t, r.Problems)
	for _, p := range r.Problems {
		assert.NotContains(t, p.Msg, "println")
	}
}

// Calls out of time are bounded by the time they lose, not by their
// number: after the first, each call has a tenth of the limit, and the
// sandbox refuses calls only once the calls out of time have used twice
// the limit. A refused call is counted and not remembered.
func TestTimeoutsAreBoundedByTheTimeTheyLose(t *testing.T) {
	lim := sandbox.Limits{Call: 300 * time.Millisecond, Total: 20 * time.Second, Memory: 64 << 20, Log: 1024}
	assert.Equal(t, 30*time.Millisecond, lim.AfterTimeout())
	assert.Equal(t, 600*time.Millisecond, lim.LostToTimeouts())
	// P11 loops for every requested number but 1: N=3 R=2 asks it often.
	sb, r, err := start(t, "rasteps", hostile(t, "for n.RequestedNum != 1 {\n\t}\n\t"+p11body, "", ""), lim)
	require.NoError(t, err)
	require.Nil(t, r)
	var faults []string
	alg := iface.Lookup("rasteps").Algorithm("ra-benari", func(req []byte) ([]byte, error) {
		runs := sb.Runs
		ans, err := sb.Call(req)
		if err != nil && sb.Runs > runs { // ran now, not remembered
			faults = append(faults, err.Error())
		}
		return ans, err
	})
	_, err = explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety}})
	require.NoError(t, err)
	require.NotEmpty(t, faults)
	assert.Contains(t, faults[0], "did not finish within 300ms (the limit for one call)")
	short := 0
	for _, f := range faults {
		if strings.Contains(f, "did not finish within 30ms (the limit for one call once a call has run out of time)") {
			short++
		}
	}
	// 300 ms, then 30 ms each until 600 ms are lost: about ten more.
	assert.GreaterOrEqual(t, short, 8, "calls after the first timeout still run, each with a tenth of the limit")
	assert.LessOrEqual(t, short, 10)
	assert.Contains(t, sb.Stopped(), "was not run: the code ran out of time")
	assert.Positive(t, sb.Refused())
	assert.Less(t, sb.Used(), 900*time.Millisecond, "what the timeouts cost is bounded")
	// Refusals are not remembered: asked again, a call is refused again.
	refused := sb.Refused()
	_, err = explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety}})
	require.NoError(t, err)
	assert.Greater(t, sb.Refused(), refused)
}

// A call that ran out of time is not run again in an isolated (hidden)
// test, where the memo starts empty otherwise: its timeout comes with
// it, from the shown tests and from the isolated tests before, so a loop
// costs its time once. Nothing an isolated test met goes back to the
// shown ones.
func TestIsolatedTestsKeepTimeouts(t *testing.T) {
	lim := sandbox.Limits{Call: 300 * time.Millisecond, Total: 20 * time.Second, Memory: 64 << 20, Log: 1024}
	sb, r, err := start(t, "rasteps", hostile(t, "for n.RequestedNum != 1 {\n\t}\n\t"+p11body, "", ""), lim)
	require.NoError(t, err)
	require.Nil(t, r)
	var loops, fine [][]byte
	alg := iface.Lookup("rasteps").Algorithm("ra-benari", func(req []byte) ([]byte, error) {
		if len(loops) == 2 {
			return nil, fmt.Errorf("not asked") // two timeouts are enough: keep the sandbox running
		}
		ans, err := sb.Call(req)
		switch {
		case err != nil:
			loops = append(loops, bytes.Clone(req))
		case err == nil && len(fine) < 1:
			fine = append(fine, bytes.Clone(req))
		}
		return ans, err
	})
	_, err = explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 2}, Props: []string{explore.Safety}, MaxStates: 3000})
	require.NoError(t, err)
	require.Len(t, loops, 2)
	require.NotEmpty(t, fine)
	shownLoop, hiddenLoop := loops[0], loops[1]
	_, shownErr := sb.Call(shownLoop)

	// An isolated test: the shown test's timeout is answered as it was,
	// without running; an answer that did not time out runs again.
	restore := sb.Isolate()
	runs := sb.Runs
	_, err = sb.Call(shownLoop)
	assert.Equal(t, shownErr, err)
	assert.Equal(t, runs, sb.Runs, "the loop is not run again")
	_, err = sb.Call(fine[0])
	require.NoError(t, err)
	assert.Equal(t, runs+1, sb.Runs, "an answer is not carried: the code runs afresh")
	restore()

	// hiddenLoop timed out in the shown tests too: take it out of what
	// they know by meeting it first in an isolated test of a fresh
	// sandbox, then check the other direction there.
	sb2, r, err := start(t, "rasteps", hostile(t, "for n.RequestedNum != 1 {\n\t}\n\t"+p11body, "", ""), lim)
	require.NoError(t, err)
	require.Nil(t, r)
	restore = sb2.Isolate()
	_, hiddenErr := sb2.Call(hiddenLoop)
	require.Error(t, hiddenErr)
	restore()
	restore = sb2.Isolate()
	runs = sb2.Runs
	_, err = sb2.Call(hiddenLoop)
	assert.Equal(t, hiddenErr, err, "the next isolated test knows the timeout")
	assert.Equal(t, runs, sb2.Runs)
	restore()
	runs = sb2.Runs
	_, err = sb2.Call(hiddenLoop)
	assert.Error(t, err)
	assert.Equal(t, runs+1, sb2.Runs, "a shown test runs it itself: nothing came back from the isolated ones")
}
