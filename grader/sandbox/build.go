package sandbox

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"dmelab/grader/iface"
	"dmelab/grader/report"
	"dmelab/grader/wasmdata"
)

// Builder compiles a student's file together with the harness for
// GOOS=wasip1 GOARCH=wasm. The file is mapped into a package inside the
// dmelab module with go build -overlay (nothing is written into the
// source tree), so the Go build cache of the module is reused and only the
// student's package and the small main package are compiled. Modules are
// cached by the content hash of the file, the interface and the harness.
type Builder struct {
	Root    string        // the dmelab module's directory (holds go.mod)
	Cache   string        // where compiled modules are kept
	Go      string        // the go command ("go" when empty)
	Timeout time.Duration // for one build (DefaultBuildTime when zero)
	// Env is added to go build's environment (GOCACHE=... to choose the
	// build cache).
	Env []string
	// MaxCached bounds the number of modules kept in Cache and
	// MaxCacheBytes their total size (the least recently used go first);
	// 0 means 500 modules and DefaultCacheBytes. A module larger than
	// MaxModule (0: DefaultMaxModule) is not kept at all.
	MaxCached     int
	MaxCacheBytes int64
	MaxModule     int64
	// MaxMemory bounds the resident memory of the whole build (go build
	// and the compiler and linker it runs; in a direct build, see
	// direct.go, each run of the compiler or the linker), MaxWrite the
	// size of any file it writes; 0 means DefaultBuildMemory and DefaultBuildWrite. See
	// runBounded for how, and where they are not enforced.
	MaxMemory int64
	MaxWrite  int64

	once      sync.Once
	version   string
	toolDir   string // the go command's GOTOOLDIR and GOVERSION
	goVersion string
	verErr    error

	tcMu    sync.Mutex // guards tc and tcStale (see toolchain.go)
	tc      *toolchain
	tcStale bool
}

// DefaultCache is where modules are kept unless said otherwise: dmelab's
// directory in the user's cache directory (in the system's temporary
// directory without one). `dmelab grade`, `validate` and the grader's
// tests share it: a module's name is the hash of everything it is built
// from, so each finds what another built.
func DefaultCache() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "dmelab", "modules")
}

// Built is a compiled module.
type Built struct {
	Wasm   []byte
	Key    string // content hash
	Cached bool   // taken from the cache, not compiled now
}

// subdir is where student packages appear (only in the overlay).
const subdir = "grader/internal/sub"

// Build compiles src (the student's file, named filename) for interface
// in. A file that does not compile comes back as a Refusal with positions
// in the student's own file; an error is a failure of the machinery.
func (b *Builder) Build(ctx context.Context, in *iface.Interface, filename string, src []byte) (*Built, *Refusal, error) {
	return b.BuildWithin(ctx, b.Timeout, in, filename, src)
}

// BuildWithin is Build with its own time limit (an exercise's). A build
// that runs over its time, memory or file size bound is a Refusal too.
func (b *Builder) BuildWithin(ctx context.Context, timeout time.Duration, in *iface.Interface, filename string, src []byte) (*Built, *Refusal, error) {
	return b.BuildBounded(ctx, timeout, 0, in, filename, src)
}

