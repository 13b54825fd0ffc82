package play

import (
	"runtime"

	"dmelab/algorithms/explore"
)

// yield is what the page's searches call every thousand states or so: it
// lets other goroutines run, and in the browser that matters. There the
// search has the only thread and Go cannot preempt it, so the garbage
// collector's mark worker, once a cycle has started, waits until the
// search ends, and all that time every pointer the search writes pays
// for the write barrier. Measured in V8 (make bench-wasm, ra-benari N=3
// R=2): the mark phases, under a millisecond of work each, stayed open
// for a third of the search, and the barriers took a sixth of its time;
// with the yield the search took a quarter less time. Natively it costs
// nothing that can be measured.
var yield = func() bool {
	runtime.Gosched()
	return false
}

// yieldProgress is a scenario's Progress: the yield alone (its searches
// report every 4,096 states).
func yieldProgress(explore.Progress) { yield() }
