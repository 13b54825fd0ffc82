package main

import (
	"bytes"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"dmelab/grader/exercise"
	"dmelab/grader/pack"
	"dmelab/grader/sandbox"
)

func init() {
	register("pack", "package an exercise for Gradescope or PrairieLearn (make gradescope, make prairielearn)", cmdPack)
}

const packUsage = `usage: dmelab pack gradescope|prairielearn --exercise DIR --binary FILE --out PATH [flags]

gradescope writes the autograder zip (setup.sh, run_autograder, dmelab,
the exercise with its hidden/ folder, the dmelab sources submissions
compile with) to PATH. prairielearn writes the question questions/NAME and
serverFilesCourse/dmelab into the course folder PATH.

flags:
  --exercise DIR     the exercise
  --binary FILE      dmelab built for the platform (GOOS=linux GOARCH=amd64)
  --out PATH         the zip (gradescope) or the course folder (prairielearn)
  --submission NAME  the file students submit (default solution.go, or
                     solution.txt for an exercise that asks for a listing)
  --go-version V     the Go toolchain the platform grades with (default this one's)
  --playground URL   where feedback's replay links point
  --root DIR         the dmelab sources to pack (default: found, or $DMELAB_ROOT)
  --image IMAGE      PrairieLearn's grading image (default golang:MAJOR.MINOR)
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

func cmdPack(args []string, stdout, stderr io.Writer) int {
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "dmelab pack: "+format+"\n", a...)
		return exitUsage
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, packUsage)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	platform := args[0]
	if platform != "gradescope" && platform != "prairielearn" {
		return bad("unknown platform %q (gradescope, prairielearn)", platform)
	}
	fs := flag.NewFlagSet("pack", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	exDir := fs.String("exercise", "", "")
	binary := fs.String("binary", "", "")
	out := fs.String("out", "", "")
	submission := fs.String("submission", "", "")
	goVersion := fs.String("go-version", strings.TrimPrefix(runtime.Version(), "go"), "")
	play := fs.String("playground", "", "")
	root := fs.String("root", os.Getenv("DMELAB_ROOT"), "")
	image := fs.String("image", "", "")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, packUsage)
			return exitOK
		}
		return bad("%s", err)
	}
	switch {
	case fs.NArg() > 0:
		return bad("unexpected argument %q", fs.Arg(0))
	case *exDir == "" || *binary == "" || *out == "":
		return bad("--exercise, --binary and --out are required")
	}
	ex, err := exercise.Load(*exDir, "")
	if err != nil {
		return bad("%s", err)
	}
	bin, err := os.ReadFile(*binary)
	if err != nil {
		return bad("%s", err)
	}
	if err := platformBinary(bin); err != nil {
		return bad("--binary %s: %v", *binary, err)
	}
	if *root == "" {
		wd, _ := os.Getwd()
		if *root, err = sandbox.FindRoot(wd); err != nil {
			return bad("cannot find the dmelab sources to pack: give --root DIR")
		}
	}
	tool := pack.Tool{Binary: bin, GoVersion: *goVersion, Source: os.DirFS(*root)}
	if *play != "" {
		tool.Flags = []string{"--playground", *play}
	}
	if *submission == "" {
		*submission = ex.SolutionFile() // solution.go, or solution.txt for a listing
	}
	pe := pack.Exercise{Name: ex.Name, Title: ex.Title, Statement: ex.Statement, Files: os.DirFS(ex.Dir), Submission: *submission,
		Starter: ex.StarterFile(), Listing: ex.IsListing()}
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
	fmt.Fprintf(stdout, "packed %s for %s into %s\n", ex.Name, platform, *out)
	return exitOK
}
