package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"
)

// Limits bound what a student's code may use.
type Limits struct {
	Call   time.Duration // processor time of one call into the code (a step, or initialisation; see cpuBudget)
	Total  time.Duration // processor time of all calls of one grading together
	Memory int64         // the module's linear memory, in bytes
	Log    int           // bytes of the code's output kept for feedback
}

// DefaultLimits are used where an exercise says nothing.
var DefaultLimits = Limits{Call: 2 * time.Second, Total: 30 * time.Second, Memory: 64 << 20, Log: 16 << 10}

// OrDefault is l with DefaultLimits where l says nothing.
func (l Limits) OrDefault() Limits {
	d := DefaultLimits
	if l.Call > 0 {
		d.Call = l.Call
	}
	if l.Total > 0 {
		d.Total = l.Total
	}
	if l.Memory > 0 {
		d.Memory = l.Memory
	}
	if l.Log > 0 {
		d.Log = l.Log
	}
	return d
}

// Options choose how modules run.
type Options struct {
	// Engine runs the code: Interpreter (the zero value), Compiler or
	// Auto (see Engine).
	Engine Engine
	// CacheDir keeps the compiler's output between processes, bounded
	// by MaxCacheBytes (0: DefaultCompiledBytes), the oldest removed
	// first (pruneCompiled).
	CacheDir      string
	MaxCacheBytes int64
	// Workload names the kind of work the sandbox does (the grader: the
	// exercise), whose gradings make about as many distinct calls each.
	// With a CacheDir, the sandbox remembers there how many calls its
	// gradings ran; Auto compiles at once a module whose workload ran
	// many (compileAtStartRuns), and beside the interpreter only a
	// grading that runs twice its workload's usual (backgroundAt).
	Workload string
}

// Failure is why a student's code could not be run (at initialisation),
// with what it printed until then.
type Failure struct {
	Msg string
	Log string
	// OutOfTime marks a start that ran out of time, and Interpreted
	// one that did in wazero's interpreter: compiled, it might have
	// finished (see Auto).
	OutOfTime, Interpreted bool
}

func (f *Failure) Error() string { return f.Msg }

// maxRestarts bounds how often a module that crashed (out of memory or
// stack, say) is instantiated again for the next call. A restart after a
// call out of time is not counted here: what those calls lose bounds
// them (lostToTimeouts), and one restart (some milliseconds) is little
// beside the least of them. The calls' own time counts towards the total.
//
// Calls out of time are bounded by the time they lose, not by their
// number: once a call has run out of time, each later call has a tenth
// of the per-call limit (afterTimeout), and calls are refused once the
// calls out of time have used twice the per-call limit (lostToTimeouts).
// Code that loops everywhere costs the host what two timeouts of the
// whole limit did (2 s + 10 × 0.2 s with the defaults), while code that
// loops on one rare path keeps its other calls: it used to be refused
// after its second timeout, and every test after that failed on calls
// that never ran (or passed on them). A tenth of the limit is still a
// thousand times what an honest step takes in the interpreter.
const (
	maxRestarts    = 20
	afterTimeout   = 10
	lostToTimeouts = 2
)

