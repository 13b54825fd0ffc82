package main

import (
	"bytes"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"dmelab/grader/exercise"
	"dmelab/grader/pack"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
	"dmelab/grader/validate"
)

func init() {
	register("pack", command{
		summary: "package an exercise for Gradescope or PrairieLearn (make gradescope, make prairielearn)",
		usage:   packUsage,
		flags:   flagsOf(packFlags),
		notes:   packNotes,
		run:     cmdPack,
	})
}

type packOpts struct {
	exDir, binary, out, submission, goVersion string
	play, hidden, vis, root, image            string
}

func packFlags() (*flag.FlagSet, *packOpts) {
	o := &packOpts{}
	fl := flag.NewFlagSet("pack", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	fl.StringVar(&o.exDir, "exercise", "", "`DIR` the exercise")
	fl.StringVar(&o.binary, "binary", "", "`FILE` dmelab built for the platform (CGO_ENABLED=0 GOOS=linux GOARCH=amd64)")
	fl.StringVar(&o.play, "playground", "", "`URL` the playground students open the replay links of their feedback in (required: your course's, not localhost)")
	fl.StringVar(&o.out, "out", "", "`PATH` the zip (gradescope) or the course folder (prairielearn)")
	fl.StringVar(&o.hidden, "hidden", "", "`DIR` hidden schedules kept outside the exercise, as for grade (DIR/NAME if it exists, else DIR itself); packed as hidden/")
	fl.StringVar(&o.vis, "hidden-visibility", "", "`V` Gradescope visibility of hidden tests: after_due_date (default), after_published, hidden, visible")
	fl.StringVar(&o.submission, "submission", "", "`NAME` the file students submit (default solution.go, or solution.txt for an exercise that asks for a listing)")
	fl.StringVar(&o.goVersion, "go-version", strings.TrimPrefix(runtime.Version(), "go"), "`V` the Go toolchain the platform grades with (default this one's)")
	fl.StringVar(&o.root, "root", os.Getenv("DMELAB_ROOT"), "`DIR` the dmelab sources to pack (default: found, or $DMELAB_ROOT)")
	fl.StringVar(&o.image, "image", "", "`IMAGE` PrairieLearn's grading image (default golang:MAJOR.MINOR)")
	return fl, o
}

const packUsage = `usage: dmelab pack gradescope|prairielearn --exercise DIR --binary FILE --playground URL --out PATH [flags]

gradescope writes the autograder zip (setup.sh, run_autograder, dmelab,
the exercise with its hidden/ folder, the dmelab sources submissions
compile with) to PATH. prairielearn writes the question questions/NAME,
serverFilesCourse/dmelab (what every grading job gets) and
serverFilesCourse/dmelab-image (a Dockerfile for a warm grading image,
with no hidden schedule and no solution in it) into the course folder
PATH.
`

const packNotes = `Warnings (on stderr; the package is still written): an exercise that
dmelab validate has not validated as it is now, or found wrong, one with
no hidden test, no mutant, or the statement dmelab new wrote, and a binary
linked to the C library (build it with CGO_ENABLED=0).
`

// platformBinary checks that bin is dmelab built for the platforms'
// machines (linux/amd64): a wrong file packs without complaint otherwise,
// and every student's submission then meets a broken autograder.
func platformBinary(bin []byte) error {
	const how = "build it with GOOS=linux GOARCH=amd64 go build ./cmd/dmelab (make gradescope does)"
	f, err := elf.NewFile(bytes.NewReader(bin))
	if err != nil {
		return fmt.Errorf("not a Linux executable: %s", how)
	}
	defer f.Close()
	if f.Machine != elf.EM_X86_64 {
		return fmt.Errorf("built for %s, not amd64: %s", f.Machine, how)
	}
	if !bytes.Contains(bin, []byte(packUsage[:40])) {
		return fmt.Errorf("a Linux executable, but not dmelab: %s", how)
	}
	return nil
}

// dynamicLinking says what bin, a Linux executable, needs of the machine
// it runs on ("libc.so.6 (GLIBC_2.34)"), or "" if it is static. dmelab
// built with cgo (go build's default where a C compiler is found) links
// the C library of the machine it was built on, and does not start on an
// autograder image with an older one.
func dynamicLinking(bin []byte) string {
	f, err := elf.NewFile(bytes.NewReader(bin))
	if err != nil {
		return ""
	}
	defer f.Close()
	libs, _ := f.ImportedLibraries()
	interp := false
	for _, p := range f.Progs {
		interp = interp || p.Type == elf.PT_INTERP
	}
	if len(libs) == 0 && !interp {
		return ""
	}
	if len(libs) == 0 {
		return "a dynamic loader"
	}
	glibc := ""
	syms, _ := f.ImportedSymbols()
	for _, s := range syms {
		if strings.HasPrefix(s.Version, "GLIBC_") && glibcLess(glibc, s.Version) {
			glibc = s.Version
		}
	}
	if glibc != "" {
		return strings.Join(libs, ", ") + " (" + glibc + ")"
	}
	return strings.Join(libs, ", ")
}

// glibcLess compares symbol versions GLIBC_2.9 < GLIBC_2.34.
func glibcLess(a, b string) bool {
	num := func(v string) []int {
		var n []int
		for _, f := range strings.Split(strings.TrimPrefix(v, "GLIBC_"), ".") {
			x, _ := strconv.Atoi(f)
			n = append(n, x)
		}
		return n
	}
	return slices.Compare(num(a), num(b)) < 0
}

// playgroundURL checks the playground address a package's feedback links
// to. It is required, not defaulted: grade's default,
// report.DefaultPlaygroundURL, is the instructor's own machine
// (localhost), and a replay link to it is dead for every student on the
// platform. An instructor packing for a course expects the links in
// students' feedback to open, so pack refuses, at the instructor's
// terminal, rather than ship dead links (or quietly leave them out) to
// every student.
func playgroundURL(s string) error {
	const how = "give --playground URL, the address your course serves the playground at (dmelab serve, or the Worker: see docs/serving.md); make gradescope and make prairielearn pass PLAYGROUND=URL"
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("no playground for the replay links in students' feedback: %s (without one they would point to %s, which students on the platform cannot open)", how, report.DefaultPlaygroundURL)
	}
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return fmt.Errorf("--playground %q: not an http or https URL: %s", s, how)
	}
	h := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if ip := net.ParseIP(h); h == "localhost" || strings.HasSuffix(h, ".localhost") || (ip != nil && (ip.IsLoopback() || ip.IsUnspecified())) {
		return fmt.Errorf("--playground %q is this machine: students on the platform cannot open it; %s", s, how)
	}
	return nil
}

