package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"dmelab/grader/iface"
)

// guestDirs returns the directories, relative to root, of the dmelab
// packages a student's module can be built from: those the interfaces'
// glue and students may import (each interface's package), and all that
// they import in turn, read from the import declarations of every
// non-test file whatever its build tags (so a superset of what a wasip1
// build compiles). The explorer, the listings and the rest of the host's
// packages are not among them: a change to those leaves every module
// built before as it was. TestHarnessDirsCoverTheGuestBuild holds this to
// what go list says a build needs.
func guestDirs(root string) ([]string, error) {
	const module = "dmelab/"
	var queue []string
	seen := map[string]bool{}
	add := func(path string) {
		if rel, ok := strings.CutPrefix(path, module); ok && !seen[rel] {
			seen[rel] = true
			queue = append(queue, rel)
		}
	}
	fset := token.NewFileSet()
	for _, name := range iface.Names() {
		in := iface.Lookup(name)
		add(in.Import)
		f, err := parser.ParseFile(fset, name+" glue", in.Glue("STUDENT"), parser.ImportsOnly)
		if err != nil {
			return nil, fmt.Errorf("the %s glue: %v", name, err)
		}
		for _, im := range f.Imports {
			if p, err := strconv.Unquote(im.Path.Value); err == nil && p != "STUDENT" {
				add(p)
			}
		}
	}
	for len(queue) > 0 {
		rel := queue[0]
		queue = queue[1:]
		dir := filepath.Join(root, filepath.FromSlash(rel))
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("the harness's package %s: %v", rel, err)
		}
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ImportsOnly)
			if err != nil {
				return nil, fmt.Errorf("the harness's sources: %v", err)
			}
			for _, im := range f.Imports {
				if p, err := strconv.Unquote(im.Path.Value); err == nil {
					add(p)
				}
			}
		}
	}
	dirs := make([]string, 0, len(seen))
	for rel := range seen {
		dirs = append(dirs, rel)
	}
	sort.Strings(dirs)
	return dirs, nil
}

// harnessVersion hashes everything besides the student's file that goes
// into a module: the Go version, go.mod and go.sum, and every file of the
// packages a module can be built from (guestDirs: the interfaces'
// packages and what they import; their embedded files among them, so
// every file of those directories but tests and testdata), and of the
// glue's generator, grader/iface.
func (b *Builder) harnessVersion(ctx context.Context) (string, error) {
	cmd := exec.CommandContext(ctx, b.goCmd(), "env", "GOVERSION", "GOTOOLDIR")
	cmd.Env = buildEnv()
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("cannot run the go command: %v", err)
	}
	ver, toolDir, _ := strings.Cut(string(out), "\n")
	b.goVersion, b.toolDir = ver, strings.TrimSpace(toolDir) // a direct build's (toolchain.go)
	dirs, err := guestDirs(b.Root)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(ver + "\n"))
	var files []string
	for _, f := range []string{"go.mod", "go.sum"} {
		files = append(files, filepath.Join(b.Root, f))
	}
	for _, dir := range append(dirs, "grader/iface") {
		err := filepath.WalkDir(filepath.Join(b.Root, filepath.FromSlash(dir)), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if (d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0) && !strings.HasSuffix(p, "_test.go") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("the harness's sources: %v", err)
		}
	}
	sort.Strings(files)
	files = slices.Compact(files) // a directory inside another is walked twice
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(b.Root, f)
		fmt.Fprintf(h, "%s:%d:", filepath.ToSlash(rel), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
