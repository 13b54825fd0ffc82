package votingsets

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGridRequired: the grid sets pass every required condition for all
// N up to 40, square or not, and are sorted.
func TestGridRequired(t *testing.T) {
	for n := 1; n <= 40; n++ {
		sets := Grid(n)
		require.Len(t, sets, n)
		ps := Check(sets)
		require.NoError(t, ps.Err(), "N=%d: %s", n, Format(sets))
		for i, v := range sets {
			assert.IsIncreasing(t, v, "N=%d V%d", n, i+1)
		}
	}
}

// TestGridIntersectsPairwise checks intersection directly (not through
// Check), so a bug in Check cannot hide a bad grid.
func TestGridIntersectsPairwise(t *testing.T) {
	for n := 1; n <= 40; n++ {
		sets := Grid(n)
		for i := range sets {
			for j := range sets {
				common := false
				for _, x := range sets[i] {
					for _, y := range sets[j] {
						common = common || x == y
					}
				}
				require.True(t, common, "N=%d: V%d=%s V%d=%s", n, i+1, FormatSet(sets[i]), j+1, FormatSet(sets[j]))
			}
		}
	}
}

// TestGridSquareIsFair: for N = S² every set has K = 2S-1 members and every
// process is in M = K sets, so not even a warning is reported.
func TestGridSquareIsFair(t *testing.T) {
	for s := 1; s <= 6; s++ {
		sets := Grid(s * s)
		assert.Empty(t, Check(sets), "N=%d", s*s)
		for _, v := range sets {
			assert.Len(t, v, 2*s-1)
		}
	}
}

// TestGridNine is seed 003's 3×3 example: rows {1,2,3} {4,5,6} {7,8,9}.
func TestGridNine(t *testing.T) {
	want := "{1,2,3,4,7} {1,2,3,5,8} {1,2,3,6,9} " +
		"{1,4,5,6,7} {2,4,5,6,8} {3,4,5,6,9} " +
		"{1,4,7,8,9} {2,5,7,8,9} {3,6,7,8,9}"
	assert.Equal(t, want, Format(Grid(9)))
}

// TestGridShortLastRow: N=5 is a 3-wide grid with rows {1,2,3} {4,5}; the
// third column is short, and fairness fails as a warning only.
func TestGridShortLastRow(t *testing.T) {
	sets := Grid(5)
	assert.Equal(t, "{1,2,3,4} {1,2,3,5} {1,2,3} {1,4,5} {2,4,5}", Format(sets))
	ps := Check(sets)
	require.NoError(t, ps.Err())
	require.NotEmpty(t, ps)
	for _, p := range ps {
		assert.Equal(t, Warning, p.Severity, p.String())
	}
	assert.Equal(t, EqualSize, ps[0].Condition)
	assert.Equal(t, []int{0, 1}, ps[0].Sets, "V1 and V2 have four members, the others three")
}

func TestTriangleSetsPass(t *testing.T) {
	sets, err := Parse("{1,2} {2,3} {3,1}")
	require.NoError(t, err)
	assert.Equal(t, [][]int{{0, 1}, {1, 2}, {2, 0}}, sets)
	assert.Empty(t, Check(sets), "K=2 and M=2: even the bonus conditions hold")
}