// BuildBounded is BuildWithin with its own memory bound too (an
// exercise's build-memory; 0: the Builder's).
func (b *Builder) BuildBounded(ctx context.Context, timeout time.Duration, memory int64, in *iface.Interface, filename string, src []byte) (*Built, *Refusal, error) {
	if memory <= 0 {
		memory = b.MaxMemory
	}
	b.once.Do(func() { b.version, b.verErr = b.harnessVersion(ctx) })
	if b.verErr != nil {
		return nil, nil, b.verErr
	}
	env := append(buildEnv(), b.Env...)
	h := sha256.New()
	for _, part := range []string{b.version, recipe(env), in.Name, in.Glue("STUDENT"), string(src)} {
		fmt.Fprintf(h, "%d:%s", len(part), part)
	}
	key := hex.EncodeToString(h.Sum(nil))
	cached := filepath.Join(b.Cache, key+".wasm")
	if wasm, err := os.ReadFile(cached); err == nil {
		now := time.Now()
		_ = os.Chtimes(cached, now, now) // recently used
		return &Built{Wasm: wasm, Key: key, Cached: true}, nil, nil
	}
	tmp, err := os.MkdirTemp("", "dmelab-build-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	pkg := subdir + "/s" + key[:20]
	studentPath := filepath.Join(b.Root, pkg, "student", "student.go")
	overlay := map[string]map[string]string{"Replace": {
		filepath.Join(b.Root, pkg, "main.go"): filepath.Join(tmp, "main.go"),
		studentPath:                           filepath.Join(tmp, "student.go"),
	}}
	ov, _ := json.Marshal(overlay)
	glue := []byte(in.Glue("dmelab/" + pkg + "/student"))
	for name, data := range map[string][]byte{
		"main.go":      glue,
		"student.go":   src,
		"overlay.json": ov,
	} {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o600); err != nil {
			return nil, nil, err
		}
	}
	if timeout <= 0 {
		timeout = DefaultBuildTime
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out := filepath.Join(tmp, "out.wasm")
	lim := buildLimits{Memory: orDefault(memory, DefaultBuildMemory), Write: orDefault(b.MaxWrite, DefaultBuildWrite)}
	use, stderr, err := buildUsage{}, "", errHandOver
	if directBuilds {
		use, stderr, err = b.direct(cctx, env, lim, tmp, pkg, glue, src, out)
		if err == nil {
			b.keepArchives(ctx, env)
		}
	}
	if errors.Is(err, errHandOver) {
		use, stderr, err = b.goBuild(cctx, env, lim, tmp, pkg, out)
		if err == nil && directBuilds {
			b.learnToolchain(ctx, env, false) // for the next build
		}
	}
	refuse := func(msg string) (*Built, *Refusal, error) {
		return nil, &Refusal{Problems: []report.Problem{{Msg: msg}}}, nil
	}
	switch {
	case use.OverMemory:
		return refuse(fmt.Sprintf("the build needed more than %s of memory", SizeWords(lim.Memory)))
	case cctx.Err() == context.DeadlineExceeded:
		return refuse(fmt.Sprintf("the build did not finish within %s", timeout))
	case ctx.Err() != nil:
		return nil, nil, ctx.Err()
	case err != nil && wroteTooMuch(stderr, err):
		return refuse(fmt.Sprintf("the build wrote more than %s", SizeWords(lim.Write)))
	case err != nil:
		if probs := compileErrors(stderr, filename, src, in.Funcs); len(probs) > 0 {
			return nil, &Refusal{Problems: probs}, nil
		}
		if msg, ok := buildFailure(stderr, filename); ok {
			return refuse(msg)
		}
		return nil, nil, fmt.Errorf("go build: %v: %s", err, clip(stderr, 2000))
	}
	if info, err := os.Stat(out); err != nil {
		return nil, nil, err
	} else if info.Size() > lim.Write {
		return refuse(fmt.Sprintf("the build wrote more than %s", SizeWords(lim.Write)))
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return nil, nil, err
	}
	wasm = wasmdata.ExportGlobals(wasmdata.Merge(wasm, wasmdata.DefaultGap)) // see recipe
	if int64(len(wasm)) > orDefault(b.MaxModule, DefaultMaxModule) {
		return &Built{Wasm: wasm, Key: key}, nil, nil // too large to keep
	}
	if err := os.MkdirAll(b.Cache, 0o755); err == nil {
		part := filepath.Join(tmp, "cached.wasm")
		if os.WriteFile(part, wasm, 0o644) == nil && os.Rename(part, cached) != nil {
			_ = copyFile(part, cached)
		}
		b.prune()
	}
	return &Built{Wasm: wasm, Key: key}, nil, nil
}

// goBuild builds the module of tmp's overlay (main.go and student.go as
// package dmelab/pkg and its student package) into out with go build,
// under lim, and says what it used and wrote.
func (b *Builder) goBuild(ctx context.Context, env []string, lim buildLimits, tmp, pkg, out string) (buildUsage, string, error) {
	args := append(append([]string{"build"}, buildFlags...), "-overlay", filepath.Join(tmp, "overlay.json"), "-o", out, "./"+pkg)
	cmd := exec.CommandContext(ctx, b.goCmd(), args...)
	cmd.Dir = b.Root
	cmd.Env = env
	var output bytes.Buffer
	cmd.Stderr = &output
	cmd.Stdout = &output
	use, err := runBounded(cmd, lim)
	if observeBuild != nil {
		observeBuild(use)
	}
	return use, output.String(), err
}

// copyFile writes src's bytes to dst (for a cache on another file system
// than the temporary directory).
func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return replaceFile(dst, data, 0o644)
}

