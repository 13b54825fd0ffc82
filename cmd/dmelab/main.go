// Command dmelab is the project's one binary: it lists the algorithms,
// model-checks them (check), and will grow the scenario, grading and serving
// commands.
//
// Exit codes are part of the contract: 0 success (every property holds),
// 1 a violation was found, 2 bad usage or input (one line on stderr),
// 3 search incomplete with no violation found.
package main

import (
	"bytes"
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

// help prints command name's help on stdout ("dmelab help check" and
// "dmelab check -h" alike), with exit 0. A command with a usage text of
// its own prints it; for one that leaves -h to Go's flag package (its
// flags, on stderr, exit 2), its summary is printed, then those flags.
func help(name string, c command, stdout io.Writer) int {
	var out, flags bytes.Buffer
	if code := c.run([]string{"-h"}, &out, &flags); code == exitOK && out.Len() > 0 {
		stdout.Write(out.Bytes())
		return exitOK
	}
	fmt.Fprintf(stdout, "dmelab %s: %s\n", name, c.summary)
	text := flags.String()
	if strings.HasPrefix(text, "Usage of ") { // the flag package's own heading
		_, text, _ = strings.Cut(text, "\n")
	}
	if strings.HasPrefix(strings.TrimLeft(text, " "), "-") {
		fmt.Fprintf(stdout, "\nflags:\n%s", text)
	} else {
		fmt.Fprintln(stdout, "(no flags)")
	}
	return exitOK
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
		if c, ok := commands[strings.Join(args[1:], " ")]; ok && len(args) == 2 {
			return help(args[1], c, stdout)
		}
		fmt.Fprint(stdout, usageText())
		return exitOK
	}
	if c, ok := commands[args[0]]; ok {
		if len(args) == 2 && (args[1] == "-h" || args[1] == "-help" || args[1] == "--help") {
			return help(args[0], c, stdout)
		}
		return c.run(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "dmelab: unknown command %q (try: dmelab help)\n", args[0])
	return exitUsage
}
