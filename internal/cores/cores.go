// Package cores lets a search use the machine's cores. The explorer's
// core starts no goroutine (it also runs in a browser's one thread, and
// its caller owns threads as it owns the clock), so a search that may
// compute successors on several cores at once is handed Fork through
// explore.Config (see Config.Fork there): the command line's check and
// the benchmarks use it; the grader does not (its nodes are student code
// in one sandbox).
package cores

import (
	"runtime"
	"sync"

	"dmelab/algorithms/explore"
)

// Fork calls f(0), ..., f(n-1) at once, f(0) on the calling goroutine,
// and returns once every call has returned.
func Fork(n int, f func(i int)) {
	var wg sync.WaitGroup
	for i := 1; i < n; i++ {
		wg.Go(func() { f(i) })
	}
	f(0)
	wg.Wait()
}

// Use has c's searches compute successors on workers cores (every core
// the process may use when workers is 0; one core, as without Use, when
// it is 1).
func Use(c *explore.Config, workers int) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers < 2 {
		c.Fork, c.Workers = nil, 0
		return
	}
	c.Fork, c.Workers = Fork, workers
}
