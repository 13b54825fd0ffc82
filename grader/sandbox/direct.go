package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
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

// directBuilds is off for tests that want go build's way.
var directBuilds = true

// errHandOver is a direct build that go build should do instead.
var errHandOver = errors.New("hand the build over to go build")

// direct builds the module into out without the go command, if it can
// (see above): errHandOver when go build should, and otherwise what
// runBounded said of the step that ended it, with its output.
func (b *Builder) direct(ctx context.Context, env []string, lim buildLimits, tmp, pkg string, glue, src []byte, out string) (buildUsage, string, error) {
	tc := b.knownToolchain(env)
	if tc == nil || lastEnv(env, "GOFLAGS") != lastEnv(buildTarget, "GOFLAGS") {
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
