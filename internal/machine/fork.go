// Package machine lets a search use the machine's cores. The explorer's
// core starts no goroutine (it also runs in a browser's one thread, and
// its caller owns threads as it owns the clock), so a search is handed
// Fork through explore.Config (Fork, Workers): the command line's check
// and the benchmarks use it; the grader does not (its nodes are student
// code in one sandbox).
package machine

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"dmelab/algorithms/explore"
)

// Fork calls f(0), ..., f(n-1) at once, f(0) on the calling goroutine,
// and returns once every call has returned.
//
// A search forks hundreds of times a second (a lane of 1,024 states
// takes a few milliseconds) and waits for every lane before it adds
// their successors on one core. Started anew each time, with the other
// core asleep between two forks, a goroutine took about 0.1 ms to start
// (a sleeping virtual core is woken through the hypervisor): with lanes
// of 256 states, 1.1 s of 3.7 s in forks was spent waiting. So the calls
// run on workers kept for the next fork, which wait for it busily for a
// while (spin) before they sleep, and the caller waits busily for them
// too.
func Fork(n int, f func(i int)) {
	var left atomic.Int32
	left.Store(int32(n - 1))
	for i := 1; i < n; i++ {
		if w := claim(); w != nil {
			w.post(func() { f(i) }, &left)
		} else {
			go func() { // every worker busy (searches forking at once)
				f(i)
				left.Add(-1)
			}()
		}
	}
	f(0)
	for left.Load() > 0 {
		runtime.Gosched()
	}
}

// spin is how long a worker waits busily for the next fork before it
// sleeps: longer than a search takes between two forks.
const spin = 5 * time.Millisecond

// A worker's states: waiting busily for a call, asleep, or claimed by
// a fork (its call posted, or about to be).
const (
	spinning int32 = iota
	asleep
	claimed
)

type worker struct {
	_     [64]byte // kept off the cache lines of other workers
	state atomic.Int32
	ready atomic.Bool
	call  func()
	left  *atomic.Int32 // the fork's calls not yet returned
	wake  chan struct{}
	_     [64]byte
}

var pool struct {
	sync.Mutex
	workers []*worker
}

// claim returns a worker spinning or asleep, marked claimed, starting
// one if there are fewer than the process's cores; nil if every one is
// claimed.
func claim() *worker {
	pool.Lock()
	defer pool.Unlock()
	for _, w := range pool.workers {
		if w.state.CompareAndSwap(spinning, claimed) || w.state.CompareAndSwap(asleep, claimed) {
			return w
		}
	}
	if len(pool.workers) >= runtime.GOMAXPROCS(0) {
		return nil
	}
	w := &worker{wake: make(chan struct{}, 1)}
	w.state.Store(claimed)
	pool.workers = append(pool.workers, w)
	go w.loop()
	return w
}

// post hands a claimed worker its call, and the count of its fork's
// calls, which it lowers once the call has returned.
func (w *worker) post(call func(), left *atomic.Int32) {
	w.call, w.left = call, left
	w.ready.Store(true)
	select {
	case w.wake <- struct{}{}: // if it sleeps
	default:
	}
}

func (w *worker) loop() {
	for {
		for deadline, k := time.Now().Add(spin), 0; !w.ready.Load(); k++ {
			if k%1024 == 0 && time.Now().After(deadline) && w.state.CompareAndSwap(spinning, asleep) {
				for !w.ready.Load() {
					<-w.wake // a post's signal (or an earlier one's, left over)
				}
			}
		}
		call, left := w.call, w.left
		w.call, w.left = nil, nil
		w.ready.Store(false)
		call()
		// Free again before the fork hears the call returned: a fork
		// made at once after this one finds this worker, and does not
		// start another to spin beside it.
		w.state.Store(spinning)
		left.Add(-1)
	}
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
