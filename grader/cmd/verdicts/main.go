// Command verdicts builds README.md's verdict table: it runs
// `dmelab check --json` for every algorithm at N = 2, 3 (and 4 where the
// search finishes within the time limit) and R = 1, 2, and prints a
// Markdown table; with -readme it replaces the table between the
// <!-- verdicts --> markers of README.md.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

type result struct {
	States          int                        `json:"states"`
	Transitions     int                        `json:"transitions"`
	Complete        bool                       `json:"complete"`
	ElapsedMS       int64                      `json:"elapsed_ms"`
	Properties      map[string]string          `json:"properties"`
	Counterexamples map[string]json.RawMessage `json:"counterexamples"`
	Counterexample  *struct {
		Property string `json:"property"`
		Kind     string `json:"kind"`
		Length   int    `json:"length"`
	} `json:"counterexample"`
}

func main() {
	bin := flag.String("bin", "bin/dmelab", "the dmelab binary")
	readme := flag.String("readme", "", "README file whose verdict table to replace")
	limit := flag.Duration("limit", time.Minute, "time limit per search")
	flag.Parse()
	algos, err := exec.Command(*bin, "list").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "verdicts: dmelab list:", err)
		os.Exit(1)
	}
	var b strings.Builder
	b.WriteString("| algorithm | N | R | states | transitions | safety | liveness | order | shortest counterexample | time |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, algo := range strings.Fields(string(algos)) {
		for _, n := range []int{2, 3, 4} {
			for _, r := range []int{1, 2} {
				// Rows that time out stay in the table, marked as such.
				row := check(*bin, algo, n, r, *limit)
				fmt.Fprintln(os.Stderr, row)
				b.WriteString(row + "\n")
			}
		}
	}
	if *readme == "" {
		fmt.Print(b.String())
		return
	}
	if err := replace(*readme, b.String()); err != nil {
		fmt.Fprintln(os.Stderr, "verdicts:", err)
		os.Exit(1)
	}
}

func check(bin, algo string, n, r int, limit time.Duration) string {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "check", "--algo", algo, "--nodes", fmt.Sprint(n), "--requests", fmt.Sprint(r), "--json")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start).Round(100 * time.Millisecond)
	if ctx.Err() != nil {
		return fmt.Sprintf("| %s | %d | %d | — | — | — | — | — | not finished within %s | |", algo, n, r, limit)
	}
	var ee *exec.ExitError
	if err != nil && (!errors.As(err, &ee) || ee.ExitCode() == 2) {
		return fmt.Sprintf("| %s | %d | %d | error: %s | | | | | | |", algo, n, r, strings.TrimSpace(errb.String()))
	}
	var res result
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return fmt.Sprintf("| %s | %d | %d | bad output | | | | | | |", algo, n, r)
	}
	ce := "—"
	if c := res.Counterexample; c != nil {
		ce = fmt.Sprintf("%s: %s, %d steps", c.Property, c.Kind, c.Length)
	}
	return fmt.Sprintf("| %s | %d | %d | %d | %d | %s | %s | %s | %s | %s |", algo, n, r, res.States, res.Transitions,
		mark(res.Properties["safety"]), mark(res.Properties["liveness"]), mark(res.Properties["order"]), ce, took)
}

func mark(v string) string {
	switch v {
	case "holds":
		return "holds"
	case "violated":
		return "**violated**"
	}
	return v
}

const startMark, endMark = "<!-- verdicts:start -->", "<!-- verdicts:end -->"

func replace(path, table string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, startMark), strings.Index(s, endMark)
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %s … %s markers", path, startMark, endMark)
	}
	s = s[:i+len(startMark)] + "\n" + table + s[j:]
	return os.WriteFile(path, []byte(s), 0o644)
}
