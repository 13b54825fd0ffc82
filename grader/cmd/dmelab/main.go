// Command dmelab is the project's one binary: it lists the algorithms,
// model-checks them (check), and will grow the scenario, grading and serving
// commands.
//
// Exit codes are part of the contract: 0 success (every property holds),
// 1 a violation was found, 2 bad usage or input (one line on stderr),
// 3 search incomplete with no violation found.
package main

import (
	"fmt"
	"io"
	"os"
)

const (
	exitOK         = 0
	exitViolation  = 1
	exitUsage      = 2
	exitIncomplete = 3
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: dmelab <command> [flags]

commands:
  list      print every algorithm name, one per line
  check     model-check an algorithm: dmelab check --algo NAME --nodes N --requests R
  run       run a scenario file: its script, the default policy, its expectations
  explore   run a scenario's script, then explore every completion of it
  fmt       print a scenario file in canonical form
  counter   seed 002's shared counter: lost updates without mutual exclusion, none with it
  help      print this text

Run "dmelab <command> -h" for a command's flags.
`

// run is main without the process: it returns the exit code, so tests and
// the fuzzer can drive it.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "list":
		return cmdList(args[1:], stdout, stderr)
	case "check":
		return cmdCheck(args[1:], stdout, stderr)
	case "run":
		return cmdRun(args[1:], stdout, stderr)
	case "explore":
		return cmdExplore(args[1:], stdout, stderr)
	case "fmt":
		return cmdFmt(args[1:], stdout, stderr)
	case "counter":
		return cmdCounter(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "dmelab: unknown command %q (try: dmelab help)\n", args[0])
	return exitUsage
}
