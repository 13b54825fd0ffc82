// Command hostile grades a corpus of hostile and odd-but-honest
// submissions with `dmelab grade`, each in a session of its own, and
// checks what the grader promises for each: the exit code, the score, a
// phrase of the feedback, the peak resident memory of the grading's whole
// process tree (the grader, go build, the compiler), its wall time, and
// that no process of it outlives the grading. It prints a table and
// exits 1 if any promise is broken (make hostile).
//
// Each corpus file says what it expects in comment lines at its top:
//
//	// exercise: ra-steps
//	// exit: 4
//	// score: 0            (or 0-20, or full)
//	// says: the build needed more than 1 GiB of memory
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

var (
	dmelab    = flag.String("dmelab", "bin/dmelab", "the dmelab program")
	exercises = flag.String("exercises", "exercises", "the exercises")
	corpus    = flag.String("corpus", "cmd/hostile/testdata/corpus", "the submissions")
	maxPeak   = flag.Int64("max-peak", 3<<29, "the peak resident memory allowed to a grading's tree (bytes)")
	maxWall   = flag.Duration("max-wall", 60*time.Second, "the wall time allowed to a grading")
	only      = flag.String("run", "", "grade only the files whose name contains this")
	pool      = flag.Bool("pool", true, "then grade them again through one grading worker, as dmelab serve does, each followed by an honest file")
)

// want is what a corpus file expects.
type want struct {
	what, exercise, says string
	exit                 int
	lo, hi               float64 // score range; hi < 0: full marks
}

func main() {
	flag.Parse()
	files, err := filepath.Glob(filepath.Join(*corpus, "*.go"))
	if err != nil || len(files) == 0 {
		fmt.Fprintf(os.Stderr, "hostile: no corpus in %s\n", *corpus)
		os.Exit(2)
	}
	var cases []hostileCase
	for _, f := range files {
		if *only != "" && !strings.Contains(filepath.Base(f), *only) {
			continue
		}
		w, err := readWant(f)
		if err != nil {
			fmt.Fprintf(os.Stderr, "hostile: %s: %v\n", f, err)
			os.Exit(2)
		}
		cases = append(cases, hostileCase{f, w})
	}
	// The second table's gradings run beside the first's, on another
	// core: each grading of the first is measured alone all the same
	// (its own session's memory; its time limits are CPU time).
	var second bytes.Buffer
	secondBad := make(chan int, 1)
	if *pool {
		go func() { secondBad <- throughPool(cases, &second) }()
	}
	fmt.Println("| submission | what it does | exit | score | says | peak memory | time | outlived | verdict |")
	fmt.Println("|---|---|---|---|---|---:|---:|---|---|")
	bad := 0
	for _, c := range cases {
		f, w := c.file, c.want
		r := gradeAlone(f, w)
		fails := broken(w, r)
		if r.peak > *maxPeak {
			fails = append(fails, fmt.Sprintf("peak %d MiB over %d MiB", r.peak>>20, *maxPeak>>20))
		}
		if r.wall > *maxWall {
			fails = append(fails, fmt.Sprintf("took %s, over %s", r.wall.Round(time.Second), *maxWall))
		}
		if r.outlived > 0 {
			fails = append(fails, fmt.Sprintf("%d processes outlived the grading", r.outlived))
		}
		verdict := verdictCell(fails)
		if len(fails) > 0 {
			bad++
		}
		fmt.Printf("| %s | %s | %d | %s | %s | %d MiB | %.1f s | %d | %s |\n", filepath.Base(f), w.what, r.exit,
			fmt.Sprintf("%g/%g", r.score, r.max), cell(w.says), r.peak>>20, r.wall.Seconds(), r.outlived, verdict)
	}
	if *pool {
		bad += <-secondBad
		os.Stdout.Write(second.Bytes())
	}
	if bad > 0 {
		fmt.Printf("\n%d submissions broke a promise\n", bad)
		os.Exit(1)
	}
}

// hostileCase is a corpus file and what it expects.
type hostileCase struct {
	file string
	want want
}

// verdictCell is a table's verdict for the promises broken.
func verdictCell(fails []string) string {
	if len(fails) == 0 {
		return "ok"
	}
	return "**FAIL**: " + strings.Join(fails, "; ")
}

