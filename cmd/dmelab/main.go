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
	"sort"
	"strings"
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
%s  help      print this text

Run "dmelab <command> -h" for a command's flags.
`

// command is a subcommand defined in its own file, registered from that
// file's init with register (every command, the first ones included), so
// that adding one touches no other file.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	commands[name] = command{summary, run}
}

// usageText lists the built-in commands and the registered ones.
func usageText() string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "  %-9s %s\n", n, commands[n].summary)
	}
	return fmt.Sprintf(usage, b.String())
}

// run is main without the process: it returns the exit code, so tests and
// the fuzzer can drive it.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usageText())
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usageText())
		return exitOK
	}
	if c, ok := commands[args[0]]; ok {
		return c.run(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "dmelab: unknown command %q (try: dmelab help)\n", args[0])
	return exitUsage
}