// hiddenFolder is the folder grade --hidden DIR reads an exercise's
// hidden tests from: DIR/NAME if it exists, else DIR.
func hiddenFolder(dir, name string) (string, error) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return "", fmt.Errorf("--hidden %s: not a folder", dir)
	}
	if st, err := os.Stat(filepath.Join(dir, name)); err == nil && st.IsDir() {
		return filepath.Join(dir, name), nil
	}
	return dir, nil
}

// packWarnings is what the packed exercise still lacks: pack writes the
// package anyway (packing a draft to try it on the platform is a normal
// step) but says so, since each of these reaches students unnoticed
// otherwise.
//
// pack does not grade (validate takes seconds to minutes), but it says
// when validate has not judged the exercise as it is now, its files and
// hidden tests (validate.Validated, from validate's records in
// recordDir), or found it wrong, with the command to run (dir is the
// exercise as the command line gave it): the reference's full marks, a starter
// that compiles and every mutant caught are validate's to check.
func packWarnings(ex *exercise.Exercise, dir, hidden, recordDir string) []string {
	var w []string
	run := "dmelab validate " + dir
	if hidden != "" {
		run = "dmelab validate --hidden " + hidden + " " + dir
	}
	switch r := validate.Validated(recordDir, ex); {
	case !r.Known:
		w = append(w, fmt.Sprintf("%s was not validated as it is now (pack checks that it loads, not that its reference gets full marks or that its tests catch its mutants): run %s first", ex.Name, run))
	case !r.OK:
		w = append(w, fmt.Sprintf("dmelab validate found %s wrong as it is now (%s): fix it and run %s before students see it", ex.Name, r.Problem, run))
	case r.OtherBuild:
		w = append(w, fmt.Sprintf("%s was validated by another build of dmelab, which may grade otherwise: run %s again", ex.Name, run))
	}
	w = append(w, validate.Unfinished(ex)...) // the statement or schedules dmelab new wrote, no hidden test
	if len(ex.Mutants) == 0 {
		w = append(w, "no mutants/: nothing shows that the tests catch a wrong solution (dmelab validate checks it)")
	}
	return w
}

