package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The crash tests run the server in a child process (this test binary
// again, see TestMain) so that it can really be killed: SIGKILL leaves
// the database as a crash does, WAL and all, which closing it in-process
// never does (the last close checkpoints the WAL away).
func TestMain(m *testing.M) {
	if data := os.Getenv("DMELAB_SERVE_CHILD"); data != "" {
		os.Exit(childServer(data))
	}
	os.Exit(m.Run())
}

// childServer serves data with the fake grader on a free port, printing
// the address; it exits 3 when the server refuses to start.
func childServer(data string) int {
	o := Options{
		DataDir: data, Exercises: os.Getenv("DMELAB_SERVE_EXERCISES"), Grader: Fake{Delay: 20 * time.Millisecond},
		Workers: 1, Poll: 50 * time.Millisecond, RatePerMinute: -1,
		AcceptLoss: os.Getenv("DMELAB_SERVE_ACCEPT_LOSS") != "",
	}
	s, err := New(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "refused:", err)
		return 3
	}
	if loss := s.Store().Loss(); loss != nil {
		fmt.Println("accepted loss:", loss) // before the address: the parent has it when it starts
	}
	s.store.noCkpt = os.Getenv("DMELAB_SERVE_NO_CHECKPOINT") != ""
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if os.Getenv("DMELAB_SERVE_NO_GRADING") == "" {
		s.Start()
	}
	fmt.Printf("listening on http://%s\n", ln.Addr())
	HTTPServer(s.Handler(), DefaultTimeouts).Serve(JSONErrors(ln))
	return 0
}

// child is a server process.
type child struct {
	t      *testing.T
	cmd    *exec.Cmd
	base   string
	stderr *bytes.Buffer // what it wrote, stdout's lines included
	mu     *sync.Mutex
}

// startChild starts a server process on data; if it exits instead, it
// returns its exit code and what it wrote on stderr.
func startChild(t *testing.T, data, exercises string, env ...string) (*child, int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append([]string{"DMELAB_SERVE_CHILD=" + data, "DMELAB_SERVE_EXERCISES=" + exercises}, env...)...)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	c := &child{t: t, cmd: cmd, stderr: &bytes.Buffer{}, mu: &sync.Mutex{}}
	cmd.Stderr = lockedWriter{c.mu, c.stderr}
	require.NoError(t, cmd.Start())
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			fmt.Fprintln(cmd.Stderr, sc.Text())
			if u, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
				lines <- u
			}
		}
		close(lines)
	}()
	select {
	case u, ok := <-lines:
		if ok {
			c.base = u
			t.Cleanup(c.kill)
			return c, 0, ""
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the server process did not start")
	}
	cmd.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	return nil, cmd.ProcessState.ExitCode(), c.stderr.String()
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// kill SIGKILLs the process (once).
func (c *child) kill() {
	if c.cmd.ProcessState != nil {
		return
	}
	c.cmd.Process.Signal(syscall.SIGKILL)
	c.cmd.Wait()
}

func (c *child) log() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stderr.String()
}

func (c *child) submit(file string) string {
	c.t.Helper()
	resp, err := http.Post(c.base+"/api/submissions", "application/json", bytes.NewReader(submission("ra", file, "package ra // "+file+"\n")))
	require.NoError(c.t, err)
	defer resp.Body.Close()
	var v View
	require.Equal(c.t, http.StatusAccepted, resp.StatusCode)
	require.NoError(c.t, json.NewDecoder(resp.Body).Decode(&v))
	return v.ID
}

func (c *child) get(id string, wait int) (int, *View) {
	c.t.Helper()
	resp, err := http.Get(fmt.Sprintf("%s/api/submissions/%s?wait=%d", c.base, id, wait))
	require.NoError(c.t, err)
	defer resp.Body.Close()
	var v View
	json.NewDecoder(resp.Body).Decode(&v)
	return resp.StatusCode, &v
}

func (c *child) await(id string) *View {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		code, v := c.get(id, 5)
		require.Equal(c.t, http.StatusOK, code, "submission %s", id)
		if final(v.Status) {
			return v
		}
	}
	c.t.Fatalf("submission %s not finished in time", id)
	return nil
}

