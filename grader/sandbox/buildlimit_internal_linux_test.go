package sandbox

import (
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// The command's name may hold spaces and parentheses: fields are counted
// from the last ')'.
func TestStatFields(t *testing.T) {
	f := statFields([]byte("4242 (a (b) c) S 1 4240 4240 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 99 1000000 250 18446744073709551615\n"))
	require.Len(t, f, 23)
	assert.Equal(t, "S", string(f[0]))
	assert.Equal(t, "4240", string(f[2]))
	assert.Equal(t, "250", string(f[21]))
}

// This test's own process group holds at least this process, with some
// resident memory.
func TestScanGroup(t *testing.T) {
	pids, rss := scanGroup(syscall.Getpgrp())
	assert.Contains(t, pids, os.Getpid())
	assert.Greater(t, rss, int64(1<<20))
}

// So does its session, and a session no process has holds nothing.
func TestSession(t *testing.T) {
	sid, err := unix.Getsid(0)
	require.NoError(t, err)
	pids, rss := Session(sid)
	assert.Contains(t, pids, os.Getpid())
	assert.Greater(t, rss, int64(1<<20))
	pids, rss = Session(1 << 30)
	assert.Empty(t, pids)
	assert.Zero(t, rss)
}

// Between full scans the watcher reads the processes it knows: those
// still alive and in the group count, the others drop out.
func TestRescanKeepsTheLiveMembers(t *testing.T) {
	pgid := syscall.Getpgrp()
	pids, rss := rescan([]int{os.Getpid(), 1 << 30}, pgid)
	assert.Equal(t, []int{os.Getpid()}, pids, "a process that is gone drops out")
	assert.Greater(t, rss, int64(1<<20))
	pids, _ = rescan([]int{os.Getpid()}, pgid+1<<20)
	assert.Empty(t, pids, "a process of another group drops out")
}

// A grading worker, alone in its group, is read every tenth of a second
// while it holds less than half its bound and every 25 ms above it; a
// build always every 25 ms (its compiler can grow by a gigabyte in less
// than a second).
func TestAloneIsReadLessOftenBelowHalf(t *testing.T) {
	worker := buildLimits{Memory: 1 << 30, Alone: true}
	assert.Equal(t, alonePollEvery, nextPoll(worker, 100<<20))
	assert.Equal(t, pollEvery, nextPoll(worker, 600<<20), "above half its bound")
	assert.Equal(t, alonePollEvery, nextPoll(buildLimits{Alone: true}, 600<<20), "no bound")
	assert.Equal(t, pollEvery, nextPoll(buildLimits{Memory: 1 << 30}, 100<<20), "a build")
	assert.Less(t, pollEvery, alonePollEvery)
}
