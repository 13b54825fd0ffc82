package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Auto chooses how a module starts before its first call, when how many
// distinct calls the grading will make is not known yet. An exercise's
// gradings make about the same number, though: its tests fix them
// (the reference solutions: lamport 15,097, ra-lamport 10,985, the
// other exercises 96 to 5,365). So a sandbox remembers, for its
// Options.Workload (the grader names the exercise), how many calls
// reached the code, in CacheDir/runs; and Auto compiles at once a module
// whose workload's recent gradings ran compileAtStartRuns or more.
//
// Compiling first costs about 0.8 core-seconds more than readying the
// interpreter, and then saves about 90 µs of a core a distinct call
// (a new file of each exercise graded with either engine on the
// project's 2-core VM: lamport 3.1 core-seconds interpreted, 2.6
// compiled, and 2.5 s against 1.8 s to its feedback; ra-lamport 2.5
// and 2.4, 2.1 s and 1.6 s; maekawa, with 4,146, 2.1 and 2.3). From
// about 9,000 calls compiling first is cheaper in both. (In a process of
// its own it is sooner from about 5,000, as the compiler takes both
// cores; served, in a warm worker whose interpreter is quicker, it was
// not: suzuki-kasami's 5,365 were graded in 1.3-1.4 s interpreted, 1.56
// s compiled first.) The background compilation at compileAfterRuns
// does not help the long ones: it is ready too late for most of the
// grading, and costs its core-seconds besides (see backgroundAt).
const compileAtStartRuns = 8000

// backgroundAt is the run at which Auto starts its compiler beside the
// interpreter, for a workload whose gradings ran expected calls (0: not
// known): compileAfterRuns, or twice what the workload's gradings run.
//
// For a workload known to be shorter than compileAtStartRuns the
// background compilation does not help the grading: it is ready too
// late. It only left compiled code for the same file graded again, and
// cost the next grading its second core meanwhile: one client sending
// new files one after another (cmd/loadtest -distinct -clients 1,
// ra-steps and maekawa) waited 1.64-1.71 s at the median for each, 2.5-2.7
// core-seconds a grading, against 1.24-1.36 s and 1.7-1.9 without it. A
// grading that runs twice its workload's usual calls is unusual enough
// (a student's code whose states keep growing) to be compiled still.
func backgroundAt(expected int) int {
	return max(compileAfterRuns, 2*expected)
}

// keptRuns is how many gradings of a workload are remembered. Their
// median decides, so that one odd submission (a mutant that fails at
// once, or code whose states never repeat) changes nothing.
const keptRuns = 5

// runsPath is where the runs of workload are remembered.
func runsPath(dir, workload string) string {
	sum := sha256.Sum256([]byte(workload))
	return filepath.Join(dir, "runs", hex.EncodeToString(sum[:16]))
}

// expectedRuns is the median of the runs remembered for workload, or 0.
func expectedRuns(dir, workload string) int {
	runs := readRuns(dir, workload)
	if len(runs) == 0 {
		return 0
	}
	slices.Sort(runs)
	return runs[len(runs)/2]
}

// rememberRuns adds a grading's runs to workload's, keeping the last
// keptRuns. Two processes writing at once may lose one of the two: it
// is a hint, and the file is replaced whole, never left half written.
func rememberRuns(dir, workload string, n int) {
	p := runsPath(dir, workload)
	runs := append(readRuns(dir, workload), n)
	runs = runs[max(len(runs)-keptRuns, 0):]
	var b strings.Builder
	for _, r := range runs {
		b.WriteString(strconv.Itoa(r))
		b.WriteByte('\n')
	}
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
		return
	}
	_ = replaceFile(p, []byte(b.String()), 0o600)
}

// readRuns reads the runs remembered for workload: the numbers in the
// first KiB of its file (it holds keptRuns numbers of a few digits),
// what is not one skipped (the file is ours, but a cache directory is
// anyone's to spoil).
func readRuns(dir, workload string) []int {
	f, err := os.Open(runsPath(dir, workload))
	if err != nil {
		return nil
	}
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, 1<<10))
	return parseRuns(data)
}

func parseRuns(data []byte) []int {
	var runs []int
	for _, f := range strings.Fields(string(data)) {
		if n, err := strconv.Atoi(f); err == nil && n >= 0 {
			runs = append(runs, n)
		}
	}
	return runs[max(len(runs)-keptRuns, 0):]
}

// A module graded again. A file sent again and again (a student checking
// twice, a course's burst before a deadline) is built once, but Auto
// started it interpreted every time unless one grading had compiled it,
// and no grading compiles beside itself when every core is busy: under
// load the same few files were interpreted a hundred times. So Auto
// also counts, for each module, the distinct calls its interpreted
// gradings ran, in CacheDir/interpreted; once those have cost what
// compiling costs (compileAtStartRuns calls, each about 90 µs of a core
// more than compiled code), the next grading of the module compiles it
// first, and the ones after find it compiled (its mark). Renting until
// the rent has paid the price, and then buying, never costs more than
// twice the better of the two choices made knowing the future: a file
// graded once pays nothing more, a file graded forty times pays its
// first two or three gradings interpreted.

// maxInterpreted bounds how many modules' counts are kept: a count is a
// few bytes, but every new file of a course would add one for ever.
// Beyond it, the oldest quarter goes.
const maxInterpreted = 4096

func interpretedPath(dir, sum string) string {
	return filepath.Join(dir, "interpreted", sum)
}

// interpretedRuns is how many distinct calls the module's interpreted
// gradings ran, as counted by addInterpreted (0: none remembered).
func interpretedRuns(dir, sum string) int {
	f, err := os.Open(interpretedPath(dir, sum))
	if err != nil {
		return 0
	}
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, 32))
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || n < 0 {
		return 0 // spoiled: counted again from nothing
	}
	return n
}

// addInterpreted adds runs to the module's count. Like rememberRuns, two
// processes adding at once may lose one of the two: the count is a hint.
func addInterpreted(dir, sum string, runs int) {
	p := interpretedPath(dir, sum)
	old := interpretedRuns(dir, sum)
	if old == 0 {
		if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
			return
		}
		pruneInterpreted(filepath.Dir(p), maxInterpreted)
	}
	_ = replaceFile(p, []byte(strconv.Itoa(old+runs)+"\n"), 0o600)
}

// pruneInterpreted makes room in dir for a new count: once it holds
// limit counts or more, the oldest are removed down to three quarters of
// limit (a module not graded for longest is the least likely to come
// again). A new count reads the directory (a few milliseconds at its
// bound, against a grading's second); removing a quarter at once keeps
// the removals rare.
func pruneInterpreted(dir string, limit int) {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) < limit {
		return
	}
	type count struct {
		name string
		mod  time.Time
	}
	counts := make([]count, 0, len(entries))
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			counts = append(counts, count{e.Name(), info.ModTime()})
		}
	}
	slices.SortFunc(counts, func(a, b count) int { return a.mod.Compare(b.mod) })
	for _, c := range counts[:min(len(counts), max(len(counts)-limit*3/4, 1))] {
		_ = os.Remove(filepath.Join(dir, c.name))
	}
}
