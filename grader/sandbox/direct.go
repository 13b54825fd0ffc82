package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"dmelab/grader/iface"
)

// Building without the go command. Of go build's half second for a
// student's module, about a third is the go command itself: starting,
// loading the packages and deciding what is up to date, before it runs
// the compiler twice (the student's package, the generated main package)
// and the linker once. Everything else in the module is the same for
// every file of a harness version, compiled into Go's build cache. So
// after its first build, which is go build's, a Builder asks go list
// where those archives are (a toolchain, kept beside the modules for the
// next process), and from then on runs the compiler and the linker
// itself, with the flags go build gives them.
//
// go build stays the reference. The direct way only ever succeeds or
// hands over: a file that does not compile, an archive that has gone
// from the build cache (Go trims what it has not used for some days), a
// tool that fails for any other reason, and the build is done again by
// go build, whose errors the feedback quotes and which puts the archives
// back. A build that goes over its time, memory or file size bound is
// refused as go build's would be.

// toolchain is what a direct build needs besides the two source files.
type toolchain struct {
	compile, link string            // the tools' paths
	goVersion     string            // -goversion: the toolchain's runtime.Version
	lang          string            // -lang: the dmelab module's Go version
	archives      map[string]string // import path → archive in the build cache
}

// toolchainFormat names the layout of a toolchain file; a file of
// another layout is ignored.
const toolchainFormat = "dmelab toolchain 1"

// directBuilds is off for tests that want go build's way.
var directBuilds = true

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
// a stale one, and keeps it in memory and in the cache. It runs after a
// build by go build has succeeded, so the archives are in the build
// cache and go list only names them (about 0.15 s). A failure leaves
// the builds to go build.
func (b *Builder) learnToolchain(ctx context.Context, env []string) {
	b.tcMu.Lock()
	defer b.tcMu.Unlock()
	if b.tc != nil && !b.tcStale {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	tc, err := b.askToolchain(ctx, env)
	if err != nil {
		return
	}
	b.tc, b.tcStale = tc, false
	if os.MkdirAll(b.Cache, 0o755) == nil {
		_ = replaceFile(b.toolchainFile(env), tc.encode(), 0o644)
	}
}

// askToolchain runs go env and go list: the tools, and every package a
// module can hold (the glue's, the interfaces', the standard library's a
// student may import, and all they import) with its archive, which go
// list -export compiles into the build cache if it is not there.
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
	out, err := run("env", "GOTOOLDIR", "GOVERSION")
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 {
		return nil, fmt.Errorf("go env: %q", out)
	}
	tc := &toolchain{compile: filepath.Join(lines[0], "compile"), link: filepath.Join(lines[0], "link"),
		goVersion: lines[1], archives: map[string]string{}}
	pkgs := append([]string{"dmelab/grader/guest"}, iface.Std...)
	for _, name := range iface.Names() {
		pkgs = append(pkgs, iface.Lookup(name).Import)
	}
	args := append(append([]string{"list", "-export", "-deps"}, buildFlags...),
		"-f", "{{.ImportPath}}\t{{.Export}}\t{{if .Module}}{{.Module.GoVersion}}{{end}}")
	out, err = run(append(args, pkgs...)...)
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
	paths := make([]string, 0, len(tc.archives))
	for p := range tc.archives {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		fmt.Fprintf(&buf, "%s\t%s\n", p, tc.archives[p])
	}
	return buf.Bytes()
}

// readToolchain reads a toolchain file; nil if it is missing or not one.
func readToolchain(file string) *toolchain {
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
	tc := &toolchain{compile: head[1], link: head[2], goVersion: head[3], lang: head[4], archives: map[string]string{}}
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

// errHandOver is a direct build that go build should do instead.
var errHandOver = errors.New("hand the build over to go build")

// direct builds the module into out without the go command, if it can
// (see above): errHandOver when go build should, and otherwise what
// runBounded said of the step that ended it, with its output.
func (b *Builder) direct(ctx context.Context, env []string, lim buildLimits, tmp, pkg string, glue, src []byte, out string) (buildUsage, string, error) {
	tc := b.knownToolchain(env)
	if tc == nil || goflags(env) != goflags(buildTarget) {
		// A Builder's Env that gives go build flags of its own
		// (GOFLAGS=-gcflags=..., say) leaves its builds to go build.
		return buildUsage{}, "", errHandOver
	}
	use, stderr, err := tc.buildDirect(ctx, env, lim, filepath.Join(tmp, "direct"), pkg, glue, src, out)
	if errors.Is(err, errStale) {
		b.tcMu.Lock()
		b.tcStale = true
		b.tcMu.Unlock()
		return use, stderr, errHandOver
	}
	return use, stderr, err
}

// goflags is the value of the last GOFLAGS in env, as the go command
// reads it.
func goflags(env []string) string {
	v := ""
	for _, kv := range env {
		if f, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			v = f
		}
	}
	return v
}

// errStale is a toolchain naming an archive the build cache no longer
// has, or a tool that is not there.
var errStale = errors.New("an archive or a tool has gone")

