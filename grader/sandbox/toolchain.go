package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"dmelab/grader/iface"
)

// A toolchain is what a direct build (direct.go) needs besides the two
// source files: the go command's compiler and linker, and where in Go's
// build cache each package a module can hold has its archive. A Builder
// learns it from go list after its first build, keeps it in memory and
// in a file beside the modules, and reads that file in the next process.

// toolchain is one Builder's (see above).
type toolchain struct {
	compile, link string            // the tools' paths
	goVersion     string            // -goversion: the toolchain's runtime.Version
	lang          string            // -lang: the dmelab module's Go version
	archives      map[string]string // import path → archive in the build cache
	// asked is when go list last named the archives (its file's time,
	// for a toolchain read from its file); see keepArchives.
	asked time.Time
}

// askAgainAfter is how old a toolchain may be before a direct build asks
// go list again (keepArchives): a day, well inside the five days after
// which Go trims from its build cache what it has not used.
const askAgainAfter = 24 * time.Hour

// toolchainFormat names the layout of a toolchain file; a file of
// another layout is ignored.
const toolchainFormat = "dmelab toolchain 1"

// knownToolchain returns b's toolchain for env from memory or from its
// file in the cache; nil if there is none yet, or if the one known has
// named an archive that is gone (stale). It never runs the go command:
// a build that finds none is go build's, and learnToolchain, after it,
// asks go list, so that neither the question nor a fresh machine's
// compilation of the standard library counts against a student's time.
func (b *Builder) knownToolchain(env []string) *toolchain {
	b.tcMu.Lock()
	defer b.tcMu.Unlock()
	if b.tcStale {
		return nil
	}
	if b.tc == nil {
		b.tc = readToolchain(b.toolchainFile(env))
	}
	// The file names the programs a build runs: only the go command's
	// own tools are run (the cache holds nothing else that runs outside
	// the sandbox).
	if b.tc != nil && (b.tc.compile != filepath.Join(b.toolDir, "compile") || b.tc.link != filepath.Join(b.toolDir, "link")) {
		b.tc = nil
	}
	return b.tc
}

// toolchainFile is where the toolchain of b's harness version, recipe and
// build cache is kept.
func (b *Builder) toolchainFile(env []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", toolchainFormat, b.version, recipe(env))
	for _, kv := range env {
		if strings.HasPrefix(kv, "GOCACHE=") || strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "XDG_CACHE_HOME=") {
			fmt.Fprintf(h, "%s\n", kv) // where the archives are
		}
	}
	return filepath.Join(b.Cache, "toolchain-"+hex.EncodeToString(h.Sum(nil))[:20])
}

// learnToolchain asks the go command for b's toolchain, if b has none or
// a stale one (or always, again), and keeps it in memory and in the
// cache. It runs after a build has succeeded, so the archives are in
// the build cache and go list only names them (about 0.15 s). A failure
// leaves the builds to go build.
func (b *Builder) learnToolchain(ctx context.Context, env []string, again bool) {
	b.tcMu.Lock()
	known := b.tc != nil && !b.tcStale
	b.tcMu.Unlock()
	if known && !again {
		return
	}
	// Asked without the lock, so that a build beside this one is not
	// held up (it goes to go build); two builds may ask at once.
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	tc, err := b.askToolchain(ctx, env)
	if err != nil {
		return
	}
	b.tcMu.Lock()
	b.tc, b.tcStale = tc, false
	b.tcMu.Unlock()
	if os.MkdirAll(b.Cache, 0o755) == nil {
		_ = replaceFile(b.toolchainFile(env), tc.encode(), 0o644)
	}
}

