package sandbox

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A package variable a step writes is said at its first write, once a
// variable; one only read, set up by init or a var's initializer,
// shadowed by a local, or a field of the node's own variables is not.
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
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, p := range StateOutsideNode("solution.go", []byte(c.src)) {
				// "FN writes the package variable NAME: ..."
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
