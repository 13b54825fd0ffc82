package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Scenarios for the exit-code table, one per situation.
var exitScenarios = map[string]string{
	// Every expectation holds, and central is safe and live.
	"ok.scn": "algorithm central\nnodes N1 N2\nrequest N2\nrun until N2 enters\nexpect N2 phase = in-cs\nexpect safety holds\n",
	// The same run with an expectation that is false; every property still
	// holds over the completions, so only the expectation can make explore
	// exit 1.
	"false.scn": "algorithm central\nnodes N1 N2\nrequest N2\nrun until N2 enters\nexpect N2 phase = HELD\n",
	// An event that is not possible: the script stops.
	"stop.scn": "algorithm central\nnodes N1 N2\nexit N1\nexpect N1 phase = idle\n",
	// No script; seed 000's first listing deadlocks on a tie.
	"violated.scn": "algorithm ra-v1\nnodes N1 N2\n",
	"bad.scn":      "algorithm nope\nnodes N1 N2\n",
	// Too big for --max-states 10.
	"big.scn": "algorithm ra-benari\nnodes N1 N2 N3\nrequests 2\nexpect safety holds\n",
}

// exitCase is one invocation and the code the guide's table promises (docs/guide.md).
type exitCase struct {
	cmd  string // check, run or explore
	code int
	args []string
	// out, if set, must appear in stdout or stderr.
	out string
}

func exitCases(dir string) []exitCase {
	f := func(name string) string { return filepath.Join(dir, name) }
	return []exitCase{
		{"check", 0, []string{"--algo", "central", "--nodes", "2"}, ""},
		{"check", 1, []string{"--algo", "central", "--nodes", "3", "--props", "order"}, "| order | violated |"},
		{"check", 1, []string{"--algo", "ra-v1", "--nodes", "2"}, "| liveness | violated |"},
		{"check", 2, []string{"--algo", "nope", "--nodes", "2"}, "unknown algorithm"},
		{"check", 2, []string{"--algo", "central", "--nodes", "2", "--max-memory", "lots"}, "--max-memory"},
		{"check", 2, []string{"--algo", "central", "--nodes", "2", "--channels", "lifo"}, "--channels"},
		{"check", 3, []string{"--algo", "central", "--nodes", "3", "--requests", "2", "--max-states", "50"}, "stopped at"},
		{"check", 3, []string{"--algo", "ra-benari", "--nodes", "3", "--requests", "2", "--max-memory", "4MiB"}, "(--max-memory 4 MiB, of which the states may take 3/4)"},
		{"check", 3, []string{"--algo", "ra-benari", "--nodes", "3", "--requests", "2", "--time-limit", "1ns"}, "stopped at 1 states"},
		{"run", 0, []string{f("ok.scn")}, "expectations: 2 ok, 0 not"},
		{"run", 1, []string{f("false.scn")}, "FAIL  line 5: expect N2 phase = HELD"},
		{"run", 1, []string{f("stop.scn")}, "STOPPED"},
		{"run", 2, []string{f("bad.scn")}, "bad.scn:1:"},
		{"run", 2, []string{f("missing.scn")}, "missing.scn"},
		{"run", 3, []string{f("big.scn"), "--max-states", "10"}, "UNKNOWN line 4"},
		{"explore", 0, []string{f("ok.scn")}, "expectations: 2 ok, 0 not"},
		{"explore", 1, []string{f("false.scn")}, "FAIL  line 5: expect N2 phase = HELD  -- N2 phase is in-cs"},
		{"explore", 1, []string{f("stop.scn")}, "STOPPED"},
		{"explore", 1, []string{f("violated.scn")}, "liveness violated"},
		{"explore", 2, []string{f("bad.scn")}, "bad.scn:1:"},
		{"explore", 3, []string{f("big.scn"), "--max-states", "10"}, "UNKNOWN line 4"},
	}
}

// readmeExitTable returns, per command, the exit codes the guide's
// table documents (a cell other than "—").
func readmeExitTable(t *testing.T) map[string]map[int]bool {
	b, err := os.ReadFile("../../docs/guide.md")
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(b), "<!-- exit-codes:start -->")
	require.True(t, ok, "docs/guide.md has no exit-code table")
	table, _, ok := strings.Cut(rest, "<!-- exit-codes:end -->")
	require.True(t, ok)
	var cmds []string
	doc := map[string]map[int]bool{}
	cell := regexp.MustCompile("^`([a-z]+)`$")
	for _, line := range strings.Split(strings.TrimSpace(table), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if cells[0] == "exit" {
			for _, c := range cells[1:] {
				m := cell.FindStringSubmatch(c)
				require.NotNil(t, m, "header cell %q", c)
				cmds = append(cmds, m[1])
				doc[m[1]] = map[int]bool{}
			}
			continue
		}
		code, err := strconv.Atoi(cells[0])
		if err != nil {
			continue // the |---| line
		}
		require.Len(t, cells, len(cmds)+1, line)
		for i, c := range cells[1:] {
			if c != "" && c != "—" {
				doc[cmds[i]][code] = true
			}
		}
	}
	require.Len(t, cmds, 3, "the table covers check, run and explore")
	return doc
}

// TestExitCodeTable produces every exit code the guide documents for
// check, run and explore with a real invocation, and checks that nothing
// undocumented is produced.
func TestExitCodeTable(t *testing.T) {
	dir := t.TempDir()
	for name, src := range exitScenarios {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	doc := readmeExitTable(t)
	covered := map[string]map[int]bool{}
	for _, c := range exitCases(dir) {
		name := c.cmd + " " + strings.ReplaceAll(strings.Join(c.args, " "), dir+string(filepath.Separator), "")
		t.Run(name, func(t *testing.T) {
			assert.True(t, doc[c.cmd][c.code], "the guide documents no exit %d for %s", c.code, c.cmd)
			code, out, errs := runCLI(append([]string{c.cmd}, c.args...)...)
			require.Equal(t, c.code, code, "stdout:\n%s\nstderr:\n%s", out, errs)
			if c.out != "" {
				assert.Contains(t, out+errs, c.out)
			}
		})
		if covered[c.cmd] == nil {
			covered[c.cmd] = map[int]bool{}
		}
		covered[c.cmd][c.code] = true
	}
	for cmd, codes := range doc {
		for code := range codes {
			assert.True(t, covered[cmd][code], "the guide documents exit %d for %s, and no case produces it", code, cmd)
		}
	}
}