// askToolchain runs go list for every package a module can hold (the
// glue's, the interfaces', the standard library's a student may import,
// and all they import) with its archive, which go list -export compiles
// into the build cache if it is not there. The tools and the version are
// those harnessVersion read from go env.
func (b *Builder) askToolchain(ctx context.Context, env []string) (*toolchain, error) {
	run := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, b.goCmd(), args...)
		cmd.Dir, cmd.Env = b.Root, env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go %s: %v: %s", args[0], err, clip(stderr.String(), 500))
		}
		return out, nil
	}
	tc := &toolchain{compile: filepath.Join(b.toolDir, "compile"), link: filepath.Join(b.toolDir, "link"),
		goVersion: b.goVersion, archives: map[string]string{}, asked: time.Now()}
	pkgs := append([]string{"dmelab/grader/guest"}, iface.Std...)
	for _, name := range iface.Names() {
		pkgs = append(pkgs, iface.Lookup(name).Import)
	}
	args := append(append([]string{"list", "-export", "-deps"}, buildFlags...),
		"-f", "{{.ImportPath}}\t{{.Export}}\t{{if .Module}}{{.Module.GoVersion}}{{end}}")
	out, err := run(append(args, pkgs...)...)
	if err != nil {
		return nil, err
	}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("go list: %q", l)
		}
		if f[1] != "" {
			tc.archives[f[0]] = f[1]
		}
		if f[2] != "" && tc.lang == "" {
			v := strings.Split(f[2], ".")
			tc.lang = "go" + strings.Join(v[:min(len(v), 2)], ".")
		}
	}
	if tc.lang == "" || tc.archives["runtime"] == "" || tc.archives["dmelab/grader/guest"] == "" {
		return nil, errors.New("go list did not name the runtime's and the harness's archives")
	}
	// go build links a main package with the GODEBUG defaults of go.mod's
	// Go version when it is older than the toolchain's, or with go.mod's
	// godebug lines: those builds are left to it.
	if !strings.HasPrefix(tc.goVersion+".", tc.lang+".") {
		return nil, fmt.Errorf("the toolchain (%s) is newer than the module's language (%s)", tc.goVersion, tc.lang)
	}
	if mod, err := os.ReadFile(filepath.Join(b.Root, "go.mod")); err != nil || bytes.Contains(mod, []byte("godebug")) {
		return nil, errors.New("go.mod sets GODEBUG defaults")
	}
	return tc, nil
}

func (tc *toolchain) encode() []byte {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%s\n%s\n%s\n%s\n%s\n", toolchainFormat, tc.compile, tc.link, tc.goVersion, tc.lang)
	for _, p := range slices.Sorted(maps.Keys(tc.archives)) {
		fmt.Fprintf(&buf, "%s\t%s\n", p, tc.archives[p])
	}
	return buf.Bytes()
}

// keepArchives asks go list again, after a direct build, when the
// toolchain is older than askAgainAfter. A direct build reads the
// archives without telling Go's build cache, which trims what has not
// been used for five days; go list -export uses every archive it names,
// as go build would. Without it a server that built only directly for
// five days would find its archives gone, once any go command on the
// machine had trimmed the cache, and the next build would compile the
// standard library again for one student, within their build's time.
func (b *Builder) keepArchives(ctx context.Context, env []string) {
	b.tcMu.Lock()
	due := b.tc != nil && !b.tcStale && time.Since(b.tc.asked) > askAgainAfter
	if due {
		b.tc.asked = time.Now() // one build asks; the others need not
	}
	b.tcMu.Unlock()
	if due {
		b.learnToolchain(ctx, env, true)
	}
}

// readToolchain reads a toolchain file; nil if it is missing or not one.
func readToolchain(file string) *toolchain {
	info, err := os.Stat(file)
	if err != nil {
		return nil
	}
	data, err := os.ReadFile(file)
	if err != nil || len(data) > 1<<20 {
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	var head []string
	for len(head) < 5 && sc.Scan() {
		head = append(head, sc.Text())
	}
	if len(head) < 5 || head[0] != toolchainFormat {
		return nil
	}
	tc := &toolchain{compile: head[1], link: head[2], goVersion: head[3], lang: head[4], archives: map[string]string{},
		asked: info.ModTime()}
	for sc.Scan() {
		p, a, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			return nil
		}
		tc.archives[p] = a
	}
	if tc.archives["runtime"] == "" {
		return nil
	}
	return tc
}
