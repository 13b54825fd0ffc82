//go:build ignore

// Command mtimes (run by .ci/mtimes, which says why) gives every tracked
// file and directory of the clone it is run in a modification time
// derived from what Git holds. It does in one process what one touch a
// file took 20 s to do on the project's VM, and sets the same times: a
// file's is 2001-01-01 plus 7 hex digits of its object id in seconds and
// the next 7 in nanoseconds (mod 10⁹); a directory's is that of the SHA-1
// of its entries' names, each ended by a NUL, in Git's order (what
// `git ls-tree --name-only -z` prints for it). Only the standard library:
// the script's test runs it in throwaway repositories outside the module.
package main

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path"
	"strconv"
	"strings"
	"time"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, ".ci/mtimes:", err)
		os.Exit(1)
	}
}

func git(args ...string) ([]byte, error) {
	out, err := exec.Command("git", args...).Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return out, nil
}

// stampTime is the time an object id (hex) stands for.
func stampTime(id string) (time.Time, error) {
	sec, err := strconv.ParseInt(id[:7], 16, 64)
	if err != nil {
		return time.Time{}, err
	}
	nsec, err := strconv.ParseInt(id[7:14], 16, 64)
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(978307200+sec, nsec%1_000_000_000), nil
}

func stamp(id, p string) error {
	t, err := stampTime(id)
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	fi, err := os.Lstat(p)
	if err != nil {
		return nil // gone from the work tree: nothing to stamp
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		// os.Chtimes follows links; touch -h sets the link's own.
		ts := t.Format("2006-01-02T15:04:05.000000000Z07:00")
		return exec.Command("touch", "-m", "-h", "-d", ts, "--", p).Run()
	}
	return os.Chtimes(p, time.Time{}, t) // the zero time leaves the access time
}

func run() error {
	if _, err := git("rev-parse", "--verify", "-q", "HEAD"); err != nil {
		return fmt.Errorf("not a Git clone with a HEAD")
	}
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	if err := os.Chdir(strings.TrimSpace(string(top))); err != nil {
		return err
	}
	// A file that differs from HEAD keeps its own time: its id is not its
	// content's.
	diff, err := git("diff", "--name-only", "-z", "HEAD")
	if err != nil {
		return err
	}
	changed := map[string]bool{}
	for _, p := range bytes.Split(diff, []byte{0}) {
		changed[string(p)] = true
	}
	tree, err := git("ls-tree", "-r", "-t", "-z", "HEAD")
	if err != nil {
		return err
	}
	// names holds each directory's entries' names in Git's order, which
	// is the order ls-tree -r -t lists them in.
	names := map[string]*bytes.Buffer{".": {}}
	dirs := []string{"."}
	for _, entry := range bytes.Split(tree, []byte{0}) {
		if len(entry) == 0 {
			continue
		}
		meta, p, ok := strings.Cut(string(entry), "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 {
			return fmt.Errorf("ls-tree: unexpected entry %q", entry)
		}
		kind, id := f[1], f[2]
		names[path.Dir(p)].WriteString(path.Base(p) + "\x00")
		if kind == "tree" {
			names[p] = &bytes.Buffer{}
			dirs = append(dirs, p)
			continue
		}
		if changed[p] {
			continue
		}
		if err := stamp(id, p); err != nil {
			return err
		}
	}
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		sum := sha1.Sum(names[d].Bytes())
		if err := stamp(hex.EncodeToString(sum[:])[:14], d); err != nil {
			return err
		}
	}
	return nil
}
