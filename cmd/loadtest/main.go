// Command loadtest drives a real `dmelab serve` on loopback with a burst
// of submissions, as a course does before a deadline, and reports time to
// feedback, throughput and how fast the playground stays meanwhile. With
// -kill K it SIGKILLs the server K times during the burst and restarts it
// on the same data directory, then checks that every accepted submission
// ended graded. With -backup it takes `dmelab backup` halfway through the
// burst and, at the end, starts a server on a copy of it to check that it
// holds every submission accepted before the backup began. Bounded in
// count (-n) and time (-timeout). make load runs it twice: plain, then
// with two kills and a backup.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"dmelab/grader/exercise"
)

func main() {
	bin := flag.String("bin", "bin/dmelab", "the dmelab binary")
	exercises := flag.String("exercises", "exercises", "the exercises")
	n := flag.Int("n", 200, "submissions")
	clients := flag.Int("clients", 50, "concurrent clients")
	kill := flag.Int("kill", 0, "SIGKILL the server this many times during the burst")
	timeout := flag.Duration("timeout", 10*time.Minute, "give up after this long")
	backup := flag.Bool("backup", false, "take a backup halfway through the burst and check that it restores")
	flag.BoolVar(&distinct, "distinct", false, "make every submission a file never seen (a comment naming it), as a deadline's burst brings: each is built and graded in the interpreter")
	flag.Func("serve-flag", "a flag for dmelab serve (repeat for more), e.g. -serve-flag=--fresh-processes", func(f string) error {
		serveFlags = append(serveFlags, f)
		return nil
	})
	flag.Parse()
	if err := run(*bin, *exercises, *n, *clients, *kill, *backup, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// files are what the clients submit: reference solutions and mutants,
// so feedback has counterexamples to render.
var files = []struct{ exercise, path string }{
	{"ra-steps", "ra-steps/solution.go"},
	{"ra-steps", "ra-steps/mutants/no_tie_break.patch"},
	{"ra-steps", "ra-steps/mutants/reversed.patch"},
	{"maekawa", "maekawa/solution.go"},
	{"maekawa", "maekawa/mutants/lifo_queue.patch"},
}

// serveFlags are passed on to every dmelab serve the test starts.
var serveFlags []string

// distinct makes every submission a new file (-distinct). The files
// name the run too (the time it started): the server keeps built modules
// in the user's cache directory by their bytes, and a second run with
// the same files would find them all built.
var distinct bool

type server struct {
	bin, data, exercises, addr string
	cmd                        *exec.Cmd
	stderr                     *tail
	exited                     chan struct{}
}

// tail keeps the end of what a server wrote on stderr.
type tail struct {
	mu sync.Mutex
	b  []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 4096 {
		t.b = t.b[len(t.b)-4096:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

func (s *server) start() error {
	args := []string{"serve", "--addr", s.addr, "--data", s.data, "--exercises", s.exercises, "--client-header", "X-Loadtest-Client"}
	s.cmd = exec.Command(s.bin, append(args, serveFlags...)...)
	s.stderr = &tail{}
	s.cmd.Stdout, s.cmd.Stderr = io.Discard, s.stderr
	if err := s.cmd.Start(); err != nil {
		return err
	}
	exited := make(chan struct{})
	s.exited = exited
	go func() { s.cmd.Wait(); close(exited) }()
	for i := 0; i < 300; i++ {
		select {
		case <-exited:
			return fmt.Errorf("the server exited: %s", s.stderr.String())
		default:
		}
		if r, err := http.Get("http://" + s.addr + "/api/health"); err == nil {
			r.Body.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.New("the server did not come up")
}

func (s *server) killHard() {
	s.cmd.Process.Kill()
	<-s.exited // start's goroutine waits for it
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func run(bin, exercises string, n, clients, kills int, backup bool, timeout time.Duration) error {
	runStart := time.Now().UnixNano()
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	data, err := os.MkdirTemp("", "dmelab-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	srcs := make([][]byte, len(files))
	for i, f := range files {
		if strings.HasSuffix(f.path, ".patch") {
			m, err := exercise.ReadMutant(filepath.Join(exercises, f.path))
			if err != nil {
				return err
			}
			srcs[i] = m.Src
		} else if srcs[i], err = os.ReadFile(filepath.Join(exercises, f.path)); err != nil {
			return err
		}
	}
	srv := &server{bin: bin, data: data, exercises: exercises, addr: addr}
	if err := srv.start(); err != nil {
		return err
	}
	defer srv.killHard()
	base := "http://" + addr
	deadline := time.Now().Add(timeout)
	client := &http.Client{Timeout: 40 * time.Second}

	var (
		mu       sync.Mutex
		feedback []time.Duration
		accepted []string
		refused  []string // what the server refused, and why
		next     atomic.Int64
		ok       atomic.Int64
		down     atomic.Bool // the server is being restarted
	)
	// The playground, probed while the burst runs.
	var pageTimes []time.Duration
	stopProbe := make(chan struct{})
	probeDone := make(chan struct{})
	go func() {
		defer close(probeDone)
		for {
			select {
			case <-stopProbe:
				return
			case <-time.After(100 * time.Millisecond):
			}
			if down.Load() {
				continue
			}
			t0 := time.Now()
			r, err := client.Get(base + "/")
			if err != nil {
				continue
			}
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode == http.StatusOK {
				mu.Lock()
				pageTimes = append(pageTimes, time.Since(t0))
				mu.Unlock()
			}
		}
	}()

	cpu0, cpuOK := treeCPU(srv.cmd.Process.Pid)
	start := time.Now()
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			for {
				k := int(next.Add(1)) - 1
				if k >= n || time.Now().After(deadline) {
					return
				}
				f := files[k%len(files)]
				src := string(srcs[k%len(files)])
				if distinct {
					src += fmt.Sprintf("\n// submission %d of the burst started at %d\n", k, runStart)
				}
				body, _ := json.Marshal(map[string]string{"exercise": f.exercise, "file": "solution.go", "source": src})
				t0 := time.Now()
				var id string
				for id == "" && time.Now().Before(deadline) {
					req, _ := http.NewRequest("POST", base+"/api/submissions", bytes.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("X-Loadtest-Client", fmt.Sprintf("client-%d", c))
					// A retry after a kill must not submit twice. (Keys are
					// at least 8 characters.)
					req.Header.Set("Idempotency-Key", fmt.Sprintf("load-%06d", k))
					r, err := client.Do(req)
					if err != nil {
						time.Sleep(200 * time.Millisecond) // the server is restarting
						continue
					}
					var v struct{ ID, Error string }
					json.NewDecoder(r.Body).Decode(&v)
					r.Body.Close()
					switch {
					case r.StatusCode == http.StatusAccepted:
						id = v.ID
					case r.StatusCode == http.StatusTooManyRequests || r.StatusCode >= 500:
						time.Sleep(500 * time.Millisecond) // 429/503: back off
					default:
						// Refused: resending the same request will not help.
						mu.Lock()
						refused = append(refused, fmt.Sprintf("%d %s", r.StatusCode, v.Error))
						mu.Unlock()
						return
					}
				}
				if id == "" {
					return
				}
				mu.Lock()
				accepted = append(accepted, id)
				mu.Unlock()
				for time.Now().Before(deadline) {
					r, err := client.Get(base + "/api/submissions/" + id + "?wait=20")
					if err != nil {
						time.Sleep(200 * time.Millisecond)
						continue
					}
					var v struct{ Status string }
					json.NewDecoder(r.Body).Decode(&v)
					r.Body.Close()
					if v.Status == "done" {
						ok.Add(1)
						mu.Lock()
						feedback = append(feedback, time.Since(t0))
						mu.Unlock()
						break
					}
					if v.Status == "failed" {
						break
					}
				}
			}
		}(c)
	}
	// A backup halfway through, while clients submit.
	var (
		backupFile   = filepath.Join(data, "backup.db")
		beforeBackup []string
		backupDone   = make(chan error, 1)
	)
	if backup {
		go func() {
			for int(next.Load()) < n/2 && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			mu.Lock()
			beforeBackup = append([]string(nil), accepted...)
			mu.Unlock()
			out, err := exec.Command(bin, "backup", "--data", data, backupFile).CombinedOutput()
			if err != nil {
				err = fmt.Errorf("dmelab backup: %v: %s", err, out)
			} else {
				fmt.Printf("%s", out)
			}
			backupDone <- err
		}()
	}
	// Faults: kill the server when a share of the submissions is in.
	for i := 1; i <= kills; i++ {
		for int(next.Load()) < n*i/(kills+1) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		down.Store(true)
		srv.killHard()
		fmt.Printf("killed the server (SIGKILL) after %d submissions were handed out; restarting\n", next.Load())
		if err := srv.start(); err != nil {
			return err
		}
		down.Store(false)
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(stopProbe)
	<-probeDone

	// Every accepted submission must have ended graded.
	lost, retried := 0, 0
	for _, id := range accepted {
		r, err := client.Get(base + "/api/submissions/" + id)
		if err != nil {
			return err
		}
		var v struct {
			Status   string
			Attempts int
		}
		json.NewDecoder(r.Body).Decode(&v)
		r.Body.Close()
		if v.Status != "done" {
			lost++
		}
		if v.Attempts > 1 {
			retried++
		}
	}
	fmt.Printf("submissions: %d sent by %d clients, %d accepted, %d graded, %d not graded; %d graded again after a kill\n",
		n, clients, len(accepted), ok.Load(), lost, retried)
	fmt.Printf("time to feedback: p50 %v, p95 %v; throughput %.1f gradings/s over %v\n",
		pct(feedback, 50), pct(feedback, 95), float64(ok.Load())/elapsed.Seconds(), elapsed.Round(time.Millisecond))
	fmt.Printf("playground page during the burst: p50 %v, p95 %v (%d requests)\n", pct(pageTimes, 50), pct(pageTimes, 95), len(pageTimes))
	// The queue's arithmetic: with every client waiting for its feedback
	// before it submits again, a submission waits for about the work of
	// one grading per client, shared by the cores.
	if cpu1, ok1 := treeCPU(srv.cmd.Process.Pid); cpuOK && ok1 && kills == 0 && ok.Load() > 0 {
		per := (cpu1 - cpu0) / float64(ok.Load())
		fmt.Printf("work: %.0f core-seconds for the server and its grading processes, %.2f a grading; %d clients on %d cores wait about %d × %.2f / %d = %.0f s for feedback\n",
			cpu1-cpu0, per, clients, runtime.NumCPU(), clients, per, runtime.NumCPU(), float64(clients)*per/float64(runtime.NumCPU()))
	}
	if len(refused) > 0 {
		return fmt.Errorf("the server refused %d submissions, e.g. %s", len(refused), refused[0])
	}
	if lost > 0 || len(accepted) < n {
		return fmt.Errorf("%d accepted submissions not graded, %d never accepted", lost, n-len(accepted))
	}
	if backup {
		if err := <-backupDone; err != nil {
			return err
		}
		missing, err := checkRestore(bin, exercises, backupFile, beforeBackup)
		if err != nil {
			return err
		}
		fmt.Printf("backup taken after %d accepted submissions: restored, %d of them missing\n", len(beforeBackup), missing)
		if missing > 0 {
			return fmt.Errorf("the backup lacks %d submissions accepted before it", missing)
		}
	}
	return nil
}

// treeCPU is the processor time (user and system, in seconds) of process
// pid, of the children it has waited for and of those still running: for
// the server, its own work and that of every grading process, ended or
// kept for the next grading. Linux only (/proc); elsewhere it reports
// false.
func treeCPU(pid int) (float64, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	total, ok := statCPU(b)
	if !ok {
		return 0, false
	}
	names, _ := os.ReadDir("/proc")
	parent := strconv.Itoa(pid)
	for _, e := range names {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil || statParent(b) != parent {
			continue
		}
		if t, ok := statCPU(b); ok {
			total += t
		}
	}
	return total, true
}

// statParent is a /proc/PID/stat line's parent process ("" if unreadable).
func statParent(b []byte) string {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return ""
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 2 {
		return ""
	}
	return f[1]
}

// statCPU reads a /proc/PID/stat line's utime, stime, cutime and cstime.
func statCPU(b []byte) (float64, bool) {
	// The command name, in parentheses, may hold spaces: the fields
	// counted here come after its closing parenthesis, the state first.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 15 {
		return 0, false
	}
	total := 0.0
	for _, k := range []int{11, 12, 13, 14} { // utime, stime, cutime, cstime
		v, err := strconv.ParseFloat(f[k], 64)
		if err != nil {
			return 0, false
		}
		total += v
	}
	return total / 100, true // in clock ticks of 1/100 s (USER_HZ)
}

// checkRestore starts a server on a data directory holding the backup and
// counts the submissions of ids it does not know.
func checkRestore(bin, exercises, backupFile string, ids []string) (int, error) {
	dir, err := os.MkdirTemp("", "dmelab-restore-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	b, err := os.ReadFile(backupFile)
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "dmelab.db"), b, 0o644); err != nil {
		return 0, err
	}
	addr, err := freeAddr()
	if err != nil {
		return 0, err
	}
	srv := &server{bin: bin, data: dir, exercises: exercises, addr: addr}
	if err := srv.start(); err != nil {
		return 0, fmt.Errorf("a server on the backup: %w", err)
	}
	defer srv.killHard()
	missing := 0
	for _, id := range ids {
		r, err := http.Get("http://" + addr + "/api/submissions/" + id)
		if err != nil {
			return 0, err
		}
		r.Body.Close()
		if r.StatusCode != http.StatusOK {
			missing++
		}
	}
	return missing, nil
}

func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[(len(s)-1)*p/100].Round(time.Millisecond)
}
