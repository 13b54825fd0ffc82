package grade

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"dmelab/algorithms/diag"
	"dmelab/algorithms/listing"
	"dmelab/algorithms/sim"
	"dmelab/grader/exercise"
	"dmelab/grader/report"
	"dmelab/grader/sandbox"
)

// maxListing bounds a submitted listing: the seeds are about 1.5 KB, and
// the compiler's work grows with the text.
const maxListing = 64 << 10

// gradeListing grades a listing exercise: the submission is a listing,
// compiled on the host by algorithms/listing, so there is nothing to build
// and no sandbox; the plan's tests run on the compiled algorithm exactly
// as on a Go submission's, within the same guard (the exercise's total
// time, shared out between the tests, and the memory bound), because a
// listing can describe a state space that no search finishes.
func (g *Grader) gradeListing(ctx context.Context, ex *exercise.Exercise, filename string, src []byte, res *report.Result, plan []planned,
	fail func(report.Status, []report.Problem) (*report.Result, error)) (*report.Result, error) {
	alg, probs := compileListing(ex, filename, src)
	if len(probs) > 0 {
		return fail(report.CompileError, probs)
	}
	// The counterexamples run on this listing: their replay links carry it.
	res.Listing = string(src)
	total := ex.Limits.Total
	if total <= 0 {
		total = sandbox.DefaultLimits.Total
	}
	t0 := time.Now()
	runtime.LockOSThread() // the guard's clock is this thread's CPU time
	defer runtime.UnlockOSThread()
	gd := newGuard(total, len(plan))
	stopWatch := make(chan struct{})
	defer close(stopWatch)
	go watchMemory(gd.setOver, g.maxMemory(), stopWatch)
	rn := &runner{ex: ex, alg: alg, ctx: ctx, searched: map[*exercise.Explore]searchResult{}, guard: gd, total: total, maxMem: g.maxMemory()}
	for i, t := range plan {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t1 := time.Now()
		gd.begin(len(plan) - i)
		rt, err := runListingTest(rn, t)
		if err != nil {
			return nil, err
		}
		res.Tests = append(res.Tests, rt)
		res.Score += rt.Points
		g.progress("%-40s %5.1f/%-4.1f %s", rt.Name, rt.Points, rt.MaxPoints, time.Since(t1).Round(time.Millisecond))
		if g.stopAfter(rt, plan[i+1:], res) {
			break
		}
	}
	res.Status = report.Graded
	g.progress("graded in %s", time.Since(t0).Round(time.Millisecond))
	return res, nil
}

// runListingTest runs one test; a panic other than the guard's (a fault
// of the listing's runtime on text nobody foresaw) fails that test alone
// rather than the grading: the text is untrusted.
func runListingTest(rn *runner, t planned) (rt report.Test, err error) {
	defer func() {
		if p := recover(); p != nil {
			rt = t.said("The grader could not run this listing: " + bounded(fmt.Sprint(p)) + ". Please tell the course staff.")
			err = nil
		}
	}()
	return rn.run(t)
}

// compileListing compiles the submission, or says where it is wrong: the
// compiler's problems at their line and column (bytes, as the report
// counts them), and a listing of another algorithm than the exercise's
// at its algorithm line, since the schedules name that algorithm and its
// steps.
func compileListing(ex *exercise.Exercise, filename string, src []byte) (alg *sim.Algorithm, probs []report.Problem) {
	text := string(src)
	lines := diag.Lines(text) // as the compiler numbers them
	at := func(p listing.Pos, msg string) report.Problem {
		pr := report.Problem{Line: p.Line, Col: p.Col, Msg: msg}
		if p.Line >= 1 && p.Line <= len(lines) {
			// The line as written, indentation kept, so that the
			// feedback's caret sits under the column (the report
			// cleans what it quotes; a long line is cut).
			src := lines[p.Line-1]
			if len(src) > maxText {
				src = strings.ToValidUTF8(src[:maxText], "")
			}
			pr.Source = src
		}
		return pr
	}
	if len(src) > maxListing {
		return nil, []report.Problem{{Msg: fmt.Sprintf("the listing is %d bytes long; a listing may be at most %d", len(src), maxListing)}}
	}
	defer func() {
		if p := recover(); p != nil {
			alg, probs = nil, []report.Problem{{Msg: "the listing could not be compiled (the compiler failed on it: please tell the course staff): " + bounded(fmt.Sprint(p))}}
		}
	}()
	alg, err := listing.Load(filename, text)
	var list listing.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			probs = append(probs, at(e.Pos, e.Msg))
		}
		return nil, probs
	}
	if err != nil {
		return nil, []report.Problem{{Msg: err.Error()}}
	}
	if alg.Name != ex.Algorithm {
		pos := listing.Pos{Line: 1, Col: 1}
		if f, err := listing.Parse(text); err == nil && f.NamePos.Line > 0 {
			pos = f.NamePos
		}
		return nil, []report.Problem{at(pos, fmt.Sprintf("the listing is of algorithm %s, but this exercise's schedules run %s: write \"algorithm %s\"", alg.Name, ex.Algorithm, ex.Algorithm))}
	}
	return alg, nil
}