// buildDirect builds glue (package main at import path dmelab/pkg) and
// src (dmelab/pkg/student) into out as go build would, in the directory
// tmp (made here). It returns errHandOver for anything go build should
// do again, errStale if an archive has gone, and what the step that
// stopped used, with its output, when a bound stopped it.
func (tc *toolchain) buildDirect(ctx context.Context, env []string, lim buildLimits, tmp, pkg string, glue, src []byte, out string) (buildUsage, string, error) {
	studentPkg := "dmelab/" + pkg + "/student"
	var link strings.Builder
	link.WriteString("# import config\n")
	for p, a := range tc.archives {
		if _, err := os.Stat(a); err != nil {
			return buildUsage{}, "", errStale // trimmed from the build cache
		}
		fmt.Fprintf(&link, "packagefile %s=%s\n", p, a)
	}
	fmt.Fprintf(&link, "packagefile %s=%s\npackagefile main=%s\n", studentPkg,
		filepath.Join(tmp, "student.a"), filepath.Join(tmp, "main.a"))
	steps := []struct {
		dir, file, path, archive string
		text                     []byte
	}{
		{"student", "student.go", studentPkg, "student.a", src},
		{"main", "main.go", "main", "main.a", glue},
	}
	for _, s := range steps {
		dir := filepath.Join(tmp, s.dir)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return buildUsage{}, "", errHandOver
		}
		if err := os.WriteFile(filepath.Join(dir, s.file), s.text, 0o600); err != nil {
			return buildUsage{}, "", errHandOver
		}
		cfg, ok := tc.importConfig(filepath.Join(dir, s.file), s.path == studentPkg, studentPkg, filepath.Join(tmp, "student.a"))
		if !ok {
			return buildUsage{}, "", errHandOver // an import the toolchain does not hold
		}
		if err := os.WriteFile(filepath.Join(tmp, s.dir+".cfg"), []byte(cfg), 0o600); err != nil {
			return buildUsage{}, "", errHandOver
		}
		// The path the module records for the file is go build's: the
		// overlay's, in the module, with -trimpath.
		trim := dir + "=>dmelab/" + pkg
		if s.dir == "student" {
			trim += "/student"
		}
		cmd := exec.CommandContext(ctx, tc.compile, "-o", filepath.Join(tmp, s.archive), "-trimpath", trim,
			"-p", s.path, "-lang="+tc.lang, "-complete", "-dwarf=false", "-goversion", tc.goVersion,
			"-c=2", "-nolocalimports", "-importcfg", filepath.Join(tmp, s.dir+".cfg"), "-pack", filepath.Join(dir, s.file))
		if use, stderr, err := runStep(cmd, tmp, env, lim); err != nil || use.OverMemory {
			return use, stderr, err
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "link.cfg"), []byte(link.String()), 0o600); err != nil {
		return buildUsage{}, "", errHandOver
	}
	cmd := exec.CommandContext(ctx, tc.link, "-o", out, "-importcfg", filepath.Join(tmp, "link.cfg"),
		"-buildmode=c-shared", "-s", "-w", filepath.Join(tmp, "main.a"))
	// GOROOT is not written into the module, as go build -trimpath does.
	return runStep(cmd, tmp, append(env, "GOROOT="), lim)
}

// runStep runs one tool of a direct build under the build's bounds. A
// bound that stopped it is reported in its usage and output (for the
// caller's refusal); any other failure is errHandOver.
func runStep(cmd *exec.Cmd, dir string, env []string, lim buildLimits) (buildUsage, string, error) {
	cmd.Dir, cmd.Env = dir, env
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	use, err := runBounded(cmd, lim)
	if observeBuild != nil {
		observeBuild(use)
	}
	switch {
	case use.OverMemory, cmd.ProcessState != nil && err != nil && wroteTooMuch(stderr.String(), err):
		return use, stderr.String(), err
	case err != nil && cmd.ProcessState == nil && errors.Is(err, fs.ErrNotExist):
		return use, stderr.String(), errStale // the tool is not there
	case err != nil:
		return use, stderr.String(), errHandOver
	}
	return use, "", nil
}

// importConfig is the compiler's import configuration for the file at
// path: each package it imports with its archive (the student's package
// at studentArchive). ok is false if it imports one the toolchain does
// not hold or does not parse, and for the student's file (student) if it
// is a main package or holds a directive (a build constraint, say): what
// go build alone decides. Precheck refuses such files before they are
// built; Build does not count on it.
func (tc *toolchain) importConfig(path string, student bool, studentPkg, studentArchive string) (cfg string, ok bool) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
	if err != nil || student && f.Name.Name == "main" {
		return "", false
	}
	for _, g := range f.Comments {
		for _, c := range g.List {
			if student && directive(c.Text) != "" {
				return "", false
			}
		}
	}
	var b strings.Builder
	b.WriteString("# import config\n")
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			return "", false
		}
		a := tc.archives[p]
		switch {
		case p == studentPkg:
			a = studentArchive
		case p == "unsafe":
			continue // the compiler's own
		case a == "":
			return "", false
		}
		fmt.Fprintf(&b, "packagefile %s=%s\n", p, a)
	}
	return b.String(), true
}
