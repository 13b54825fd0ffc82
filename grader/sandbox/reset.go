package sandbox

import (
	"math/rand"
	"strconv"
	"time"

	"github.com/tetratelabs/wazero/api"

	"dmelab/grader/wasmdata"
)

// A grading starts a fresh instance for every hidden test and every
// search (Isolate, Fresh), so that nothing the code kept from one test
// reaches the next. Starting one anew took 9-15 ms in the interpreter and
// 2-3 ms compiled, most of it wazero instantiating the module and Go's
// runtime initialising itself again, 8-10 times a grading. A fresh
// instance is instead the running one put back as it was after its
// start: its linear memory (which holds everything Go keeps but its
// globals) copied back over, its globals set back (the Builder exports
// them: wasmdata.ExportGlobals), and its clocks and random source set
// back to where its start left them. What the code can see is then what
// a new instance would show it. An instance is started anew instead when
// it cannot be put back so: its memory grew (wasm memory does not
// shrink, and the memory it may grow into must not shrink either), it
// trapped or was stopped (wazero closes it), the module exports no
// globals, or the compiler has finished meanwhile (Auto: the next
// instance runs compiled).

// sources are an instance's clocks and random source. They give the
// readings of wazero's defaults (each clock a millisecond a reading, the
// wall clock from the start of 2022, the monotonic one from zero; the
// random bytes of math/rand seeded with 42), so that a grading reads
// what it read before, but they are the sandbox's, to be set back.
type sources struct {
	nano, wall int64 // readings taken
	rnd        *rand.Rand
	rndRead    int // random bytes read
}

// fakeEpoch is wazero's fake wall clock's first reading: midnight UTC,
// 2022-01-01, in nanoseconds.
const fakeEpoch = int64(1640995200) * int64(time.Second)

// fakeSeed seeds wazero's fake random source.
const fakeSeed = 42

func newSources() *sources { return &sources{rnd: rand.New(rand.NewSource(fakeSeed))} }

func (c *sources) nanotime() int64 {
	c.nano++
	return (c.nano - 1) * int64(time.Millisecond)
}

func (c *sources) walltime() (sec int64, nsec int32) {
	t := fakeEpoch + c.wall*int64(time.Millisecond)
	c.wall++
	return t / int64(time.Second), int32(t % int64(time.Second))
}

// Read implements io.Reader: the random source.
func (c *sources) Read(p []byte) (int, error) {
	n, err := c.rnd.Read(p)
	c.rndRead += n
	return n, err
}

// setBack makes c read on as a copy of a would: the same readings taken,
// the same random bytes read.
func (c *sources) setBack(a sources) {
	c.nano, c.wall = a.nano, a.wall
	c.rnd, c.rndRead = rand.New(rand.NewSource(fakeSeed)), 0
	if a.rndRead > 0 {
		_, _ = c.Read(make([]byte, a.rndRead))
	}
}

// started is an instance as its start left it: what putBack sets back.
type started struct {
	mem     []byte // its whole linear memory
	globals []api.MutableGlobal
	names   []string // the globals' export names
	values  []uint64
	src     sources // a copy of the readings taken
	buf     uint32  // the harness's buffer (dmelab_buf's answer)
}

// keepStart records mod as its start left it, or nil if it exports no
// globals (a module not built by a Builder): it is then started anew.
func keepStart(mod api.Module, src *sources, buf uint32) *started {
	st := &started{src: *src, buf: buf}
	for i := 0; ; i++ {
		name := wasmdata.GlobalPrefix + strconv.Itoa(i)
		g := mod.ExportedGlobal(name)
		if g == nil {
			break
		}
		if m, ok := g.(api.MutableGlobal); ok {
			st.globals = append(st.globals, m)
			st.names = append(st.names, name)
			st.values = append(st.values, m.Get())
		}
	}
	mem := mod.Memory()
	if len(st.globals) == 0 || mem == nil {
		return nil
	}
	b, ok := mem.Read(0, mem.Size())
	if !ok {
		return nil
	}
	st.mem = append([]byte(nil), b...)
	return st
}

// restore sets mem, the memory of st's globals' instance, its globals and
// src back to where st's start left them; false if mem is not st's size.
func (st *started) restore(mem api.Memory, src *sources) bool {
	if mem == nil || mem.Size() != uint32(len(st.mem)) || !mem.Write(0, st.mem) {
		return false
	}
	for i, g := range st.globals {
		g.Set(st.values[i])
	}
	src.setBack(st.src)
	return true
}

// copyStart makes mod, an instance whose start functions did not run,
// what st's instance was after its start (its memory grown to st's size
// first, then restored). It returns mod's own record of that, for
// putBack, or nil if it could not.
func copyStart(mod api.Module, st *started, src *sources) *started {
	mem := mod.Memory()
	if mem == nil {
		return nil
	}
	if have, want := mem.Size()/pageSize, uint32(len(st.mem)/pageSize); have < want {
		if _, ok := mem.Grow(want - have); !ok {
			return nil
		}
	}
	own := &started{mem: st.mem, names: st.names, values: st.values, src: st.src, buf: st.buf}
	for _, name := range st.names {
		g, ok := mod.ExportedGlobal(name).(api.MutableGlobal)
		if !ok {
			return nil
		}
		own.globals = append(own.globals, g)
	}
	if !own.restore(mem, src) {
		return nil
	}
	return own
}

// pageSize is WebAssembly's page of linear memory.
const pageSize = 65536

// puttingBack is whether fresh instances are put back; a test turns it
// off to see instances started anew.
var puttingBack = true

// putBack puts the running instance back as its start left it, and
// reports whether it could (see above); if not, the caller starts one
// anew.
func (s *Sandbox) putBack() bool {
	st := s.start
	if !puttingBack || st == nil || s.mod == nil || s.mod.IsClosed() || s.src == nil {
		return false
	}
	if c := s.bg.ready(); c != nil && s.modRT != c.rt {
		return false // the compiler has finished: the next instance runs compiled
	}
	if !st.restore(s.mod.Memory(), s.src) {
		return false
	}
	s.putBacks++
	if s.modRT != s.rt {
		s.compiledPutBacks++
	}
	return true
}
