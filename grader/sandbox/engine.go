package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
)

// Engine is how a module's code runs. Measured on the grader's own
// modules (2.6 MB: the Go runtime, the harness and the student's file) on
// the project's 2-core machine: wazero's interpreter readies a module in
// about 0.25 s and answers a call in about 150 µs; its compiler needs
// about 0.8 s and answers in about 20 µs, and a module it compiled before
// loads from CacheDir in a few tens of milliseconds. A grading makes from
// a hundred to fifteen thousand distinct calls, so neither engine is the
// faster for every exercise; Auto takes both.
type Engine int

const (
	// Interpreter runs every call in wazero's interpreter.
	Interpreter Engine = iota
	// Compiler compiles the module to machine code first (kept in
	// CacheDir, when set, for the next grading of the same module).
	Compiler
	// Auto runs a module compiled before (its mark is in CacheDir)
	// compiled from the start, and compiles first one whose workload's
	// recent gradings made many distinct calls (compileAtStartRuns;
	// Options.Workload), or whose own gradings ran that many interpreted
	// between them (a file graded again: interpretedRuns). Any other
	// starts interpreted; once the
	// grading has run compileAfterRuns distinct calls (twice its
	// workload's usual, when known: backgroundAt), and once a core is
	// idle then or later (spareCore, asked every compileRetry calls),
	// the compiler starts on other goroutines,
	// and each instance started after its code is ready (a hidden
	// test's, or the one after it) runs compiled. What the code answers
	// is the same either way; only how long it takes differs.
	Auto
)

// spareCore reports whether a core is idle now, for the compiler to run
// on: at most GOMAXPROCS-1 threads runnable on the machine (this one
// among them; Linux's /proc/stat says; elsewhere, assumed). With every
// core busy (a deadline's queue of gradings) the compiler's work would
// only slow the others: measured with two gradings at once on two
// cores, always compiling cost a quarter of the throughput.
var spareCore = func() bool {
	stat, err := os.ReadFile("/proc/stat")
	return err != nil || idleCore(stat, runtime.GOMAXPROCS(0))
}

// SpareCore reports whether a core is idle now (see spareCore) at one of
// three readings: the grader runs its last tests beside the others only
// then. A grading's own threads are often two runnable for a moment (wazero
// starts a goroutine for every call, and waking it wakes a thread), so
// one reading on an idle machine often says no; a core another grading
// keeps busy says no at every reading.
func SpareCore() bool { return spareCore() || spareCore() || spareCore() }

// idleCore reads /proc/stat's procs_running (threads runnable now,
// counting the caller) and reports whether fewer than procs are; a stat
// without the line, or with a line it cannot read, says yes, as on a
// system without /proc.
func idleCore(stat []byte, procs int) bool {
	for _, line := range strings.Split(string(stat), "\n") {
		if n, ok := strings.CutPrefix(line, "procs_running "); ok {
			running, err := strconv.Atoi(strings.TrimSpace(n))
			return err != nil || running < procs
		}
	}
	return true
}

// compileAfterRuns is when Auto starts compiling: about 0.15 s of
// interpreted calls. Half the exercises' reference solutions are graded
// in fewer distinct calls (token-ring 96, central 429, raymond 695) and
// never pay for the compiler; the long ones (ra-steps 4,081, lamport
// 15,097) reach it within their first quarter second.
const compileAfterRuns = 1000

// compileRetry is how often, in distinct calls past compileAt, Auto asks
// again whether a core is idle for its compiler: a reading of /proc/stat
// costs about half an interpreted call (33 µs on the 2-core VM).
const compileRetry = 256

var engineNames = []string{"interpreter", "compiler", "auto"}

func (e Engine) String() string {
	if e >= 0 && int(e) < len(engineNames) {
		return engineNames[e]
	}
	return fmt.Sprintf("Engine(%d)", int(e))
}

// ParseEngine reads an engine's name: interpreter, compiler or auto.
func ParseEngine(s string) (Engine, error) {
	for i, n := range engineNames {
		if s == n {
			return Engine(i), nil
		}
	}
	return 0, fmt.Errorf("unknown engine %q (interpreter, compiler or auto)", s)
}

// DefaultCompiledBytes bounds what CacheDir keeps (Options.MaxCacheBytes):
// a compiled module takes about 10 MB there.
const DefaultCompiledBytes = 1 << 30

// compiled is a module compiled to machine code, in a runtime of its own.
type compiled struct {
	rt    wazero.Runtime
	cm    wazero.CompiledModule
	cache wazero.CompilationCache
}

func (c *compiled) close() {
	if c == nil {
		return
	}
	if c.rt != nil {
		c.rt.Close(context.Background())
	}
	if c.cache != nil {
		c.cache.Close(context.Background())
	}
}