// replaceFile writes data to path through a temporary file beside it, so
// that a reader (another process sharing the cache) never sees it half
// written.
func replaceFile(path string, data []byte, perm os.FileMode) error {
	part := path + ".part" + strconv.Itoa(os.Getpid())
	err := os.WriteFile(part, data, perm)
	if err == nil {
		err = os.Rename(part, path)
	}
	if err != nil {
		_ = os.Remove(part)
	}
	return err
}

// prune removes the least recently used modules beyond MaxCached or
// MaxCacheBytes.
func (b *Builder) prune() {
	limit, bytes := b.MaxCached, orDefault(b.MaxCacheBytes, DefaultCacheBytes)
	if limit <= 0 {
		limit = 500
	}
	entries, err := os.ReadDir(b.Cache)
	if err != nil {
		return
	}
	type mod struct {
		path string
		at   time.Time
		size int64
	}
	var mods []mod
	for _, e := range entries {
		if info, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ".wasm") {
			mods = append(mods, mod{filepath.Join(b.Cache, e.Name()), info.ModTime(), info.Size()})
		}
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].at.After(mods[j].at) })
	var kept int64
	for i, m := range mods {
		if kept += m.size; i >= limit || kept > bytes {
			_ = os.Remove(m.path)
		}
	}
}

func orDefault(n, def int64) int64 {
	if n > 0 {
		return n
	}
	return def
}

func (b *Builder) goCmd() string {
	if b.Go != "" {
		return b.Go
	}
	return "go"
}

// buildFlags and buildTarget are how every module is built. With GOWASM
// (which go build reads from the environment, and which changes the code
// it makes) they are part of a module's cache key (recipe), so that a
// change to how modules are built builds them again rather than reusing
// what the old way made. -p 4: a build on an empty build cache compiles
// the standard library, one package per core at once by default; four
// keep it far below MaxMemory on a machine with many cores (about 250 MiB
// for two). -buildvcs=false: go build would otherwise stamp the module
// with the checkout's Git state, running git six times a build (a tenth
// of it) and failing every build where git is missing or broken.
var (
	buildFlags  = []string{"-p=4", "-buildmode=c-shared", "-trimpath", "-buildvcs=false", "-ldflags=-s -w"}
	buildTarget = []string{"GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=-mod=readonly", "GOPROXY=off", "GOTOOLCHAIN=local", "GOWORK=off"}
)

// recipe is buildFlags, buildTarget and the GOWASM of env (go build's
// environment: the caller's and the Builder's Env), for the cache key,
// and what is done to go build's module after it: its data segments are
// merged (package wasmdata; BenchmarkInstance: about 38,000 allocations
// an instance down to about 5,600, a compiled instance started in about
// half the time, an interpreted one, whose _initialize is most of it, in
// a tenth to a third less), and its globals exported, so that the
// sandbox can put an instance back as its start left it (reset.go).
func recipe(env []string) string {
	return strings.Join(buildFlags, " ") + "\n" + strings.Join(buildTarget, " ") + "\nGOWASM=" + lastEnv(env, "GOWASM") +
		fmt.Sprintf("\ndata segments merged across %d bytes", wasmdata.DefaultGap) + "\nglobals exported as " + wasmdata.GlobalPrefix
}

// lastEnv is key's value in env: the last one counts, as for go build.
func lastEnv(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if f, ok := strings.CutPrefix(kv, key+"="); ok {
			v = f
		}
	}
	return v
}

// buildEnv is the environment of go build: the caller's (its build cache
// above all), for wasip1, with no cgo, no network and no other toolchain.
func buildEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k == "GOENV" || slices.ContainsFunc(buildTarget, func(t string) bool { return strings.HasPrefix(t, k+"=") }) {
			continue // no go env file; the target is buildTarget's
		}
		env = append(env, kv)
	}
	return append(env, buildTarget...)
}

// FindRoot returns the directory of the dmelab module that holds dir, or
// an error saying how to point the grader at it.
func FindRoot(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if first, _, _ := strings.Cut(string(data), "\n"); err == nil && strings.TrimSpace(first) == "module dmelab" {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", errors.New("not inside the dmelab module (grading compiles the submission with the module's sources: run from the repository or set DMELAB_ROOT)")
		}
		d = parent
	}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
