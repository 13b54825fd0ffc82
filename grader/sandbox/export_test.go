package sandbox

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/sys"
)

// CompileAfterRuns is when Auto starts its compiler, and
// CompileAtStartRuns how many calls a workload's gradings make for Auto
// to compile its modules at once.
const (
	CompileAfterRuns   = compileAfterRuns
	CompileAtStartRuns = compileAtStartRuns
)

// RememberRuns and ExpectedRuns are the sandbox's memory of workloads.
var (
	RememberRuns = rememberRuns
	ExpectedRuns = expectedRuns
)

// FailCompiler makes the compiler refuse every module, as on a machine
// that refuses executable memory, until restore is called.
func FailCompiler() (restore func()) {
	was := compileModule
	compileModule = func(context.Context, []byte, Limits, Options) (*compiled, error) {
		return nil, errors.New("cannot allocate executable memory")
	}
	return func() { compileModule = was }
}

// Compiling reports whether the sandbox has started its compiler
// beside the interpreter.
func Compiling(s *Sandbox) bool { return s.bg != nil }

// RememberedRuns are the runs remembered for workload, oldest first.
var RememberedRuns = readRuns

// WaitCompiled waits until the sandbox's background compilation has
// ended, at most d, and reports whether it produced compiled code.
func WaitCompiled(s *Sandbox, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if s.bg == nil {
			continue
		}
		s.bg.mu.Lock()
		done, ok := s.bg.done, s.bg.c != nil
		s.bg.mu.Unlock()
		if done {
			return ok
		}
	}
	return false
}

// AssumeSpareCore makes Auto compile whatever the machine's load, until
// restore is called.
func AssumeSpareCore() (restore func()) {
	was := spareCore
	spareCore = func() bool { return true }
	return func() { spareCore = was }
}

// BusyCores makes Auto find no core idle the first busy times it asks,
// and one idle after, until restore is called; asked says how often it
// asked.
func BusyCores(busy int) (asked func() int, restore func()) {
	was := spareCore
	n := 0
	spareCore = func() bool { n++; return n > busy }
	return func() int { return n }, func() { spareCore = was }
}

// CompileRetry is how often Auto asks again for an idle core.
const CompileRetry = compileRetry

// Copies is how many of a twin's instances were its sandbox's start
// copied.
func Copies(s *Sandbox) int { return s.copies }

// Readings are the clock readings and random bytes the running instance
// of s has taken since it was started.
func Readings(s *Sandbox) [3]int64 {
	return [3]int64{s.src.nano, s.src.wall, int64(s.src.rndRead)}
}

// MemoriesReused is how many of the sandbox's instances got the memory
// of an earlier one.
func MemoriesReused(s *Sandbox) int {
	s.mems.mu.Lock()
	defer s.mems.mu.Unlock()
	return s.mems.reused
}

// CompiledBefore reports whether wasm's compiled code is in dir (its
// mark is).
func CompiledBefore(wasm []byte, dir string) bool { return compiledBefore(dir, moduleSum(wasm)) }

// MarkCompiled marks wasm as compiled into dir.
func MarkCompiled(wasm []byte, dir string) { markCompiled(dir, moduleSum(wasm)) }

// HoldCompilations makes every compilation wait, before it begins, until
// release is called.
func HoldCompilations() (release func()) {
	gate := make(chan struct{})
	compileGate.Store(&gate)
	return func() {
		compileGate.Store(nil)
		close(gate)
	}
}

// Requests are the distinct requests the sandbox has answered, in no
// particular order.
func Requests(s *Sandbox) [][]byte {
	var rs [][]byte
	for r := range s.memo {
		rs = append(rs, []byte(r))
	}
	return rs
}

// Answer runs req in the sandbox, past its memo.
func Answer(s *Sandbox, req []byte) ([]byte, error) { return s.call(req) }

// GoBuildOnly makes every build go through go build, until restore is
// called.
func GoBuildOnly() (restore func()) {
	directBuilds = false
	return func() { directBuilds = true }
}

// ForgetArchive makes b's toolchain name a file for package p that is
// not there, as when Go trims its build cache.
func ForgetArchive(b *Builder, p string) {
	b.tcMu.Lock()
	defer b.tcMu.Unlock()
	b.tc.archives[p] = b.tc.archives[p] + ".gone"
}

// ForgetTool makes b's toolchain name a compiler that is not there.
func ForgetTool(b *Builder) {
	b.tcMu.Lock()
	defer b.tcMu.Unlock()
	b.tc.compile += ".gone"
}

// ObserveBuilds reports to f the peak resident memory of every bounded
// process a build runs: go build, or a direct build's compiler or linker
// (nil stops).
func ObserveBuilds(f func(peak int64, over bool)) {
	if f == nil {
		observeBuild = nil
		return
	}
	observeBuild = func(u buildUsage) { f(u.Peak, u.OverMemory) }
}

// StartAnew makes every fresh instance start anew rather than be put
// back, until restore is called.
func StartAnew() (restore func()) {
	puttingBack = false
	return func() { puttingBack = true }
}

// PutBacks is how many fresh instances were the running one put back.
func PutBacks(s *Sandbox) int { return s.putBacks }

// SourcesConfig gives config a sandbox's own clocks and random source,
// as an instance's start reads them.
func SourcesConfig(config wazero.ModuleConfig) wazero.ModuleConfig {
	src := newSources()
	return config.WithNanotime(src.nanotime, 1).WithWalltime(src.walltime, sys.ClockResolution(time.Microsecond)).
		WithRandSource(src)
}

// InterpretedRuns is how many calls wasm's interpreted gradings ran, as
// counted in dir; AddInterpreted adds to it.
func InterpretedRuns(wasm []byte, dir string) int { return interpretedRuns(dir, moduleSum(wasm)) }

func AddInterpreted(wasm []byte, dir string, runs int) { addInterpreted(dir, moduleSum(wasm), runs) }

// ClaimCompilation claims wasm's compilation in dir, as a process
// compiling it does.
func ClaimCompilation(wasm []byte, dir string) (release func(), ok bool) {
	return claimCompilation(dir, moduleSum(wasm))
}

// KeepCompiled sets how many compiled modules the process keeps, until
// restore is called; the modules kept now are let go.
func KeepCompiled(n int) (restore func()) {
	dropKept()
	was := keepCompiled
	keepCompiled = n
	return func() {
		dropKept()
		keepCompiled = was
	}
}

// CountCompilations counts the compilations Start makes (not those
// beside an interpreted start), until restore is called.
func CountCompilations() (count func() int, restore func()) {
	var n atomic.Int32
	was := compileModule
	compileModule = func(ctx context.Context, wasm []byte, lim Limits, opts Options) (*compiled, error) {
		n.Add(1)
		return was(ctx, wasm, lim, opts)
	}
	return func() int { return int(n.Load()) }, func() { compileModule = was }
}

// BesideClosed returns whether the runtime of the module s compiled
// beside its interpreted start (which must have finished) is closed.
func BesideClosed(s *Sandbox) func() bool {
	s.bg.mu.Lock()
	c := s.bg.c
	s.bg.mu.Unlock()
	return func() bool {
		_, err := c.rt.CompileModule(context.Background(), []byte("\x00asm\x01\x00\x00\x00"))
		return err != nil
	}
}
