package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A package variable a step writes is said at its first write, once a
// variable; one only read, set up by init or a var's initializer,
// shadowed by a local, or a field of the node's own variables is not.
// A write through a method, a function, a local pointing into it or a
// sorting function is said with what it goes through ("NAME, through
// ..."); a copy's, a value receiver's or another package's method's is
// not, nor one of a cache that only VotingSets uses.
func TestStateOutsideNode(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		want []string // "line:col name fn"
	}{
		{"map written in a step", `package p
var seen = map[int]int{}
func (n Node) P11() {
	seen[n.MyID()] = max(seen[n.MyID()], n.RequestedNum)
	n.HighestNum = seen[n.MyID()]
}`, []string{"4:2 seen P11"}},
		{"counter, append, delete and a field", `package p
type box struct{ k int }
var count int
var log []int
var m = map[int]bool{}
var b box
func (n Node) OnRequest(from int) {
	log = append(log, from)
	count++
	delete(m, from)
	b.k = 1
}`, []string{"8:2 log OnRequest", "9:2 count OnRequest", "10:9 m OnRequest", "11:2 b OnRequest"}},
		{"only read, or set up by init", `package p
var table = [3]int{1, 2, 3}
var limit int
func init() { limit = 4; table[0] = 9 }
func (n Node) P2() { n.MyNum = table[n.MyID()] + limit }`, nil},
		{"a local of the same name", `package p
var seen int
func (n Node) P2() {
	seen := 0
	seen++
	n.MyNum = seen
}`, nil},
		{"a helper function writes it", `package p
var next int
func bump() int { next++; return next }
func (n Node) P2() { n.MyNum = bump() }`, []string{"3:19 next bump"}},
		{"a closure in a step", `package p
var calls int
func (n Node) P2() { f := func() { calls += 1 }; f() }`, []string{"3:36 calls P2"}},
		{"does not parse", "package p\nfunc (", nil},
		{"a pointer method on it; copies, reads and another package's methods are not writes", `package p
import "sync"
type fifo struct{ items []int }
func (f *fifo) push(x int) { f.items = append(f.items, x) }
func (f *fifo) empty() bool { return len(f.items) == 0 }
func (f fifo) reset() { f.items = nil }
type counter struct{ n int }
func (c counter) inc() { c.n++ }
func grow(s []int, x int) []int { s = append(s, x); return s }
var waiting fifo
var c counter
var base []int
var names = map[int]string{0: "a"}
var mu sync.Mutex
func (n Node) P2(from int) {
	mu.Lock()
	defer mu.Unlock()
	waiting.reset()
	c.inc()
	if waiting.empty() {
		n.Queue = grow(base, len(names[0]))
	}
	local := waiting
	local.items = nil
	v := c
	v.n = 2
	waiting.push(from)
}`, []string{"27:2 waiting, through waiting.push (which writes it at line 4) P2"}},
		{"a method on a field or an element, through another method", `package p
type fifo struct{ items []int }
func (f *fifo) pop() int { x := f.items[0]; f.items = f.items[1:]; return x }
type server struct{ q fifo }
func (s *server) next() int { return s.q.pop() }
var srv struct{ s server }
var byID = map[int]*fifo{}
func (n Node) OnRelease(from int) { n.Holder = srv.s.next() }
func (n Node) OnGrant() { byID[n.MyID()].pop() }`, []string{
			"8:48 srv, through srv.s.next (which writes it at line 3) OnRelease",
			"9:27 byID, through byID[n.MyID()].pop (which writes it at line 3) OnGrant"}},
		{"a map type's method, a function given the variable or its address", `package p
type set map[int]bool
func (s set) add(x int) { s[x] = true }
var seen = set{}
var count int
var marks = map[int]int{}
func bump(p *int) { *p += 1 }
func mark(m map[int]int, k int) { m[k]++ }
func (n Node) P2() {
	seen.add(n.MyID())
	bump(&count)
	mark(marks, 1)
}`, []string{
			"10:2 seen, through seen.add (which writes it at line 3) P2",
			"11:8 count, through bump (which writes it at line 7) P2",
			"12:7 marks, through mark (which writes it at line 8) P2"}},
		{"through a local that points into it", `package p
type state struct{ n int }
var count int
var queue = make([]int, 4)
var all = []*state{{}, {}}
func (n Node) P2() {
	p := &count
	*p++
	q := queue[1:]
	q[0] = n.MyID()
	for _, s := range all {
		s.n = 1
	}
}`, []string{
			"8:3 count, through p (set from it at line 7) P2",
			"10:2 queue, through q (set from it at line 9) P2",
			"12:3 all, through s (set from it at line 11) P2"}},
		{"another package's functions given it", `package p
import ("fmt"; "sort")
var order []int
var last int
func (n Node) P2(s string) {
	sort.Ints(order)
	fmt.Sscan(s, &last)
	fmt.Println(&last)
}`, []string{"6:12 order, through sort.Ints P2", "7:16 last, through fmt.Sscan P2"}},
		{"a cache only VotingSets uses, and what VotingSets leaves for the steps", `package p
var grids = map[int][]int{}
var total int
func gridFor(n int) []int {
	if g, ok := grids[n]; ok {
		return g
	}
	grids[n] = make([]int, n)
	return grids[n]
}
func VotingSets(n int) [][]int { total = n; return [][]int{gridFor(n)} }
func (n Node) Enter() { n.Replies = total }`, []string{"11:34 total VotingSets"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, p := range StateOutsideNode("solution.go", []byte(c.src)) {
				// "FN writes the package variable NAME[, through ...]: ..."
				head, _, _ := strings.Cut(p.Msg, ":")
				fn, name, ok := strings.Cut(head, " writes the package variable ")
				assert.True(t, ok, p.Msg)
				got = append(got, fmt.Sprintf("%d:%d %s %s", p.Line, p.Col, name, fn))
				assert.NotEmpty(t, p.Source)
			}
			assert.Equal(t, c.want, got)
		})
	}
}

// No reference or alternative solution of the exercises gets the note:
// what they keep in package variables (a cache for VotingSets) is no
// node's state.
func TestStateOutsideNodeSolutions(t *testing.T) {
	var files []string
	for _, g := range []string{"solution.go", "solutions/*.go"} {
		fs, err := filepath.Glob(filepath.Join("..", "..", "exercises", "*", g))
		require.NoError(t, err)
		files = append(files, fs...)
	}
	require.NotEmpty(t, files)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.Empty(t, StateOutsideNode(filepath.Base(f), src), f)
	}
}
