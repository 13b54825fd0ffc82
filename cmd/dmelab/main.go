// Command dmelab is the project's one binary: it lists the algorithms,
// model-checks them (check), and will grow the scenario, grading and serving
// commands.
//
// Exit codes are part of the contract: 0 success (every property holds),
// 1 a violation was found, 2 bad usage or input (one line on stderr),
// 3 search incomplete with no violation found.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
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
%s
Run "dmelab <command> -h" for a command's flags.
`

// command is a subcommand defined in its own file, registered from that
// file's init with register (every command, the first ones included), so
// that adding one touches no other file. It says what its help needs:
// help prints the summary, the usage text, the flags of the FlagSet that
// flags builds (the one run parses) and the notes, without running it.
type command struct {
	summary string
	// usage is the usage line(s), then what the command does; empty for
	// a command whose summary says it all.
	usage string
	// flags builds the command's FlagSet (nil: it takes no flags). Each
	// flag's usage names its argument in backquotes (flag.UnquoteUsage),
	// in a sentence or opening it ("`DIR` the exercises": then help
	// shows the name once), and says the flag's default itself when the
	// default value is not the one to show (one read from the
	// environment, or none at all).
	flags func() *flag.FlagSet
	// notes follow the flags (exit status, warnings).
	notes string
	run   func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name string, c command) {
	commands[name] = c
}

// flagsOf makes a command's FlagSet builder, which also returns the
// values its flags set, into command.flags.
func flagsOf[T any](build func() (*flag.FlagSet, T)) func() *flag.FlagSet {
	return func() *flag.FlagSet {
		fs, _ := build()
		return fs
	}
}

// help prints command name's help on w ("dmelab help check" and
// "dmelab check -h" alike, on stdout with exit 0).
func help(name string, w io.Writer) int {
	c := commands[name]
	fmt.Fprintf(w, "dmelab %s: %s\n", name, c.summary)
	if c.usage != "" {
		fmt.Fprintf(w, "\n%s", c.usage)
	}
	if c.flags != nil {
		head, _, _ := strings.Cut(c.usage, "\n\n")
		fmt.Fprintf(w, "\nflags:\n%s", flagList(c.flags(), usageFlags.FindAllString(head, -1)))
	} else {
		fmt.Fprintln(w, "\n(no flags)")
	}
	if c.notes != "" {
		fmt.Fprintf(w, "\n%s", c.notes)
	}
	return exitOK
}

// helpWidth is the width help wraps flag descriptions to.
const helpWidth = 78

// usageFlags finds the flags a usage line names.
var usageFlags = regexp.MustCompile(`--[a-z][a-z0-9-]*`)

// flagList lists fs's flags, one "--name ARG  what it does (default X)"
// each, the descriptions aligned and wrapped: first the flags the usage
// line names (first, as "--exercise"), in its order, then the others by
// name. A flag's default is added unless it is the zero value or its
// usage speaks of its default itself.
func flagList(fs *flag.FlagSet, first []string) string {
	type row struct{ left, text string }
	var rows []row
	col := 0
	var flags []*flag.Flag
	for _, name := range first {
		if f := fs.Lookup(strings.TrimPrefix(name, "--")); f != nil && !slices.Contains(flags, f) {
			flags = append(flags, f)
		}
	}
	fs.VisitAll(func(f *flag.Flag) {
		if !slices.Contains(flags, f) {
			flags = append(flags, f)
		}
	})
	for _, f := range flags {
		arg, usage := flag.UnquoteUsage(f)
		if !strings.Contains(f.Usage, "`") {
			arg = genericArg[arg] // the flag package's type name
		}
		if strings.HasPrefix(f.Usage, "`"+arg+"` ") {
			usage = strings.TrimPrefix(usage, arg+" ")
		}
		left := "--" + f.Name
		if arg != "" {
			left += " " + arg
		}
		if !strings.Contains(strings.ToLower(usage), "default") && !isZeroDefault(f) {
			usage += " (default " + f.DefValue + ")"
		}
		rows = append(rows, row{left, usage})
		if len(left) <= 20 {
			col = max(col, len(left))
		}
	}
	indent := 2 + col + 2
	var b strings.Builder
	for _, r := range rows {
		line := "  " + r.left + strings.Repeat(" ", max(2, indent-2-len(r.left)))
		start := true
		for _, word := range strings.Fields(r.text) {
			if !start && len(line)+1+len(word) > helpWidth {
				b.WriteString(line + "\n")
				line, start = strings.Repeat(" ", indent), true
			}
			if !start {
				line += " "
			}
			line += word
			start = false
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
}

// genericArg names a flag's argument by its kind where its usage does not
// name it in backquotes: "--walks N", not the flag package's "--walks int".
var genericArg = map[string]string{"int": "N", "uint": "N", "float": "X", "duration": "DURATION", "string": "TEXT", "value": "VALUE"}

// isZeroDefault reports whether f's default is its type's zero value,
// which help does not mention.
func isZeroDefault(f *flag.Flag) bool {
	switch f.DefValue {
	case "", "0", "false", "0s", "[]":
		return true
	}
	return false
}

// usageText lists the built-in commands and the registered ones.
func usageText() string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	width := len("help")
	for _, n := range names {
		width = max(width, len(n))
	}
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, n, commands[n].summary)
	}
	fmt.Fprintf(&b, "  %-*s  %s\n", width, "help", "print this text, or a command's help (dmelab help NAME)")
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
		if _, ok := commands[strings.Join(args[1:], " ")]; ok && len(args) == 2 {
			return help(args[1], stdout)
		}
		fmt.Fprint(stdout, usageText())
		return exitOK
	}
	if c, ok := commands[args[0]]; ok {
		if len(args) == 2 && (args[1] == "-h" || args[1] == "-help" || args[1] == "--help") {
			return help(args[0], stdout)
		}
		return c.run(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "dmelab: unknown command %q (try: dmelab help)\n", args[0])
	return exitUsage
}
