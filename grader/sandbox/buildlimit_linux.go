package sandbox

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// runBounded runs go build (cmd, made with exec.CommandContext) so that
// the whole tree it starts is bounded and does not outlive it:
//
//   - go runs in a process group of its own, and the whole group is
//     killed when the context ends (a timeout), when memory runs over,
//     and once go has exited, so no compile or link it started keeps
//     running, re-parented, after the grader has moved on;
//   - every file a process of the group writes is capped at lim.Write
//     bytes (RLIMIT_FSIZE). The limit is set on go right after it starts
//     and is inherited by what it spawns later; go could in principle
//     spawn a child in the microseconds before, which would then write
//     without the cap (go reads its configuration for milliseconds
//     before it starts any tool);
//   - the resident memory of the group, summed over its processes, is
//     polled every pollEvery and the group is killed past lim.Memory.
//
// The memory watcher is used rather than a cgroup because the machines
// the grader runs on may have cgroup v1 only, or no delegated cgroup at
// all, and a watcher needs no privilege. Its cost is a scan of /proc per
// poll, and memory may overshoot the limit by what the build allocates
// in one interval (a few hundred MiB at worst).
func runBounded(cmd *exec.Cmd, lim buildLimits) (buildUsage, error) {
	wait, err := startBounded(cmd, lim)
	if err != nil {
		return buildUsage{}, err
	}
	return wait()
}

// startBounded starts cmd as runBounded runs it; wait waits for it to
// end, kills what is left of its group and says what it used.
func startBounded(cmd *exec.Cmd, lim buildLimits) (wait func() (buildUsage, error), err error) {
	// Pdeathsig: if this process dies (a server killed mid-grading), the
	// child goes with it rather than running on, orphaned.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return killGroup(cmd.Process.Pid) }
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	pgid := cmd.Process.Pid
	if lim.Write > 0 {
		n := uint64(lim.Write)
		_ = unix.Prlimit(pgid, unix.RLIMIT_FSIZE, &unix.Rlimit{Cur: n, Max: n}, nil)
	}
	done := make(chan struct{})
	var u buildUsage
	var wg sync.WaitGroup
	wg.Go(func() { u = watchMemory(pgid, lim, done) })
	return func() (buildUsage, error) {
		err := cmd.Wait()
		close(done)
		wg.Wait()
		reap(pgid)
		return u, err
	}, nil
}

// reap kills what is left of group pgid and waits, a little, until it is
// gone: a killed compiler takes some milliseconds to release its memory,
// which the next build should find free.
func reap(pgid int) {
	for range 100 {
		if killGroup(pgid) != nil {
			return // no process left
		}
		if pids, _ := scanGroup(pgid); len(pids) == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// pollEvery is how often the watcher reads the group's memory.
const pollEvery = 25 * time.Millisecond

// fullScanEvery is how many polls apart the watcher lists the group's
// processes afresh from all of /proc (about 2 ms with a hundred
// processes; a server grading on every core would spend a tenth of a
// core on it at every poll). Between, it reads the processes it found.
const fullScanEvery = 8

// A process watched for as long as it lives, alone in its group (a
// grading worker, buildLimits.Alone), is read every alonePollEvery while
// it holds less than half its bound (no process grows by most of a
// gigabyte in a tenth of a second), and listed afresh every
// aloneScanEvery polls. Watched as a build is, each worker cost the
// server 1 % of a core, idle or not (1.4 % of the work of make load's
// burst).
const (
	alonePollEvery = 100 * time.Millisecond
	aloneScanEvery = 10
)

// nextPoll is how long the watcher waits after reading rss.
func nextPoll(lim buildLimits, rss int64) time.Duration {
	if lim.Alone && (lim.Memory <= 0 || rss < lim.Memory/2) {
		return alonePollEvery
	}
	return pollEvery
}

// watchMemory polls the resident memory of process group pgid until done
// and kills the group when it goes over lim.Memory.
func watchMemory(pgid int, lim buildLimits, done <-chan struct{}) buildUsage {
	var u buildUsage
	limit, scanEvery := lim.Memory, fullScanEvery
	if lim.Alone {
		scanEvery = aloneScanEvery
	}
	t := time.NewTimer(pollEvery)
	defer t.Stop()
	var known []int
	for polls := 0; ; polls++ {
		select {
		case <-done:
			return u
		case <-t.C:
		}
		var rss int64
		if polls%scanEvery == 0 || len(known) == 0 {
			known, rss = scanGroup(pgid)
		} else {
			known, rss = rescan(known, pgid)
		}
		t.Reset(nextPoll(lim, rss))
		u.Peak = max(u.Peak, rss)
		if limit > 0 && rss > limit && !u.OverMemory {
			u.OverMemory = true
			_ = killGroup(pgid)
		}
	}
}

// killGroup sends SIGKILL to every process of group pgid.
func killGroup(pgid int) error {
	return syscall.Kill(-pgid, syscall.SIGKILL)
}

// scanGroup lists the live processes of group pgid, from /proc, and sums
// their resident memory. Zombies (dead, not yet waited for: a killed
// compiler is re-parented, and its new parent may be slow to wait) are
// left out.
func scanGroup(pgid int) (pids []int, rss int64) { return scan(2, pgid) }

// Session lists the live processes of session sid and sums their
// resident memory, as scanGroup does for a group: a whole grading's tree,
// whatever groups its builds make (make hostile measures with it).
func Session(sid int) (pids []int, rss int64) { return scan(3, sid) }

// rescan is scanGroup over pids only: those still alive and in the group,
// and their memory.
func rescan(pids []int, pgid int) (live []int, rss int64) {
	want := strconv.Itoa(pgid)
	for _, pid := range pids {
		if r, ok := statRSS(pid, 2, want); ok {
			live = append(live, pid)
			rss += r
		}
	}
	return live, rss
}

// statRSS reads /proc/PID/stat: whether the process is alive and its
// field (2 the group, 3 the session) is want, and its resident memory.
func statRSS(pid, field int, want string) (int64, bool) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false // gone meanwhile
	}
	f := statFields(stat)
	if len(f) <= 21 || string(f[field]) != want || string(f[0]) == "Z" || string(f[0]) == "X" {
		return 0, false
	}
	pages, _ := strconv.ParseInt(string(f[21]), 10, 64)
	return pages * int64(os.Getpagesize()), true
}

// scan lists the live processes whose /proc/PID/stat field (as
// statFields numbers them: 2 the group, 3 the session) is id.
func scan(field, id int) (pids []int, rss int64) {
	dir, err := os.Open("/proc")
	if err != nil {
		return nil, 0
	}
	defer dir.Close()
	names, _ := dir.Readdirnames(-1)
	want := strconv.Itoa(id)
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		if r, ok := statRSS(pid, field, want); ok {
			pids = append(pids, pid)
			rss += r
		}
	}
	return pids, rss
}

// statFields splits /proc/PID/stat after the command's name (which is in
// parentheses and may hold spaces): field 0 is the state, 1 the parent,
// 2 the process group, 21 the resident set size in pages.
func statFields(stat []byte) [][]byte {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return nil
	}
	return bytes.Fields(stat[i+1:])
}