// TestCheckNamesFailure: each broken list reports exactly the condition it
// breaks, with the sets involved.
func TestCheckNamesFailure(t *testing.T) {
	cases := []struct {
		sets string
		cond Condition
		idx  []int
		sev  Severity
		text string
	}{
		{"{1,2} {2,4} {3,1}", Subset, []int{1}, Error, "V2 = {2,4} names p4"},
		{"{1,2,2} {2,3} {3,1}", Distinct, []int{0}, Error, "lists p2 more than once"},
		{"{1,2} {1,3} {3,1}", OwnMember, []int{1}, Error, "p2 is not in its own voting set"},
		{"{1,2} {2} {3,1}", Intersect, []int{1, 2}, Error, "V2 = {2} and V3 = {3,1} have no common member"},
		{"{1,2,3} {1,2} {1,3}", EqualSize, []int{0}, Warning, "most sets have K = 2 members, but |V1| = 3"},
	}
	for _, c := range cases {
		t.Run(c.sets, func(t *testing.T) {
			sets, err := Parse(c.sets)
			require.NoError(t, err)
			ps := Check(sets)
			require.NotEmpty(t, ps)
			p := ps[0]
			assert.Equal(t, c.cond, p.Condition)
			assert.Equal(t, c.sev, p.Severity)
			assert.Equal(t, c.idx, p.Sets)
			assert.Contains(t, p.String(), c.text)
			assert.Contains(t, p.String(), c.cond.String())
			if c.sev == Error {
				require.Error(t, ps.Err())
				assert.Contains(t, ps.Err().Error(), c.cond.String())
			} else {
				assert.NoError(t, ps.Err())
			}
		})
	}
}

func TestCheckIntersectNotesUnion(t *testing.T) {
	ps := Check([][]int{{0}, {1}})
	require.Len(t, ps, 1)
	assert.Equal(t, Intersect, ps[0].Condition)
	assert.Contains(t, ps[0].Detail, "the seed writes ∪")
}

func TestCheckMembershipWarning(t *testing.T) {
	// Every set has K=2, but p1 is in four sets and p2 in two, where p3 and
	// p4 are in one.
	ps := Check([][]int{{0, 1}, {1, 0}, {2, 0}, {3, 0}})
	require.NoError(t, ps.Err())
	require.Len(t, ps, 1)
	assert.Equal(t, EqualCount, ps[0].Condition)
	assert.Equal(t, []int{0, 1}, ps[0].Procs)
	assert.Contains(t, ps[0].String(), "most processes are in M = 1 sets, but p1 is in 4, p2 is in 2")
	assert.Len(t, ps.Warnings(), 1)
}

func TestCheckEmpty(t *testing.T) {
	assert.Error(t, Check(nil).Err())
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"":             "col 1: expected a voting set such as {1,2}, found end of input",
		"{1,2":         "col 5: expected ',' or '}', found end of input (unclosed '{')",
		"{1 2}":        "col 4: expected ',' or '}' after a process number, found '2'",
		"{1,}":         "col 4: expected a process number, found '}'",
		"{0,1}":        "col 2: process numbers start at 1 (p1), found 0",
		"1,2":          "col 1: expected '{' to start a voting set, found '1'",
		"{1} x":        "col 5: expected '{' to start a voting set, found 'x'",
		"{9999999}":    "col 2: process number 9999999 is too large",
		"{1,2} ;; {3}": "col 8: expected '{' to start a voting set, found ';'",
	}
	for in, want := range cases {
		_, err := Parse(in)
		require.Error(t, err, "%q", in)
		assert.Equal(t, want, err.Error(), "%q", in)
	}
}

func TestParseForms(t *testing.T) {
	for _, in := range []string{"{1,2} {2,3} {3,1}", "{p1, p2}, {p2, p3}; {p3, p1}", "  {N1,N2}{N2,N3}\n{N3,N1}  "} {
		sets, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, "{1,2} {2,3} {3,1}", Format(sets), in)
	}
	sets, err := Parse("{} {1}")
	require.NoError(t, err)
	assert.Equal(t, [][]int{{}, {0}}, sets)
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"{1,2} {2,3} {3,1}", "{p1,P2};{N3}", "{}", "{1,", "", "{0}", "{1}{2},{3}", fmt.Sprint(Format(Grid(9)))} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sets, err := Parse(s)
		if err != nil {
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			require.GreaterOrEqual(t, pe.Col, 1)
			require.LessOrEqual(t, pe.Col, len(s)+1)
			return
		}
		out := Format(sets)
		again, err := Parse(out)
		require.NoError(t, err, "Format output %q does not parse", out)
		require.Equal(t, sets, again)
		require.Equal(t, out, Format(again))
		_ = Check(sets) // must not panic on any parsed list
	})
}