// Sandbox is one student's module, instantiated, answering calls.
type Sandbox struct {
	lim Limits
	rt  wazero.Runtime
	cm  wazero.CompiledModule
	// own is the compiled module when the sandbox started compiled (rt
	// and cm are its); bg the compilation running beside an interpreted
	// start (Auto), whose module later instances take once it is ready.
	own *compiled
	bg  *background
	// wasm and opts are kept for a later compilation (Auto).
	wasm []byte
	opts Options
	// runsDir and workload: where Close remembers Runs, and under
	// what (Options.Workload; "": not remembered).
	runsDir, workload string
	// compileAt is the run at which Auto starts compiling beside the
	// interpreter (see backgroundAt).
	compileAt int
	// sum names the module in CacheDir (sumDir; Auto only), under which
	// Close counts the calls it ran interpreted (addInterpreted).
	sum, sumDir string
	// kept is the process's kept module that own is (kept.go), and
	// keepAs the key under which a module compiled for this sandbox is
	// kept (none without a CacheDir).
	kept   *keptModule
	keepAs keptKey
	// compiledStarts counts the instances started from compiled code,
	// and compiledPutBacks those put back (see reset.go).
	compiledStarts, compiledPutBacks int
	// mems are the instances' linear memories, reused (see memories).
	mems memories
	mod  api.Module
	fn   api.Function
	buf  uint32
	// modRT is the runtime mod came from, src its clocks and random
	// source, start what putBack sets it back to (see reset.go), and
	// putBacks how many fresh instances were the running one put back.
	modRT    wazero.Runtime
	src      *sources
	start    *started
	putBacks int
	memo     map[string]memoEntry
	// isolatedTimeouts are the calls that ran out of time in isolated
	// tests (see Isolate).
	isolatedTimeouts map[string]memoEntry
	used             time.Duration
	starts           int
	// planned counts the fresh instances Isolate asked for (not crashes).
	planned int
	// stopped says why no more calls are made ("" while they are).
	stopped  string
	timeouts int
	// startsOutOfTime counts fresh instances whose start ran out of time.
	startsOutOfTime int
	// overflowsInterpreted counts calls and starts that overflowed their
	// stack in wazero's interpreter, which stops a recursion at a depth
	// (a few thousand nested calls) the compiled code passes well within
	// its 1 MB stack: see InterpreterLimited.
	overflowsInterpreted int
	// lost is the time the calls out of time used (see lostToTimeouts).
	lost time.Duration
	out  output
	// tid is the thread every call comes from, once Pin said so (0: any).
	tid int
	// crashes counts the calls that failed in the code (a trap, a
	// panic, out of time or memory) and the instances that could not
	// start again.
	crashes int
	// twinOf is the sandbox a twin was made of (see twin.go), whose
	// module it runs; compiled says that module is compiled code, and
	// base is the time the sandbox had used when the twin was made.
	twinOf   *Sandbox
	from     *started
	copies   int // instances started as copies of from
	compiled bool
	base     time.Duration
	// Calls counts the calls asked for, Runs those that reached the code.
	Calls, Runs int
	// refused counts the calls not run because the sandbox had stopped.
	refused int
}

// Pin says that every later call comes from the calling goroutine, which
// stays locked to its OS thread (runtime.LockOSThread) until the sandbox
// is closed: a call's processor time is then read without asking the
// system which thread it runs on (a system call a distinct call would
// otherwise make; a grading makes up to fifteen thousand).
func (s *Sandbox) Pin() { s.tid = threadID() }

type memoEntry struct {
	ans []byte
	err error
}

// output receives everything the module writes (stdout and stderr: the
// student's println). It keeps a capped log, unless quiet, and the last
// call's own output for explaining crashes, and counts all of it, quiet
// or not (printed), which says when printing is what took a test's time.
type output struct {
	log       bytes.Buffer
	cap       int
	truncated bool
	quiet     bool
	call      bytes.Buffer
	printed   Printed
}

// Printed is how much a sandbox's code has printed: its lines (newlines)
// and bytes, kept in the log or not.
type Printed struct{ Lines, Bytes int64 }

// Since is what was printed after then, an earlier reading.
func (p Printed) Since(then Printed) Printed {
	return Printed{Lines: p.Lines - then.Lines, Bytes: p.Bytes - then.Bytes}
}

func (o *output) Write(p []byte) (int, error) {
	o.printed.Lines += int64(bytes.Count(p, []byte{'\n'}))
	o.printed.Bytes += int64(len(p))
	if o.call.Len() < 4096 {
		o.call.Write(p[:min(len(p), 4096-o.call.Len())])
	}
	if !o.quiet {
		room := o.cap - o.log.Len()
		if len(p) > room {
			o.truncated = true
			p = p[:max(room, 0)]
		}
		o.log.Write(p)
	}
	return len(p), nil
}