// runtimeConfig is the configuration every runtime of a sandbox shares:
// memory bounded, closed when a call's context ends.
func runtimeConfig(cfg wazero.RuntimeConfig, lim Limits) wazero.RuntimeConfig {
	return cfg.WithCloseOnContextDone(true).WithMemoryLimitPages(pagesOf(lim))
}

// pagesOf is lim's memory in WebAssembly's pages of 64 KiB.
func pagesOf(lim Limits) uint32 { return uint32(max(lim.Memory>>16, 1)) }

// compilerAvailable says whether wazero's compiler can run here: it
// generates code for amd64 and arm64 only, on the systems wazero names,
// and panics elsewhere. Auto then interprets every module; Compiler
// says why it cannot.
func compilerAvailable() bool {
	switch runtime.GOOS {
	case "linux", "darwin", "freebsd", "netbsd", "windows":
		return runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64"
	case "dragonfly", "solaris", "illumos":
		return runtime.GOARCH == "amd64"
	}
	return false
}

// compileModule is compile, or a test's stand-in.
var compileModule = compile

// compile compiles wasm with wazero's compiler, through opts.CacheDir's
// file cache when set. Each compilation has its own cache object, closed
// with its runtime: by the sandbox's Close, or, for the few modules a
// process keeps (kept.go), when they are pushed out.
func compile(ctx context.Context, wasm []byte, lim Limits, opts Options) (*compiled, error) {
	if !compilerAvailable() {
		return nil, fmt.Errorf("wazero's compiler does not run on %s/%s (use the interpreter)", runtime.GOOS, runtime.GOARCH)
	}
	if gate := compileGate.Load(); gate != nil {
		<-*gate
	}
	cfg := wazero.NewRuntimeConfigCompiler()
	c := &compiled{}
	if opts.CacheDir != "" {
		if err := os.MkdirAll(opts.CacheDir, 0o700); err == nil {
			if cache, err := wazero.NewCompilationCacheWithDir(opts.CacheDir); err == nil {
				c.cache = cache
				cfg = cfg.WithCompilationCache(cache)
			}
		}
	}
	c.rt = wazero.NewRuntimeWithConfig(ctx, runtimeConfig(cfg, lim))
	if err := instantiateWASI(ctx, c.rt); err != nil {
		c.close()
		return nil, err
	}
	// Functions are compiled on every core at once (and, with more than
	// one worker, the compilation stops when ctx ends).
	workers := max(runtime.GOMAXPROCS(0), 2)
	cm, err := c.rt.CompileModule(experimental.WithCompilationWorkers(ctx, workers), wasm)
	if err != nil {
		c.close()
		return nil, err
	}
	c.cm = cm
	if sum := moduleSum(wasm); opts.CacheDir != "" && !compiledBefore(opts.CacheDir, sum) {
		markCompiled(opts.CacheDir, sum)
		pruneCompiled(opts.CacheDir, opts.MaxCacheBytes)
	}
	return c, nil
}

// background is a compilation running beside an interpreted sandbox.
//
// When the sandbox closes first, a compilation into a CacheDir goes on
// to its end: it only started on an idle core, and the code it leaves
// there is what lets the next grading of the same module start compiled.
// Stopped with the sandbox, it never left any for a grading shorter than
// the compiler (maekawa's reference solution, about 1.4 s), and every
// grading of that file started it again: 1.36 s a grading of the same
// file against 0.98 s once one compilation is let finish (make
// bench-grade, auto/warm/maekawa). Without a CacheDir nothing would use
// it, and it stops; and only one at a time goes on, so that a process
// grading one file after another never has more than one compilation
// at work beyond its gradings' own.
type background struct {
	mu     sync.Mutex
	done   bool
	closed bool
	c      *compiled
	cancel context.CancelFunc
	kept   bool // compiling into a CacheDir: close may let it finish
	orphan bool // it did: the one compilation left running (orphans)
}

// orphans is 1 while a compilation whose sandbox closed is running.
var orphans atomic.Int32

// compileGate, when set (by tests), is waited on before each
// compilation begins: a test holds compilations there to close their
// sandboxes first.
var compileGate atomic.Pointer[chan struct{}]

// compilations counts the background compilations running, for
// WaitCompilations.
var compilations sync.WaitGroup

// WaitCompilations waits for the background compilations still running,
// those whose sandbox closed among them: for a caller that removes the
// CacheDir (a test's temporary directory) or wants the code there before
// it exits.
func WaitCompilations() { compilations.Wait() }

// start compiles wasm on a goroutine of its own.
func (b *background) start(wasm []byte, lim Limits, opts Options) {
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel, b.kept = cancel, opts.CacheDir != ""
	compilations.Add(1)
	go func() {
		defer compilations.Done()
		defer cancel()
		c, err := compile(ctx, wasm, lim, opts)
		b.mu.Lock()
		defer b.mu.Unlock()
		if err != nil || b.closed {
			c.close()
			c = nil
		}
		if b.orphan {
			orphans.Store(0)
		}
		b.c, b.done = c, true
	}()
}

