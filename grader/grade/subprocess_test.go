package grade_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/grade"
	"dmelab/grader/report"
)

// child is what the test binary does when a test runs it as the grading
// process (DMELAB_TEST_CHILD names what to do): it stands in for
// `dmelab grade`, which this package cannot build without a cycle.
func child() {
	if what := os.Getenv("DMELAB_TEST_CHILD"); strings.HasPrefix(what, "worker") {
		worker(what) // pool_test.go
	}
	switch os.Getenv("DMELAB_TEST_CHILD") {
	case "grow": // a grading whose memory grows without end
		grow()
	case "result": // a grading that answers with a result
		json.NewEncoder(os.Stdout).Encode(report.Result{Exercise: "token-ring", Status: report.Graded, Score: 3, MaxScore: 24,
			File: strings.Join(os.Args[len(os.Args)-1:], "")})
		os.Exit(0)
	case "fail":
		os.Stderr.WriteString("no Go toolchain\n")
		os.Exit(1)
	case "server": // a server that grades, and is killed while it does
		os.Setenv("DMELAB_TEST_CHILD", "sleepy")
		exe, _ := os.Executable()
		s := &grade.Subprocess{Exe: exe, Dir: os.Getenv("DMELAB_TEST_EXERCISES"), Timeout: time.Minute}
		s.Grade(context.Background(), "token-ring", "ring.go", []byte("package ring"))
		os.Exit(0)
	case "pool-server": // the same with a Pool's worker
		os.Setenv("DMELAB_TEST_CHILD", "worker-sleepy")
		exe, _ := os.Executable()
		p := &grade.Pool{Exe: exe, Dir: os.Getenv("DMELAB_TEST_EXERCISES"), Timeout: time.Minute}
		p.Grade(context.Background(), "token-ring", "ring.go", []byte("package ring"))
		os.Exit(0)
	case "sleepy": // a grading that takes its time, and says who it is
		os.WriteFile(os.Getenv("DMELAB_TEST_PIDFILE"), []byte(strconv.Itoa(os.Getpid())), 0o600)
		time.Sleep(time.Minute)
		os.Exit(0)
	}
}

func subprocess(t *testing.T, what string) *grade.Subprocess {
	t.Helper()
	t.Setenv("DMELAB_TEST_CHILD", what)
	exe, err := os.Executable()
	require.NoError(t, err)
	return &grade.Subprocess{Exe: exe, Dir: filepath.Join(root, "exercises"), MaxMemory: 256 << 20, Timeout: 20 * time.Second}
}

// A grading process that grows past its bound is killed, whole, and the
// student is told so, with every test listed: it is a result, not a
// failure of the server (which would retry it and blame itself).
func TestSubprocessMemoryBound(t *testing.T) {
	res, err := subprocess(t, "grow").Grade(context.Background(), "token-ring", "ring.go", []byte("package ring"))
	stoppedAt256MiB(t, res, err)
}

// stoppedAt256MiB checks the result of a token-ring grading the server
// stopped at a 256 MiB bound: a result, every test listed, none run.
func stoppedAt256MiB(t *testing.T, res *report.Result, err error) {
	t.Helper()
	require.NoError(t, err)
	assert.Equal(t, report.Crashed, res.Status)
	require.NotEmpty(t, res.Problems)
	assert.Contains(t, res.Problems[0].Msg, "needed more than 256 MiB of memory")
	assert.Equal(t, 24.0, res.MaxScore)
	require.NotEmpty(t, res.Tests)
	for _, tt := range res.Tests {
		assert.Contains(t, tt.Message, "not run")
	}
}

// The child's result is the grading's; the file keeps the student's name
// (made safe for a path), and a child that fails is the server's error.
func TestSubprocessResult(t *testing.T) {
	res, err := subprocess(t, "result").Grade(context.Background(), "token-ring", "../../etc/ring.go", []byte("package ring"))
	require.NoError(t, err)
	assert.Equal(t, 3.0, res.Score)
	assert.True(t, strings.HasSuffix(res.File, string(filepath.Separator)+"ring.go"), res.File)

	_, err = subprocess(t, "fail").Grade(context.Background(), "token-ring", "ring.go", nil)
	assert.ErrorContains(t, err, "no Go toolchain")

	_, err = subprocess(t, "result").Grade(context.Background(), "../exercises", "ring.go", nil)
	assert.ErrorContains(t, err, "no exercise")
}

// A grading process does not outlive the server that started it: killed
// mid-grading (SIGKILL, nothing runs on its way out), the server takes
// its grading child with it, a process of its own or a Pool's worker.
func TestSubprocessDiesWithTheServer(t *testing.T) {
	for _, server := range []string{"server", "pool-server"} {
		t.Run(server, func(t *testing.T) { diesWithTheServer(t, server) })
	}
}

func diesWithTheServer(t *testing.T, server string) {
	exe, err := os.Executable()
	require.NoError(t, err)
	pidfile := filepath.Join(t.TempDir(), "pid")
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "DMELAB_TEST_CHILD="+server, "DMELAB_TEST_PIDFILE="+pidfile,
		"DMELAB_TEST_EXERCISES="+filepath.Join(root, "exercises"))
	require.NoError(t, cmd.Start())
	var pid int
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(pidfile)
		pid, _ = strconv.Atoi(string(b))
		return err == nil && pid > 0
	}, 20*time.Second, 20*time.Millisecond, "the grading child started")
	require.NoError(t, syscall.Kill(pid, 0), "the grading child is alive")
	require.NoError(t, cmd.Process.Kill())
	cmd.Wait()
	assert.Eventually(t, func() bool {
		// Gone, or a zombie waiting for its new parent to reap it.
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		return err != nil || strings.Contains(string(stat), ") Z ")
	}, 5*time.Second, 20*time.Millisecond, "the grading child died with the server")
}
