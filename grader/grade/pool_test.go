package grade_test

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/exercise"
	"dmelab/grader/grade"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// worker is what the test binary does as a Pool's worker (DMELAB_TEST_CHILD
// starting with "worker"): the real loop, or one that misbehaves on cue.
// Its answers name the process (the result's Title) and the gradings it
// has done (the result's Score).
func worker(what string) {
	if what == "worker" { // the real thing, as dmelab grade-worker runs it
		fs := flag.NewFlagSet("grade-worker", flag.ExitOnError)
		dir := fs.String("exercises", "", "")
		hidden := fs.String("hidden", "", "")
		rootDir := fs.String("root", "", "")
		cache := fs.String("cache", "", "")
		maxMem := fs.Int64("max-memory", 0, "")
		fs.Parse(os.Args[2:])
		// As dmelab's newGrader makes it.
		g := &grade.Grader{Builder: &sandbox.Builder{Root: *rootDir, Cache: *cache}, MaxMemory: *maxMem}
		if *cache != "" {
			g.Sandbox = sandbox.Options{Engine: sandbox.Auto, CacheDir: filepath.Join(*cache, "wazero")}
		}
		if err := grade.Work(context.Background(), os.Stdin, os.Stdout, g, *dir, *hidden); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := json.NewEncoder(os.Stdout)
	for n := 1; in.Scan(); n++ {
		switch {
		case what == "worker-grow" || what == "worker-grow-second" && n == 2:
			grow()
		case what == "worker-sleepy":
			if f := os.Getenv("DMELAB_TEST_PIDFILE"); f != "" {
				os.WriteFile(f, []byte(strconv.Itoa(os.Getpid())), 0o600)
			}
			time.Sleep(time.Minute)
		case what == "worker-exit-second" && n == 2:
			os.Exit(3)
		case what == "worker-garbage" || what == "worker-garbage-second" && n == 2:
			os.Stdout.WriteString("not an answer\n") // and lives on
			time.Sleep(time.Hour)
		}
		res := report.Result{Exercise: "token-ring", Status: report.Graded, Score: float64(n), MaxScore: 24, Title: strconv.Itoa(os.Getpid())}
		if what == "worker-memory-second" && n == 2 {
			res.Tests = []report.Test{{Name: "explore", Message: "This test was stopped: the grading's work on it needed more than 1 MiB of memory (the limit)."}}
		}
		out.Encode(map[string]any{"result": res})
		out.Encode(map[string]any{"ready": true})
	}
	os.Exit(0)
}

// grow is a grading whose memory grows without end.
func grow() {
	var keep [][]byte
	for {
		b := make([]byte, 16<<20)
		for i := range b {
			b[i] = 1
		}
		keep = append(keep, b)
		time.Sleep(5 * time.Millisecond)
	}
}

func pool(t *testing.T, what string) *grade.Pool {
	t.Helper()
	t.Setenv("DMELAB_TEST_CHILD", what)
	exe, err := os.Executable()
	require.NoError(t, err)
	p := &grade.Pool{Exe: exe, Dir: filepath.Join(root, "exercises"), MaxMemory: 256 << 20, Timeout: 20 * time.Second}
	t.Cleanup(p.Close)
	return p
}

// gradeOn grades a stand-in submission on p and says which process
// answered and how many gradings it had done.
func gradeOn(t *testing.T, p *grade.Pool) (pid int, n float64) {
	t.Helper()
	res, err := p.Grade(context.Background(), "token-ring", "ring.go", []byte("package ring"))
	require.NoError(t, err)
	require.Equal(t, report.Graded, res.Status, res.Problems)
	pid, err = strconv.Atoi(res.Title)
	require.NoError(t, err)
	return pid, res.Score
}

// The pool's whole point: the next grading goes to the process that did
// the last, and a worker does at most Reuse gradings.
func TestPoolKeepsItsWorkers(t *testing.T) {
	p := pool(t, "worker-fine")
	p.Reuse = 3
	var pids []int
	for range 4 {
		pid, _ := gradeOn(t, p)
		pids = append(pids, pid)
		require.Eventually(t, func() bool { return p.Workers() == 1 || len(pids) == 3 }, 5*time.Second, 5*time.Millisecond, "the worker is idle again")
	}
	assert.Equal(t, pids[0], pids[1])
	assert.Equal(t, pids[0], pids[2])
	assert.NotEqual(t, pids[0], pids[3], "a fresh worker after Reuse gradings")
	assert.Eventually(t, func() bool { return gone(pids[0]) }, 5*time.Second, 10*time.Millisecond, "the worker that did its share is let go")

	// Reuse 1 (serve --fresh-processes): a process for every grading.
	p = pool(t, "worker-fine")
	p.Reuse = 1
	first, _ := gradeOn(t, p)
	second, n := gradeOn(t, p)
	assert.NotEqual(t, first, second)
	assert.Equal(t, 1.0, n, "its first grading")
}

// A worker idle for IdleFor is let go, with its memory; Close lets the
// idle ones go.
func TestPoolLetsIdleWorkersGo(t *testing.T) {
	p := pool(t, "worker-fine")
	p.IdleFor = 200 * time.Millisecond
	pid, _ := gradeOn(t, p)
	assert.Eventually(t, func() bool { return gone(pid) }, 5*time.Second, 10*time.Millisecond)
	assert.Equal(t, 0, p.Workers())

	p = pool(t, "worker-fine")
	pid, _ = gradeOn(t, p)
	require.Eventually(t, func() bool { return p.Workers() == 1 }, 5*time.Second, 5*time.Millisecond)
	p.Close()
	assert.Eventually(t, func() bool { return gone(pid) }, 5*time.Second, 10*time.Millisecond)
}

// A grading that ends in a way a fresh process might not have, on a
// worker that graded before (killed for memory, dead, a test stopped at
// the memory bound), is graded again in a fresh worker, whose result
// stands: no student is marked down for a used process.
func TestPoolGradesAgainInAFreshWorker(t *testing.T) {
	for _, what := range []string{"worker-grow-second", "worker-exit-second", "worker-memory-second", "worker-garbage-second"} {
		t.Run(what, func(t *testing.T) {
			p := pool(t, what)
			first, _ := gradeOn(t, p)
			require.Eventually(t, func() bool { return p.Workers() == 1 }, 5*time.Second, 5*time.Millisecond)
			second, n := gradeOn(t, p)
			assert.NotEqual(t, first, second, "graded again elsewhere")
			assert.Equal(t, 1.0, n, "by a fresh worker")
			assert.Eventually(t, func() bool { return gone(first) }, 5*time.Second, 10*time.Millisecond)
		})
	}
}

// A fresh worker that grows past its bound is killed, whole, and the
// student is told so, with every test listed: a result, not a failure of
// the server (which would grade it again and blame itself).
func TestPoolMemoryBound(t *testing.T) {
	res, err := pool(t, "worker-grow").Grade(context.Background(), "token-ring", "ring.go", []byte("package ring"))
	stoppedAt256MiB(t, res, err)
}

// A grading past its time is stopped and its worker killed; a grading
// the server stops waiting for (its context) kills its worker too.
func TestPoolTimeAndCancel(t *testing.T) {
	p := pool(t, "worker-sleepy")
	p.Timeout = 300 * time.Millisecond
	res, err := p.Grade(context.Background(), "token-ring", "ring.go", []byte("package ring"))
	require.NoError(t, err)
	assert.Equal(t, report.Crashed, res.Status)
	require.NotEmpty(t, res.Problems)
	assert.Contains(t, res.Problems[0].Msg, "took longer than 300ms")
	assert.Equal(t, 0, p.Workers())

	p.Timeout = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	_, err = p.Grade(ctx, "token-ring", "ring.go", []byte("package ring"))
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 0, p.Workers())

	_, err = p.Grade(context.Background(), "../exercises", "ring.go", nil)
	assert.ErrorContains(t, err, "no exercise")
}

