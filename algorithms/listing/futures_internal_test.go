package listing

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// futureBySearch is what process proc may touch from pc on, found by a
// search from pc: the definition futures computes for every pc at once.
func futureBySearch(p *program, proc, pc int, stopNCS bool) masks {
	pr := p.procs[proc]
	seen := make([]bool, len(pr.code))
	var m masks
	stack := []int{pc}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if i >= len(pr.code) || seen[i] {
			continue
		}
		seen[i] = true
		in := &pr.code[i]
		if stopNCS && in.kind == iNCS {
			continue
		}
		m.r |= maskOf(in.reads)
		m.w |= maskOf(in.writes)
		stack = append(stack, pr.succ(i)...)
	}
	return m
}

// The sweeps find, for every seed listing, process and pc, what a search
// from that pc finds.
func TestFuturesAreTheSearchs(t *testing.T) {
	compared := 0
	for _, name := range Seeds() {
		var errs ErrorList
		f, err := Parse(SeedText(name))
		require.NoError(t, err, name)
		p := compile(f, &errs)
		require.Empty(t, errs, name)
		for i, pr := range p.procs {
			for _, stop := range []bool{false, true} {
				fut := p.futures(i, stop)
				require.Len(t, fut, len(pr.code))
				for pc := range pr.code {
					require.Equal(t, futureBySearch(p, i, pc, stop), fut[pc], "%s, process %d, pc %d, stop at NCS %v", name, i, pc, stop)
					compared++
				}
			}
		}
	}
	require.Greater(t, compared, 100)
}