func cmdPack(args []string, stdout, stderr io.Writer) int {
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "dmelab pack: "+format+"\n", a...)
		return exitUsage
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		help("pack", stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	platform := args[0]
	if platform != "gradescope" && platform != "prairielearn" {
		return bad("unknown platform %q (gradescope, prairielearn)", platform)
	}
	fl, o := packFlags()
	exDir, binary, out, submission, goVersion := &o.exDir, &o.binary, &o.out, &o.submission, &o.goVersion
	play, hidden, vis, root, image := &o.play, &o.hidden, &o.vis, &o.root, &o.image
	if err := fl.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("pack", stdout)
		}
		return bad("%s", err)
	}
	switch {
	case fl.NArg() > 0:
		return bad("unexpected argument %q", fl.Arg(0))
	case *exDir == "" || *binary == "" || *out == "":
		return bad("--exercise, --binary and --out are required")
	case *vis != "" && platform != "gradescope":
		return bad("--hidden-visibility is Gradescope's (PrairieLearn shows a hidden test's name and counterexample)")
	}
	if err := playgroundURL(*play); err != nil {
		return bad("%s", err)
	}
	if *vis != "" {
		if _, err := report.Gradescope(&report.Result{}, report.GradescopeOptions{HiddenVisibility: *vis}); err != nil {
			return bad("--hidden-visibility: %s", strings.TrimPrefix(err.Error(), "report: "))
		}
	}
	ex, err := exercise.Load(*exDir, *hidden)
	if err != nil {
		return bad("%s", err)
	}
	var hiddenFS fs.FS
	if *hidden != "" {
		dir, err := hiddenFolder(*hidden, ex.Name)
		if err != nil {
			return bad("%s", err)
		}
		hiddenFS = os.DirFS(dir)
	}
	bin, err := os.ReadFile(*binary)
	if err != nil {
		return bad("%s", err)
	}
	if err := platformBinary(bin); err != nil {
		return bad("--binary %s: %v", *binary, err)
	}
	var warnings []string
	if libs := dynamicLinking(bin); libs != "" {
		warnings = append(warnings, fmt.Sprintf("--binary %s is linked dynamically to %s of the machine it was built on: it will not start on an autograder image with an older C library; build it with CGO_ENABLED=0 GOOS=linux GOARCH=amd64 (make gradescope does)", *binary, libs))
	}
	warnings = append(warnings, packWarnings(ex, *exDir, *hidden, validate.RecordDir())...)
	if *root == "" {
		wd, _ := os.Getwd()
		if *root, err = sandbox.FindRoot(wd); err != nil {
			return bad("cannot find the dmelab sources to pack: give --root DIR")
		}
	}
	tool := pack.Tool{Binary: bin, GoVersion: *goVersion, Source: os.DirFS(*root), Flags: []string{"--playground", strings.TrimSpace(*play)}}
	if *vis != "" {
		tool.Flags = append(tool.Flags, "--hidden-visibility", *vis)
	}
	if *submission == "" {
		*submission = ex.SolutionFile() // solution.go, or solution.txt for a listing
	}
	pe := pack.Exercise{Name: ex.Name, Title: ex.Title, Statement: ex.Statement, Files: os.DirFS(ex.Dir), Submission: *submission,
		Starter: ex.StarterFile(), Listing: ex.IsListing(), Hidden: hiddenFS}
	switch platform {
	case "gradescope":
		var b bytes.Buffer
		if err := pack.GradescopeZip(&b, pe, tool); err != nil {
			return bad("%s", err)
		}
		if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
			return bad("%s", err)
		}
	case "prairielearn":
		if err := pack.PrairieLearn(*out, pe, tool, pack.PLOptions{Image: *image}); err != nil {
			return bad("%s", err)
		}
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "dmelab pack: warning: %s\n", w)
	}
	fmt.Fprintf(stdout, "packed %s for %s into %s: %s, %s, replay links to %s\n", ex.Name, platform, *out,
		countOf(len(ex.Public), "public schedule"), countOf(len(ex.Hidden)+len(ex.Walks), "hidden test"), strings.TrimSpace(*play))
	return exitOK
}

// countOf is "1 public schedule", "3 public schedules".
func countOf(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
