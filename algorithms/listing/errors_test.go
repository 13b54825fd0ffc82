package listing_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/listing"
	"dmelab/algorithms/sim"
)

// TestTranscripts runs testdata/*.txt: what the compiler says about a
// listing (compile), its canonical form (format) and what the explorer
// finds in it (check n=N r=R). Regenerate with go test
// ./algorithms/listing -rewrite, then read the diff as a student would.
//
//	compile | format | check n=2 r=2
//	LISTING TEXT
//	----
//	ERRORS (or "ok") | FORMATTED TEXT | VERDICTS AND COUNTEREXAMPLES
func TestTranscripts(t *testing.T) {
	datadriven.Walk(t, "testdata", func(t *testing.T, path string) {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			switch d.Cmd {
			case "compile":
				if _, err := listing.Algorithm(d.Input + "\n"); err != nil {
					return err.Error() + "\n"
				}
				return "ok\n"
			case "format":
				f, err := listing.Parse(d.Input + "\n")
				if err != nil {
					return err.Error() + "\n"
				}
				out := listing.Format(f)
				again, err := listing.Parse(out)
				if err != nil || listing.Format(again) != out {
					d.Fatalf(t, "formatting the formatted text changed it or failed: %v", err)
				}
				return out
			case "check":
				return check1(t, d)
			}
			d.Fatalf(t, "unknown command %s", d.Cmd)
			return ""
		})
	})
}

func check1(t *testing.T, d *datadriven.TestData) string {
	var n, r int
	d.ScanArgs(t, "n", &n)
	d.ScanArgs(t, "r", &r)
	alg, err := listing.Algorithm(d.Input + "\n")
	if err != nil {
		return err.Error() + "\n"
	}
	res, err := explore.Check(explore.Config{Alg: alg, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r},
		Props: []string{explore.Safety, explore.Liveness}})
	if err != nil {
		return err.Error() + "\n"
	}
	var b strings.Builder
	props := make([]string, 0, len(res.Verdicts))
	for p := range res.Verdicts {
		props = append(props, p)
	}
	sort.Strings(props)
	for _, p := range props {
		fmt.Fprintf(&b, "%s: %s\n", p, res.Verdicts[p])
	}
	for _, p := range props {
		tr := res.Counterexamples[p]
		if tr == nil {
			continue
		}
		fmt.Fprintf(&b, "%s: %s in %d steps\n", p, tr.Kind, len(tr.Steps))
		for i, st := range tr.Steps {
			loop := ""
			if i == tr.Loop {
				loop = " (the cycle starts)"
			}
			fmt.Fprintf(&b, "  %s%s\n", st.Text, loop)
		}
		if k := len(tr.Steps); k > 0 {
			for i, vars := range tr.Steps[k-1].Nodes {
				if _, fault, ok := strings.Cut(vars, "fault="); ok {
					fmt.Fprintf(&b, "  N%d failed: %s\n", i+1, fault)
				}
			}
		}
	}
	return b.String()
}
