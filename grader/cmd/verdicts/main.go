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
	Reduced         bool                       `json:"reduced"`
	ElapsedMS       int64                      `json:"elapsed_ms"`
	Properties      map[string]string          `json:"properties"`
	Counterexamples map[string]json.RawMessage `json:"counterexamples"`
}

func main() {
	bin := flag.String("bin", "bin/dmelab", "the dmelab binary")
	readme := flag.String("readme", "", "README file whose verdict table to replace")
	limit := flag.Duration("limit", time.Minute, "time limit per search")
	only := flag.String("algo", "", "only this algorithm")
	flag.Parse()
	algos, err := exec.Command(*bin, "list").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "verdicts: dmelab list:", err)
		os.Exit(1)
	}
	var b strings.Builder
	b.WriteString("| algorithm | N | R | safety | liveness | order | states (safety, liveness) | states (order) | shortest counterexamples | time |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, algo := range strings.Fields(string(algos)) {
		if *only != "" && algo != *only {
			continue
		}
		for _, n := range []int{2, 3, 4} {
			for _, r := range []int{1, 2} {
				// Safety and liveness in one search, Order in another (it
				// needs ghost state the reduction cannot use), each with
				// its own time limit.
				sl := check(*bin, algo, n, r, "safety,liveness", *limit)
				or := outcome{problem: "—", took: "0s"} // Order is about enter() calls
				if !strings.HasPrefix(algo, "election-") {
					or = check(*bin, algo, n, r, "order", *limit)
				}
				row := fmt.Sprintf("| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s |", algo, n, r,
					sl.verdict("safety"), sl.verdict("liveness"), or.verdict("order"),
					sl.states(), or.states(), joinCE(sl.ce("safety"), sl.ce("liveness"), or.ce("order")), sl.took+" + "+or.took)
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

// outcome is one dmelab check run as the table shows it.
type outcome struct {
	res     *result
	problem string // "not finished within 1m0s", an error...
	took    string
}

func (o outcome) verdict(p string) string {
	if o.res == nil && o.problem == "—" {
		return "—"
	}
	if o.res == nil {
		return "unknown"
	}
	return mark(o.res.Properties[p])
}

func (o outcome) states() string {
	if o.res == nil {
		return o.problem
	}
	s := fmt.Sprint(o.res.States)
	if !o.res.Complete {
		s += " (incomplete)"
	}
	if o.res.Reduced {
		s += " (reduced)"
	}
	return s
}

func (o outcome) ce(p string) string {
	if o.res == nil {
		return ""
	}
	var c struct {
		Kind   string `json:"kind"`
		Length int    `json:"length"`
	}
	raw, ok := o.res.Counterexamples[p]
	if !ok || json.Unmarshal(raw, &c) != nil {
		return ""
	}
	return fmt.Sprintf("%s: %s in %d", p, c.Kind, c.Length)
}

func joinCE(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	if len(keep) == 0 {
		return "—"
	}
	return strings.Join(keep, "; ")
}

func check(bin, algo string, n, r int, props string, limit time.Duration) outcome {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "check", "--algo", algo, "--nodes", fmt.Sprint(n), "--requests", fmt.Sprint(r), "--props", props, "--time-limit", "0", "--max-memory", "20GiB", "--json")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	took := fmt.Sprintf("%.1fs", time.Since(start).Seconds())
	if ctx.Err() != nil {
		return outcome{problem: "not finished within " + limit.String(), took: "> " + limit.String()}
	}
	var ee *exec.ExitError
	if err != nil && (!errors.As(err, &ee) || ee.ExitCode() == 2) {
		return outcome{problem: "error: " + strings.TrimSpace(errb.String()), took: took}
	}
	var res result
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return outcome{problem: "bad output", took: took}
	}
	return outcome{res: &res, took: took}
}

func mark(v string) string {
	if v == "violated" {
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