// SIGKILL, then the WAL deleted: every accepted submission and every
// stored result is in the database file itself, so nothing is lost and
// nothing graded is graded again.
func TestKillThenDeleteWALLosesNothing(t *testing.T) {
	ex, _ := exercisesDir(t)
	data := t.TempDir()
	c, _, msg := startChild(t, data, ex)
	require.NotNil(t, c, msg)
	var ids []string
	for i := range 10 {
		ids = append(ids, c.submit(fmt.Sprintf("k%02d.go", i)))
	}
	graded := map[string]bool{}
	for _, id := range ids[:3] {
		require.Equal(t, Done, c.await(id).Status)
		graded[id] = true
	}
	c.kill()
	wal := filepath.Join(data, DBFile+"-wal")
	if fi, err := os.Stat(wal); err == nil {
		t.Logf("WAL after SIGKILL: %d bytes", fi.Size())
	}
	require.NoError(t, os.Remove(wal))

	c, code, msg := startChild(t, data, ex)
	require.NotNil(t, c, "the server must start: nothing was lost (exit %d): %s", code, msg)
	for _, id := range ids {
		v := c.await(id)
		assert.Equal(t, Done, v.Status, id)
		if graded[id] {
			assert.Equal(t, 1, v.Attempts, "%s was graded before the kill, and its result kept", id)
		}
	}
}

// Without the checkpoint (as dmelab was before it), a SIGKILL leaves the
// accepted submissions in the WAL only: a WAL deleted, or damaged where
// SQLite quietly drops the frames whose checksum fails, is noticed at
// start and the server refuses, naming what is missing; --accept-loss
// starts it with a report.
func TestLostWALIsNoticed(t *testing.T) {
	ex, _ := exercisesDir(t)
	for _, damage := range []string{"delete", "corrupt the last 4 KB of"} {
		t.Run(damage, func(t *testing.T) {
			data := t.TempDir()
			c, _, msg := startChild(t, data, ex, "DMELAB_SERVE_NO_CHECKPOINT=1", "DMELAB_SERVE_NO_GRADING=1")
			require.NotNil(t, c, msg)
			for i := range 5 {
				c.submit(fmt.Sprintf("w%d.go", i))
			}
			c.kill()
			wal := filepath.Join(data, DBFile+"-wal")
			fi, err := os.Stat(wal)
			require.NoError(t, err)
			require.Greater(t, fi.Size(), int64(8<<10), "the submissions are in the WAL")
			if damage == "delete" {
				require.NoError(t, os.Remove(wal))
			} else {
				f, err := os.OpenFile(wal, os.O_RDWR, 0)
				require.NoError(t, err)
				_, err = f.WriteAt(bytes.Repeat([]byte{0xA5}, 4096), fi.Size()-4096)
				require.NoError(t, err)
				require.NoError(t, f.Close())
			}

			c, code, msg := startChild(t, data, ex)
			require.Nil(t, c, "the server must not start as if nothing happened")
			assert.Equal(t, 3, code)
			assert.Contains(t, msg, "holds less than was accepted")
			assert.Contains(t, msg, "--accept-loss")
			assert.Contains(t, msg, "restore the latest backup")
			if damage == "delete" {
				assert.Contains(t, msg, "5 accepted submission(s) (seq 1 to 5) missing")
			} else {
				assert.Contains(t, msg, "1 accepted submission(s) (seq 5 to 5) missing")
			}

			c, code, msg = startChild(t, data, ex, "DMELAB_SERVE_ACCEPT_LOSS=1")
			require.NotNil(t, c, "with --accept-loss it starts (exit %d): %s", code, msg)
			assert.Contains(t, c.log(), "accepted loss:")
			resp, err := http.Get(c.base + "/api/health")
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, http.StatusOK, resp.StatusCode)
			c.kill()
			c, code, msg = startChild(t, data, ex)
			require.NotNil(t, c, "the loss, once accepted, is not reported again (exit %d): %s", code, msg)
		})
	}
}