// take returns the compiled module if its compilation has ended, which
// close then leaves to the caller, and nil otherwise.
func (b *background) take() *compiled {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.c
	if b.done {
		b.c = nil
	}
	return c
}

// ready is the compiled module, or nil while it is being compiled (or
// when it could not be: the sandbox then stays interpreted).
func (b *background) ready() *compiled {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.c
}

// close frees the compiled module, now or when its compilation ends
// (which it stops, unless the code goes into a CacheDir and no other
// compilation outlives its sandbox).
func (b *background) close() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	switch {
	case b.done:
		b.c.close()
		b.c = nil
	case b.kept && orphans.CompareAndSwap(0, 1):
		b.orphan = true
	default:
		b.cancel()
	}
}

// moduleSum names a module in CacheDir: its mark, the calls it ran
// interpreted (addInterpreted) and the claim on its compilation.
func moduleSum(wasm []byte) string {
	sum := sha256.Sum256(wasm)
	return hex.EncodeToString(sum[:])
}

// The marks: CacheDir/marks/<sha256 of the module> says the module was
// compiled into CacheDir's file cache (wazero's own keys are not ours to
// compute), so that Auto knows to wait for the compiler.
func markPath(dir, sum string) string { return filepath.Join(dir, "marks", sum) }

func compiledBefore(dir, sum string) bool {
	p := markPath(dir, sum)
	if _, err := os.Stat(p); err != nil {
		return false
	}
	now := time.Now()
	_ = os.Chtimes(p, now, now) // recently used
	return true
}

func markCompiled(dir, sum string) {
	p := markPath(dir, sum)
	if os.MkdirAll(filepath.Dir(p), 0o700) == nil {
		_ = os.WriteFile(p, nil, 0o600)
	}
}

// staleClaim is how old a claim on a module's compilation may be before
// another process takes it over: a compilation takes a second or two,
// so a claim this old is one its process left behind as it died.
const staleClaim = 2 * time.Minute

// claimCompilation claims the compilation of the module named sum, in
// CacheDir/compiling, for this process: ok is false while another holds
// it. release gives it up. Where no claim can be written at all (a
// directory not writable), the module is compiled all the same.
func claimCompilation(dir, sum string) (release func(), ok bool) {
	p := filepath.Join(dir, "compiling", sum)
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
		return func() {}, true
	}
	for try := 0; try < 2; try++ {
		f, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			f.Close()
			return func() { _ = os.Remove(p) }, true
		}
		if !errors.Is(err, fs.ErrExist) {
			return func() {}, true
		}
		info, err := os.Stat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist): // given up meanwhile: claimed again
			continue
		case err != nil || time.Since(info.ModTime()) < staleClaim:
			return nil, false
		}
		_ = os.Remove(p) // left behind: taken over
	}
	return nil, false
}

// pruneCompiled keeps CacheDir within max bytes (0: DefaultCompiledBytes),
// removing the oldest files first, and then the marks not used since the
// newest file it removed was written. A module's code is written when it
// is marked, and its mark's time moves each time compiledBefore finds it;
// so a mark that old has lost its code, and a younger one belongs to a
// module graded lately, whose code is kept or, if it was written long
// ago and removed, compiled once more when the mark sends the next
// grading to the compiler. (Forgetting every mark instead, as this did
// until 2026-11-30, sent a cache at its bound back to the interpreter for
// every module but the newest: under load, where no core is idle to
// compile in the background, the same files were graded interpreted
// again and again.) Wazero's file names are its own, not matched to
// marks. The marks and the remembered runs (expect.go), a few bytes each,
// are not counted.
func pruneCompiled(dir string, limit int64) {
	if limit <= 0 {
		limit = DefaultCompiledBytes
	}
	type file struct {
		path string
		size int64
		mod  time.Time
	}
	var files []file
	var total int64
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if parent := filepath.Base(filepath.Dir(p)); err != nil || d.IsDir() || parent == "marks" || parent == "runs" {
			return nil
		}
		if info, err := d.Info(); err == nil {
			files = append(files, file{p, info.Size(), info.ModTime()})
			total += info.Size()
		}
		return nil
	})
	if total <= limit {
		return
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod.Before(files[j].mod) })
	var removed time.Time // the newest file removed
	for _, f := range files {
		if total <= limit {
			break
		}
		if os.Remove(f.path) == nil {
			total -= f.size
			removed = f.mod
		}
	}
	if removed.IsZero() {
		return
	}
	marks := filepath.Join(dir, "marks")
	entries, _ := os.ReadDir(marks)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && !info.ModTime().After(removed) {
			_ = os.Remove(filepath.Join(marks, e.Name()))
		}
	}
}
