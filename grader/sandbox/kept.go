package sandbox

import "sync"

// A process that grades one submission after another (dmelab serve's
// grading workers, validate, the grader's tests) often grades the same
// file again: a burst of resubmissions, an exercise's reference solution.
// Reading a module's compiled code back from CacheDir's file cache costs
// a start about 50 ms (wazero decodes and validates the whole module,
// Go's runtime included, then loads the code), a tenth of a compiled
// grading. So the process keeps a few compiled modules, each with its
// runtime (about 11 MB of memory and 9 MB of machine code each), and the
// next sandbox of the same module under the same cache and memory limit
// takes it as it is. Only compiled code is kept: an interpreted module
// holds 57 MB (maekawa's) and is cheap to make only once it is compiled.
// Sandboxes share a kept runtime as a twin shares its sandbox's: each has
// instances of its own.
//
// Which to keep: once keepCompiled are kept, a new module takes the place
// of one that no sandbox has asked for during the last keepIdle starts,
// and is not kept if there is none. Pushing out the one used longest ago
// instead would keep nothing of a burst that cycles through one more file
// than there are places (each is pushed out just before it comes again);
// this way the first ones stay, and the rest cost what they did before.
var keepCompiled = 4

const keepIdle = 16

// keptKey names a kept module: its sum, the cache it was compiled
// through, and the memory limit its runtime enforces.
type keptKey struct {
	sum, cacheDir string
	pages         uint32
}

// keptModule is a compiled module kept for the next sandboxes; users
// counts the sandboxes running it. One pushed out (or never kept) while
// in use is closed when its last user lets go.
type keptModule struct {
	key    keptKey
	c      *compiled
	users  int
	out    bool // not kept
	closed bool
	lastAt uint64 // kept.starts when a sandbox last asked for it
}

var kept struct {
	sync.Mutex
	mods   []*keptModule
	starts uint64 // sandboxes that asked for a kept module
}

// takeKept returns the kept module of key, counted as used, or nil.
func takeKept(key keptKey) *keptModule {
	kept.Lock()
	defer kept.Unlock()
	kept.starts++
	for _, k := range kept.mods {
		if k.key == key {
			k.users++
			k.lastAt = kept.starts
			return k
		}
	}
	return nil
}

// keep keeps c, compiled for key, with users users, if there is room
// (see above). Otherwise, or if key is kept already (two sandboxes
// compiled it at once), c is returned not kept: closed once no sandbox
// runs it.
func keep(key keptKey, c *compiled, users int) *keptModule {
	kept.Lock()
	defer kept.Unlock()
	k := &keptModule{key: key, c: c, users: users, lastAt: kept.starts}
	idle := -1
	for i, o := range kept.mods {
		if o.key == key {
			return k.notKept()
		}
		if idle < 0 && o.users == 0 && kept.starts-o.lastAt >= keepIdle {
			idle = i
		}
	}
	switch {
	case len(kept.mods) < keepCompiled:
		kept.mods = append(kept.mods, k)
	case idle >= 0:
		kept.mods[idle].out = true
		kept.mods[idle].shut()
		kept.mods[idle] = k
	default:
		return k.notKept()
	}
	return k
}

// notKept marks k not kept, and closes it if no sandbox runs it (kept's
// lock held).
func (k *keptModule) notKept() *keptModule {
	k.out = true
	if k.users == 0 {
		k.shut()
	}
	return k
}

// shut closes k's runtime (kept's lock held).
func (k *keptModule) shut() {
	k.c.close()
	k.closed = true
}

// release lets go of k; closed when not kept and no longer used.
func (k *keptModule) release() {
	kept.Lock()
	defer kept.Unlock()
	k.users--
	if k.out && k.users == 0 {
		k.shut()
	}
}

// dropKept closes every kept module not in use and forgets the others
// (closed when their users let go): for a test that counts compilations.
func dropKept() {
	kept.Lock()
	defer kept.Unlock()
	for _, k := range kept.mods {
		k.notKept()
	}
	kept.mods = nil
}
