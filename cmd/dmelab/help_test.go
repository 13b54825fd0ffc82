package main

import (
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every command answers "dmelab help NAME" and "dmelab NAME -h" alike,
// on stdout with exit 0, saying what it does and every flag of the
// FlagSet it registered (the README sends readers there for a command's
// flags): a flag the help leaves out fails here.
func TestEveryCommandHasHelp(t *testing.T) {
	require.NotEmpty(t, commands)
	for name, c := range commands {
		t.Run(name, func(t *testing.T) {
			code, out, errs := runCLI("help", name)
			assert.Equal(t, exitOK, code, errs)
			assert.Empty(t, errs)
			assert.True(t, strings.HasPrefix(out, "dmelab "+name+": "+c.summary+"\n"), out)
			assert.NotContains(t, out, "commands:", "the command's help, not the list of commands")
			for _, h := range []string{"-h", "-help", "--help"} {
				code, out2, errs := runCLI(name, h)
				assert.Equal(t, exitOK, code, h)
				assert.Empty(t, errs, h)
				assert.Equal(t, out, out2, h)
			}
			if c.flags == nil {
				assert.Contains(t, out, "\n(no flags)\n")
				return
			}
			_, list, ok := strings.Cut(out, "\nflags:\n")
			require.True(t, ok, "no flags section:\n%s", out)
			n := 0
			c.flags().VisitAll(func(f *flag.Flag) {
				n++
				arg, _ := flag.UnquoteUsage(f)
				if !strings.Contains(f.Usage, "`") {
					arg = genericArg[arg]
				}
				want := "\n  --" + f.Name
				if arg != "" {
					want += " " + arg
				}
				assert.Contains(t, "\n"+list, want+"  ", "--%s is not in the help:\n%s", f.Name, out)
				assert.NotEmpty(t, strings.TrimSpace(f.Usage), "--%s says nothing", f.Name)
			})
			assert.Positive(t, n, "a FlagSet with no flags: leave flags nil")
		})
	}
}

// The help lists a command's flags as its usage line names them, then
// by name, each with what it does, its default (unless it is the zero
// value or the usage says it), wrapped to helpWidth.
func TestFlagList(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.String("out", "", "`FILE` where to write")
	fs.String("exercise", "", "`DIR` the exercise folder, which holds exercise.md, public/, hidden/ and mutants/ and the solutions")
	fs.Int("workers", 4, "grading workers") // named by its kind: N, not int
	fs.Int("cores", 0, "`N` cores (default: every core)")
	fs.Bool("quiet", false, "no progress")
	fs.String("algo", "none", "the `ALGO` to guard with")
	got := flagList(fs, usageFlags.FindAllString("usage: x --out FILE [--exercise DIR] [flags]", -1))
	assert.Equal(t, `  --out FILE      where to write
  --exercise DIR  the exercise folder, which holds exercise.md, public/,
                  hidden/ and mutants/ and the solutions
  --algo ALGO     the ALGO to guard with (default none)
  --cores N       cores (default: every core)
  --quiet         no progress
  --workers N     grading workers (default 4)
`, got)
}

// A command's "-h" after other arguments is its help too, and a bad
// flag is one line on stderr with exit 2.
func TestHelpAfterFlagsAndBadFlag(t *testing.T) {
	_, want, _ := runCLI("help", "check")
	code, out, errs := runCLI("check", "--nodes", "3", "-h")
	assert.Equal(t, exitOK, code)
	assert.Empty(t, errs)
	assert.Equal(t, want, out)
	for _, name := range []string{"check", "counter", "metrics", "verdicts", "run", "explore", "fmt", "backup", "serve", "validate", "grade", "grade-worker"} {
		code, out, errs := runCLI(name, "--no-such-flag")
		assert.Equal(t, exitUsage, code, name)
		assert.Empty(t, out, name)
		assert.Equal(t, "dmelab "+name+": flag provided but not defined: -no-such-flag\n", errs, name)
	}
}

// "dmelab help" lists every command, help last, each summary starting at
// one column whatever the longest name.
func TestCommandListAligned(t *testing.T) {
	code, out, _ := runCLI("help")
	require.Equal(t, exitOK, code)
	_, list, ok := strings.Cut(out, "commands:\n")
	require.True(t, ok, out)
	list, _, _ = strings.Cut(list, "\n\n")
	lines := strings.Split(list, "\n")
	require.Len(t, lines, len(commands)+1, out)
	assert.True(t, strings.HasPrefix(lines[len(lines)-1], "  help "), out)
	col := -1
	for _, l := range lines {
		name := strings.Fields(l)[0]
		if name != "help" {
			assert.Contains(t, commands, name)
		}
		at := len(l) - len(strings.TrimLeft(l[2+len(name):], " "))
		if col < 0 {
			col = at
		}
		assert.Equal(t, col, at, "%q starts its summary elsewhere", l)
	}
}