// A fresh worker that writes what is not an answer is the server's
// error, at once: it is killed, not waited for.
func TestPoolWorkerThatDoesNotAnswer(t *testing.T) {
	p := pool(t, "worker-garbage")
	_, err := p.Grade(context.Background(), "token-ring", "ring.go", []byte("package ring"))
	assert.ErrorContains(t, err, "dmelab grade-worker")
	assert.Equal(t, 0, p.Workers())
}

// The real worker grades as a grading process of its own would, one
// submission after another: the reference solution, a mutant, the
// reference again, in one process.
func TestPoolGradesLikeAProcessOfItsOwn(t *testing.T) {
	p, ex, solution := realPool(t)
	i := slices.IndexFunc(ex.Mutants, func(m exercise.Mutant) bool { return m.Name == "keeps_token_on_leave" })
	require.GreaterOrEqual(t, i, 0)
	var scores []float64
	var full float64
	for i, src := range [][]byte{solution, ex.Mutants[i].Src, solution} {
		got, err := p.Grade(context.Background(), "token-ring", "../ring.go", src)
		require.NoError(t, err)
		want, err := grader.Grade(context.Background(), ex, "ring.go", src)
		require.NoError(t, err)
		assert.Equal(t, want.Score, got.Score, "grading %d", i)
		assert.Equal(t, want.Status, got.Status, "grading %d", i)
		assert.Equal(t, "ring.go", got.File)
		require.Len(t, got.Tests, len(want.Tests))
		for j := range want.Tests {
			assert.Equal(t, want.Tests[j].Name, got.Tests[j].Name)
			assert.Equal(t, want.Tests[j].Points, got.Tests[j].Points, want.Tests[j].Name)
			assert.Equal(t, want.Tests[j].Message, got.Tests[j].Message, want.Tests[j].Name)
		}
		scores, full = append(scores, got.Score), got.MaxScore
		require.Eventually(t, func() bool { return p.Workers() == 1 }, time.Minute, 10*time.Millisecond, "one worker, idle again")
	}
	assert.Equal(t, []float64{full, scores[1], full}, scores, "the solution gets full marks")
	assert.Less(t, scores[1], scores[0], "the mutant loses points")
}

