package play

import (
	"runtime"

	"dmelab/algorithms/explore"
)

// yield is what the page's searches call every thousand states or so: it
// lets other goroutines run, and in the browser that matters. There the
// search has the only thread and Go cannot preempt it, so once a
// collection has started, its mark worker waits until the search happens
// to give way, and all that time every pointer the search writes pays
// for the write barrier. Measured in V8 (make bench-wasm, ra-benari N=3
// R=2): mark phases of under a millisecond's work stayed open for 136 to
// 563 ms, the barrier took a sixth of the search, and with the yield the
// search took a fifth less time (docs/performance.md, eleventh session).
// Natively it costs nothing that can be measured.
var yield = func() bool {
	runtime.Gosched()
	return false
}

// yieldProgress is a scenario's Progress: the yield alone (its searches
// report every 4,096 states).
func yieldProgress(explore.Progress) { yield() }