// broken lists the promises of w that r broke: its exit code, score and
// feedback.
func broken(w want, r got) []string {
	var fails []string
	if r.exit != w.exit {
		fails = append(fails, fmt.Sprintf("exit %d, want %d", r.exit, w.exit))
	}
	full := r.max > 0 && r.score == r.max
	switch {
	case r.exit == 1 || r.exit == -1:
	case w.hi < 0 && !full:
		fails = append(fails, fmt.Sprintf("score %g/%g, want full marks", r.score, r.max))
	case w.hi >= 0 && (r.score < w.lo || r.score > w.hi):
		fails = append(fails, fmt.Sprintf("score %g, want %g–%g", r.score, w.lo, w.hi))
	}
	if w.says != "" && !strings.Contains(r.text, w.says) {
		fails = append(fails, fmt.Sprintf("feedback lacks %q", w.says))
	}
	return fails
}

func cell(s string) string {
	if s == "" {
		return ""
	}
	return "“" + strings.ReplaceAll(s, "|", `\|`) + "”"
}

// readWant reads the expectations from the comment lines at f's top.
func readWant(f string) (want, error) {
	data, err := os.ReadFile(f)
	if err != nil {
		return want{}, err
	}
	w := want{exit: -2, hi: -2}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "// ")
		if !ok {
			break
		}
		k, v, ok := strings.Cut(line, ": ")
		if known := map[string]bool{"exercise": true, "says": true, "exit": true, "score": true}; !ok || !known[k] {
			if w.exercise == "" { // the description comes first
				w.what = strings.TrimSpace(w.what + " " + line)
			}
			continue
		}
		switch k {
		case "exercise":
			w.exercise = v
		case "says":
			w.says = v
		case "exit":
			w.exit, err = strconv.Atoi(v)
		case "score":
			switch lo, hi, rng := strings.Cut(v, "-"); {
			case v == "full":
				w.hi = -1
			case rng:
				w.lo, err = strconv.ParseFloat(lo, 64)
				if err == nil {
					w.hi, err = strconv.ParseFloat(hi, 64)
				}
			default:
				w.lo, err = strconv.ParseFloat(v, 64)
				w.hi = w.lo
			}
		}
		if err != nil {
			return w, fmt.Errorf("%s: %v", k, err)
		}
	}
	switch {
	case w.exercise == "":
		return w, fmt.Errorf("no exercise: line")
	case w.exit == -2:
		return w, fmt.Errorf("no exit: line")
	case w.hi == -2:
		return w, fmt.Errorf("no score: line")
	}
	return w, nil
}

// got is what a grading did.
type got struct {
	exit       int
	score, max float64
	text       string // every message of the result, for says
	peak       int64
	wall       time.Duration
	outlived   int
}

// gradeAlone runs dmelab grade on f in a new session, watching the session's
// resident memory, and afterwards looks for any process of it still alive.
func gradeAlone(f string, w want) got {
	cmd := exec.Command(*dmelab, "grade", "--quiet", "--format", "json", "--exercise", filepath.Join(*exercises, w.exercise), f)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	var r got
	if err := cmd.Start(); err != nil {
		r.exit = -1
		r.text = err.Error()
		return r
	}
	sid := cmd.Process.Pid
	done := make(chan struct{})
	peak := make(chan int64)
	go func() {
		var p int64
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			_, rss := sandbox.Session(sid)
			p = max(p, rss)
			select {
			case <-done:
				peak <- p
				return
			case <-t.C:
			}
		}
	}()
	timer := time.AfterFunc(2**maxWall, func() { syscall.Kill(-sid, syscall.SIGKILL) })
	err := cmd.Wait()
	timer.Stop()
	r.wall = time.Since(start)
	close(done)
	r.peak = <-peak
	// Give a process that is on its way out a moment, then count.
	for range 20 {
		if pids, _ := sandbox.Session(sid); len(pids) == 0 {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	pids, _ := sandbox.Session(sid)
	r.outlived = len(pids)
	syscall.Kill(-sid, syscall.SIGKILL)
	r.exit = cmd.ProcessState.ExitCode()
	if err != nil && r.exit == 0 {
		r.exit = -1
	}
	var res report.Result
	if json.Unmarshal(out.Bytes(), &res) == nil {
		r.score, r.max, r.text = res.Score, res.MaxScore, resultText(&res)
	} else {
		r.text = errb.String()
	}
	return r
}

// resultText is every message of res, for says.
func resultText(res *report.Result) string {
	var b strings.Builder
	for _, p := range res.Problems {
		b.WriteString(p.Msg + "\n")
	}
	for _, t := range res.Tests {
		b.WriteString(t.Message + "\n")
	}
	return b.String()
}