// realPool is a pool of real workers, as dmelab serve keeps, with the
// token-ring exercise and its reference solution.
func realPool(t *testing.T) (*grade.Pool, *exercise.Exercise, []byte) {
	p := pool(t, "worker")
	p.Root, p.Cache = root, sandbox.DefaultCache()
	p.MaxMemory = grade.DefaultProcessMemory
	ex := load(t, "token-ring")
	solution, err := os.ReadFile(ex.Solution())
	require.NoError(t, err)
	return p, ex, solution
}

// gone reports whether process pid has ended (or is a zombie).
func gone(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return err != nil || strings.Contains(string(stat), ") Z ")
}

// A grading on the student's own schedules reaches the real worker with
// them, runs them alone, and leaves the next grading of the same worker
// its exercise's own tests; in a process of its own (Exercises, serve
// --in-process) too.
func TestPoolGradesOwnSchedules(t *testing.T) {
	p, ex, solution := realPool(t)
	own := []exercise.Schedule{{Name: "mine", Path: "mine.scn", Text: []byte("algorithm token-ring\nnodes N1 N2\nrequest N2\nexpect N2 phase = in-cs\n")}}
	x := &grade.Exercises{Grader: grader, Dir: filepath.Join(root, "exercises")}
	for _, g := range []interface {
		GradeOwn(context.Context, string, string, []byte, []exercise.Schedule) (*report.Result, error)
	}{p, x} {
		res, err := g.GradeOwn(context.Background(), "token-ring", "ring.go", solution, own)
		require.NoError(t, err)
		require.Len(t, res.Tests, 1)
		assert.Equal(t, "yours/mine", res.Tests[0].Name)
		assert.False(t, res.Tests[0].Passed, "N2 does not hold the token at once")
		assert.Contains(t, res.Tests[0].Message, `"expect N2 phase = in-cs" (mine.scn:4) does not hold`)

		res, err = g.GradeOwn(context.Background(), "token-ring", "ring.go", solution, nil)
		require.NoError(t, err)
		assert.Equal(t, len(ex.Tests()), len(res.Tests), "the exercise's own tests, after")
		assert.Equal(t, res.MaxScore, res.Score)
	}

	_, err := p.GradeOwn(context.Background(), "token-ring", "ring.go", solution, []exercise.Schedule{{Name: "bad", Path: "bad.scn", Text: []byte("algorithm lamport\nnodes N1 N2\n")}})
	assert.ErrorContains(t, err, "bad.scn:1:11: the schedule is written for lamport")
}