// Start compiles wasm and instantiates it (running the student's package
// initialisation). A Failure means the student's code failed there.
func Start(ctx context.Context, wasm []byte, lim Limits, opts Options) (*Sandbox, error) {
	lim = lim.OrDefault()
	s := &Sandbox{lim: lim, memo: map[string]memoEntry{}}
	s.out.cap = lim.Log
	loadErr := func(err error) error {
		if f := memoryOverLimit(err, lim.Memory); f != nil {
			return f
		}
		return fmt.Errorf("the module does not load: %v", err)
	}
	if opts.CacheDir != "" && opts.Workload != "" {
		s.runsDir, s.workload = opts.CacheDir, opts.Workload
	}
	expected := 0
	if s.workload != "" {
		expected = expectedRuns(s.runsDir, s.workload)
	}
	s.compileAt = backgroundAt(expected)
	auto := opts.Engine == Auto && compilerAvailable()
	first := opts.Engine == Compiler
	if (auto || first) && opts.CacheDir != "" {
		s.keepAs = keptKey{moduleSum(wasm), opts.CacheDir, pagesOf(lim)}
		if k := takeKept(s.keepAs); k != nil {
			// Compiled already, in this process: nothing to choose.
			s.kept, s.own, s.rt, s.cm = k, k.c, k.c.rt, k.c.cm
			auto, first = false, false
		}
	}
	if auto && opts.CacheDir != "" {
		s.sum, s.sumDir = s.keepAs.sum, opts.CacheDir
		switch {
		case compiledBefore(opts.CacheDir, s.sum), expected >= compileAtStartRuns:
			first = true
		case interpretedRuns(opts.CacheDir, s.sum) >= compileAtStartRuns:
			// Paid for by its interpreted gradings: compiled first by
			// one process at a time, the others interpreting meanwhile
			// (a burst brings the same file to every worker at once).
			var release func()
			if release, first = claimCompilation(opts.CacheDir, s.sum); first {
				defer release()
			}
		}
	}
	if first {
		c, err := compileModule(ctx, wasm, lim, opts)
		switch {
		case err == nil:
			s.own, s.rt, s.cm = c, c.rt, c.cm
			if s.keepAs.sum != "" {
				s.kept = keep(s.keepAs, c, 1)
			}
		case opts.Engine == Compiler:
			return nil, loadErr(err)
		default:
			// Auto chose the compiler, which could not take the module
			// (a machine that refuses executable memory, say): it is
			// interpreted, as it would have been without the choice,
			// and not compiled again beside, nor counted towards it.
			auto, s.sum = false, ""
		}
	}
	if s.own == nil {
		if auto {
			s.wasm, s.opts = wasm, opts // for the compiler, if the grading turns out long
		}
		s.rt = wazero.NewRuntimeWithConfig(ctx, runtimeConfig(wazero.NewRuntimeConfigInterpreter(), lim))
		if err := instantiateWASI(ctx, s.rt); err != nil {
			s.Close()
			return nil, err
		}
		cm, err := s.rt.CompileModule(ctx, wasm)
		if err != nil {
			s.Close()
			return nil, loadErr(err)
		}
		s.cm = cm
	}
	if err := s.instantiate(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func instantiateWASI(ctx context.Context, rt wazero.Runtime) error {
	_, err := wasi_snapshot_preview1.Instantiate(ctx, rt)
	return err
}

// instantiate starts a fresh instance: no arguments, no environment, no
// files, no network, fake clocks and a fixed random source (wazero's
// defaults), all output to the capped log.
func (s *Sandbox) instantiate() error {
	s.starts++
	s.mems.reuse() // no call of this sandbox runs now
	ctx, stop, cancel := cpuBudget(s.budget(), s.tid)
	defer cancel()
	// The start and the harness's first call run under the budget; what
	// they used counts once either ends the start.
	stopped := false
	finish := func() {
		if !stopped {
			stopped = true
			s.used += stop()
		}
	}
	defer finish()
	ctx = experimental.WithMemoryAllocator(ctx, &s.mems)
	s.out.call.Reset()
	src := newSources()
	mc := wazero.NewModuleConfig().WithName("").WithStartFunctions("_initialize").
		WithStdout(&s.out).WithStderr(&s.out).
		WithNanotime(src.nanotime, 1).WithWalltime(src.walltime, sys.ClockResolution(time.Microsecond)).
		WithRandSource(src)
	rt, cm := s.rt, s.cm
	if c := s.bg.ready(); c != nil {
		rt, cm = c.rt, c.cm
	}
	if s.own != nil || rt != s.rt {
		s.compiledStarts++
	}
	if s.from != nil {
		// A twin's instance: its sandbox's start copied, without running
		// the start again (see twin.go).
		if s.instantiateCopy(ctx, rt, cm, mc.WithStartFunctions(), src) {
			return nil
		}
	}
	mod, err := rt.InstantiateModule(ctx, cm, mc)
	if err != nil {
		msg := s.explain(ctx, err) // before the time counts: the limit it names is the one in force
		finish()
		log, _ := s.Log()
		out := timedOut(ctx)
		interpreted := rt == s.rt && s.own == nil
		deep := interpreted && s.overflowed(err)
		if deep {
			s.overflowsInterpreted++
		}
		return &Failure{Msg: "the file's initialisation " + msg, Log: log, OutOfTime: out, Interpreted: (out || deep) && interpreted}
	}
	buf, fn := mod.ExportedFunction("dmelab_buf"), mod.ExportedFunction("dmelab_call")
	if buf == nil || fn == nil {
		mod.Close(context.Background())
		return errors.New("the module lacks the harness's exports")
	}
	r, err := buf.Call(ctx)
	if err != nil || len(r) != 1 {
		mod.Close(context.Background())
		return &Failure{Msg: "the harness did not start: " + s.explain(ctx, err)}
	}
	s.mod, s.fn, s.buf = mod, fn, uint32(r[0])
	s.modRT, s.src, s.start = rt, src, keepStart(mod, src, s.buf)
	return nil
}

// budget is the time the next call may take: the per-call limit, or what
// is left of the total.
func (s *Sandbox) budget() time.Duration {
	return max(min(s.callLimit(), s.lim.Total-s.used), time.Millisecond)
}

// callLimit is the time one call may take: the per-call limit, or a
// tenth of it once a call has run out of time (see afterTimeout).
func (s *Sandbox) callLimit() time.Duration {
	if s.timeouts > 0 {
		return s.lim.AfterTimeout()
	}
	return s.lim.Call
}

// AfterTimeout is the time one call may take once a call has run out of
// time (see afterTimeout).
func (l Limits) AfterTimeout() time.Duration {
	return max(l.Call/afterTimeout, time.Millisecond)
}

// LostToTimeouts is the time the calls out of time may take in all
// before the sandbox refuses the calls after them (see lostToTimeouts).
func (l Limits) LostToTimeouts() time.Duration { return lostToTimeouts * l.Call }

// SetQuiet stops (true) or resumes keeping the code's output in the log.
// The grader keeps it quiet during hidden tests: what the code prints
// there would reveal them.
func (s *Sandbox) SetQuiet(q bool) { s.out.quiet = q }

// Log is what the code printed while not quiet, and whether it was cut.
func (s *Sandbox) Log() (string, bool) { return s.out.log.String(), s.out.truncated }

// Printed is how much the code has printed so far, quiet or not (a twin
// counts its own).
func (s *Sandbox) Printed() Printed { return s.out.printed }

// LogCap is how many bytes of what the code prints the log keeps.
func (s *Sandbox) LogCap() int { return s.out.cap }

// Used is the processor time the code has used (its calls' thread's; wall
// time where that cannot be read, and for a call shorter than shortCall,
// which it bounds).
func (s *Sandbox) Used() time.Duration { return s.used }

// Call answers req by running the student's code, once per distinct
// request: a request seen before gets the same answer (or error) again.
func (s *Sandbox) Call(req []byte) ([]byte, error) {
	s.Calls++
	// Looked up without copying req into a string (most calls are
	// answered here: 289,000 of maekawa's 293,000); copied only to be kept.
	if e, ok := s.memo[string(req)]; ok {
		return e.ans, e.err
	}
	ans, err := s.call(req)
	if _, no := err.(refusal); no {
		// Not kept in the memo: a refusal says nothing of the request.
		s.refused++
		return nil, err
	}
	s.memo[string(req)] = memoEntry{ans, err}
	return ans, err
}

// refusal is the error of a call the sandbox did not run, having stopped
// (see Stopped).
type refusal string

func (r refusal) Error() string { return string(r) }

// Stopped says why the sandbox runs no more calls ("" while it does):
// the code ran out of time too often, used up its total time, or crashed
// too often, or its module could not start again.
func (s *Sandbox) Stopped() string { return s.stopped }

// Refused counts the calls the sandbox did not run, having stopped.
func (s *Sandbox) Refused() int { return s.refused }

func (s *Sandbox) call(req []byte) ([]byte, error) {
	if s.stopped == "" && s.used >= s.lim.Total {
		s.stopped = fmt.Sprintf("was not run: the code has used up the time limit for the whole submission (%s)", s.lim.Total)
	}
	if s.stopped != "" {
		return nil, refusal(s.stopped)
	}
	if s.mod == nil || s.mod.IsClosed() {
		if s.starts-s.planned-s.timeouts > maxRestarts {
			s.stopped = "was not run: the code crashed too often"
			return nil, refusal(s.stopped)
		}
		if err := s.instantiate(); err != nil {
			s.crashes++
			if f, ok := err.(*Failure); ok && f.OutOfTime {
				s.startsOutOfTime++
			}
			s.stopped = "was not run: " + err.Error()
			return nil, refusal(s.stopped)
		}
	}
	if len(req) > 1<<16 {
		return nil, errors.New("request too large")
	}
	s.Runs++
	// No core idle at compileAt (another grading, or this one's walks
	// running beside it: see the grader), the compiler may still start
	// once one is: the core is asked again every compileRetry runs.
	if s.Runs >= s.compileAt && (s.Runs-s.compileAt)%compileRetry == 0 && s.wasm != nil && spareCore() {
		s.bg = &background{}
		s.bg.start(s.wasm, s.lim, s.opts)
		s.wasm = nil
	}
	if !s.mod.Memory().Write(s.buf, req) {
		return nil, errors.New("the sandbox's buffer is out of reach")
	}
	ctx, stop, cancel := cpuBudget(s.budget(), s.tid)
	defer cancel()
	s.out.call.Reset()
	r, err := s.fn.Call(ctx, uint64(len(req)))
	used := stop()
	defer func() { s.used += used }()
	if err != nil {
		if s.own == nil && s.modRT == s.rt && s.overflowed(err) {
			s.overflowsInterpreted++
		}
		s.kill()
		s.crashes++
		msg := s.explain(ctx, err)
		if timedOut(ctx) {
			s.timeouts++
			if s.lost += used; s.lost >= s.lim.LostToTimeouts() {
				s.stopped = fmt.Sprintf("was not run: the code ran out of time %d times", s.timeouts)
			}
			return nil, outOfTime(msg)
		}
		return nil, errors.New(msg)
	}
	n := uint32(r[0])
	ans, ok := s.mod.Memory().Read(s.buf, n)
	if !ok || n == 0 {
		return nil, errors.New("the sandbox returned no answer")
	}
	return bytes.Clone(ans), nil
}

// kill closes an instance that failed: a Go module is not usable after a
// trap, and the next call starts a fresh one.
func (s *Sandbox) kill() {
	if s.mod != nil {
		s.mod.Close(context.Background())
	}
}

// explain says in words why a call failed.
func (s *Sandbox) explain(ctx context.Context, err error) string {
	if timedOut(ctx) {
		// The call's budget was the per-call limit, or what was left of
		// the total: name the limit, not the remainder.
		if s.budget() < s.callLimit() {
			return fmt.Sprintf("did not finish: the code used up the time limit for the whole submission (%s)", s.lim.Total)
		}
		if s.timeouts > 0 {
			return fmt.Sprintf("did not finish within %s (the limit for one call once a call has run out of time)", s.callLimit())
		}
		return fmt.Sprintf("did not finish within %s (the limit for one call)", s.lim.Call)
	}
	out := s.out.call.String()
	switch {
	case strings.Contains(out, "out of memory"):
		return fmt.Sprintf("ran out of memory (the limit is %d MiB)", s.lim.Memory>>20)
	case s.overflowed(err):
		return "overflowed its stack (a recursion that does not end?)"
	case strings.Contains(out, "all goroutines are asleep"):
		return "blocked forever (all goroutines are asleep)"
	}
	if i := strings.Index(out, "panic: "); i >= 0 && (i == 0 || out[i-1] == '\n') {
		line, _, _ := strings.Cut(out[i+len("panic: "):], "\n")
		return "panicked: " + strings.TrimSuffix(line, " [recovered]")
	}
	if i := strings.Index(out, "fatal error: "); i >= 0 {
		line, _, _ := strings.Cut(out[i:], "\n")
		return "crashed: " + line
	}
	var exit *sys.ExitError
	if errors.As(err, &exit) {
		return fmt.Sprintf("stopped the program (exit code %d)", exit.ExitCode())
	}
	msg, _, _ := strings.Cut(fmt.Sprint(err), "\n")
	return "crashed: " + msg
}

// Close frees the module, and the compiled code when it is not being
// compiled any longer (else once its compilation ends).
func (s *Sandbox) Close() {
	if s.twinOf != nil {
		s.kill() // its instance; the module and its runtime are twinOf's
		return
	}
	if s.workload != "" && s.Runs > 0 {
		rememberRuns(s.runsDir, s.workload, s.Runs)
		s.workload = "" // once
	}
	if s.sum != "" && s.own == nil && s.bg == nil && s.Runs > 0 {
		// Interpreted to the end: counted towards compiling the module
		// the next time (a compilation begun beside marks it instead).
		addInterpreted(s.sumDir, s.sum, s.Runs)
		s.sum = ""
	}
	switch {
	case s.kept != nil:
		s.kept.release()
	case s.own != nil:
		s.own.close()
	default:
		s.rt.Close(context.Background())
	}
	if s.keepAs.sum != "" {
		if c := s.bg.take(); c != nil {
			keep(s.keepAs, c, 0) // compiled beside: for the next sandbox
		}
	}
	s.bg.close() // closes what it compiled unless taken
}

// Forget keeps this grading's calls out of its workload's record (see
// Options.Workload): a grading stopped early, to be graded again, is not
// one to go by.
func (s *Sandbox) Forget() { s.workload = "" }

// OutOfTime reports whether the code ran out of time: a call over its
// limit, or the submission's whole time used up.
func (s *Sandbox) OutOfTime() bool {
	return s.timeouts > 0 || s.startsOutOfTime > 0 || s.used >= s.lim.Total
}

// overflowed says whether the call (or start) that failed with err
// overflowed its stack: Go's own limit (compiled code) or the
// interpreter's depth of nested calls.
func (s *Sandbox) overflowed(err error) bool {
	out := s.out.call.String()
	return strings.Contains(out, "stack exceeds") || strings.Contains(out, "stack overflow") || strings.Contains(fmt.Sprint(err), "stack overflow")
}

// InterpreterLimited reports whether a call or a start overflowed its
// stack while interpreted. wazero's interpreter stops a recursion a few
// thousand calls deep, where the compiled code (whose Go stack is
// bounded at 1 MB) may well finish: like running out of time, it is a
// limit of the engine, and Auto's verdict is the compiler's.
func (s *Sandbox) InterpreterLimited() bool { return s.overflowsInterpreted > 0 }

// Compiled reports whether every instance ran compiled (the sandbox
// started with the compiler): what ran out of time here would have in
// any grading.
func (s *Sandbox) Compiled() bool { return s.own != nil }

// CompilerAvailable reports whether wazero's compiler runs on this
// machine (Auto interprets everything where it does not).
func CompilerAvailable() bool { return compilerAvailable() }

// Engine says how the code ran: "interpreter", "compiler", or
// "interpreter, then compiler (K of N instances)".
func (s *Sandbox) Engine() string {
	switch {
	case s.own != nil:
		return "compiler"
	case s.compiledStarts == 0:
		return "interpreter"
	}
	return fmt.Sprintf("interpreter, then compiler (%d of %d instances)", s.compiledStarts+s.compiledPutBacks, s.starts+s.putBacks)
}

// Isolate starts a fresh instance of the module with an empty memo for
// what follows, until the returned function is called, which starts
// another fresh instance and brings the earlier memo back. The grader
// isolates each hidden test this way: nothing the code keeps in package
// variables, and no memoised answer, can carry what it saw there into a
// test whose messages are shown. Fresh starts do not count as restarts.
//
// Calls that ran out of time are the exception, in one direction: an
// isolated test starts with those of the shown tests and of the isolated
// tests before it, so that a request that loops is not run (and its time
// lost) again in every hidden test that meets it, which would soon use
// up what timeouts may lose and leave the later tests unrun. Nothing
// goes back: a shown test never learns what timed out while isolated.
func (s *Sandbox) Isolate() (restore func()) {
	shown := s.memo
	s.fresh()
	s.memo = map[string]memoEntry{}
	for _, from := range []map[string]memoEntry{shown, s.isolatedTimeouts} {
		for k, e := range from {
			if _, ok := e.err.(outOfTime); ok {
				s.memo[k] = e
			}
		}
	}
	return func() {
		for k, e := range s.memo {
			if _, ok := e.err.(outOfTime); ok {
				if s.isolatedTimeouts == nil {
					s.isolatedTimeouts = map[string]memoEntry{}
				}
				s.isolatedTimeouts[k] = e
			}
		}
		s.fresh()
		s.memo = shown
	}
}

// outOfTime is the error of a call that ran out of time.
type outOfTime string

func (e outOfTime) Error() string { return string(e) }

// Fresh makes the next call start a fresh instance of the module, with
// the memo kept.
func (s *Sandbox) Fresh() { s.fresh() }

// fresh closes the running instance: the next call instantiates the
// module again, which is not counted against maxRestarts.
func (s *Sandbox) fresh() {
	if s.mod != nil && !s.mod.IsClosed() {
		if s.putBack() {
			return
		}
		s.kill()
		s.planned++
	}
}
