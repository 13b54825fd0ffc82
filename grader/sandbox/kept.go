package sandbox

import "sync"

// A process that grades one submission after another (dmelab serve's
// grading workers, validate, the grader's tests) often grades the same
// file again: a burst of resubmissions, an exercise's reference solution.
// Reading a module's compiled code back from CacheDir's file cache costs
// a start about 50 ms (wazero decodes and validates the whole module,
// Go's runtime included, then loads the code), a tenth of a compiled
// grading. So the process keeps the last few compiled modules, each with
// its runtime, and the next sandbox of the same module under the same
// cache and memory limit takes it as it is. Only compiled code is kept:
// an interpreted module holds about five times as much memory (57 MB
// against 11 for maekawa's) and is cheap to make only once it is
// compiled. Sandboxes share a kept runtime as a twin shares its
// sandbox's: each has instances of its own.
var keepCompiled = 4

// keptKey names a kept module: its sum, the cache it was compiled
// through, and the memory limit its runtime enforces.
type keptKey struct {
	sum, cacheDir string
	pages         uint32
}

// keptModule is a compiled module kept for the next sandboxes; users
// counts the sandboxes running it. One pushed out while in use is closed
// when its last user lets go.
type keptModule struct {
	key    keptKey
	c      *compiled
	users  int
	out    bool // no longer kept
	closed bool
	lastAt uint64
}

// shut closes k's runtime (kept's lock held).
func (k *keptModule) shut() {
	k.c.close()
	k.closed = true
}

var kept struct {
	sync.Mutex
	mods []*keptModule
	tick uint64
}

// takeKept returns the kept module of key, counted as used, or nil.
func takeKept(key keptKey) *keptModule {
	kept.Lock()
	defer kept.Unlock()
	for _, k := range kept.mods {
		if k.key == key {
			k.users++
			kept.tick++
			k.lastAt = kept.tick
			return k
		}
	}
	return nil
}

// keep adds c, compiled for key, to the kept modules, with users users,
// pushing out the one used longest ago if there are too many. If key is
// kept already (two sandboxes compiled it at once), c is not kept: the
// caller's is closed once its users let go.
func keep(key keptKey, c *compiled, users int) *keptModule {
	kept.Lock()
	defer kept.Unlock()
	k := &keptModule{key: key, c: c, users: users}
	for _, o := range kept.mods {
		if o.key == key {
			k.out = true
			if users == 0 {
				k.shut()
			}
			return k
		}
	}
	kept.tick++
	k.lastAt = kept.tick
	kept.mods = append(kept.mods, k)
	if len(kept.mods) > keepCompiled {
		old := 0
		for i, o := range kept.mods {
			if o.lastAt < kept.mods[old].lastAt {
				old = i
			}
		}
		o := kept.mods[old]
		kept.mods = append(kept.mods[:old], kept.mods[old+1:]...)
		o.out = true
		if o.users == 0 {
			o.shut()
		}
	}
	return k
}

// release lets go of k; closed when no longer kept and no longer used.
func (k *keptModule) release() {
	kept.Lock()
	defer kept.Unlock()
	k.users--
	if k.out && k.users == 0 {
		k.shut()
	}
}

// DropKept closes every kept module not in use and forgets the others
// (closed when their users let go): for a caller that removes a
// CacheDir, or a test that counts compilations.
func DropKept() {
	kept.Lock()
	defer kept.Unlock()
	for _, k := range kept.mods {
		k.out = true
		if k.users == 0 {
			k.shut()
		}
	}
	kept.mods = nil
}
