package grade_test

import (
	"context"
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

// child is what the test binary does when a test runs it as a grading
// process (DMELAB_TEST_CHILD names what to do): it stands in for
// `dmelab grade-worker`, which this package cannot build without a cycle.
func child() {
	switch what := os.Getenv("DMELAB_TEST_CHILD"); {
	case strings.HasPrefix(what, "worker"):
		worker(what) // pool_test.go
	case what == "server": // a server that grades, and is killed while it does
		os.Setenv("DMELAB_TEST_CHILD", "worker-sleepy")
		exe, _ := os.Executable()
		p := &grade.Pool{Exe: exe, Dir: os.Getenv("DMELAB_TEST_EXERCISES"), Timeout: time.Minute}
		p.Grade(context.Background(), "token-ring", "ring.go", []byte("package ring"))
		os.Exit(0)
	}
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

// A grading process does not outlive the server that started it: killed
// mid-grading (SIGKILL, nothing runs on its way out), the server takes
// its worker with it.
func TestWorkerDiesWithTheServer(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	pidfile := filepath.Join(t.TempDir(), "pid")
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "DMELAB_TEST_CHILD=server", "DMELAB_TEST_PIDFILE="+pidfile,
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
