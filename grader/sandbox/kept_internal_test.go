package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The process keeps at most keepCompiled modules. A new one takes the
// place of one unused for keepIdle starts, or is not kept; one not kept
// (pushed out, or kept twice) is closed once no sandbox runs it, and
// never while one does. A burst that cycles through one more module than
// there are places keeps the first ones.
func TestKeptModulesStayWhileUsed(t *testing.T) {
	defer KeepCompiled(2)()
	key := func(s string) keptKey { return keptKey{sum: s, cacheDir: "d", pages: 1} }
	a := keep(key("a"), &compiled{}, 1)
	dup := keep(key("a"), &compiled{}, 0) // compiled twice at once
	assert.True(t, dup.out && dup.closed, "kept already: the second is not kept, though there is room")
	b := keep(key("b"), &compiled{}, 0)
	require.Same(t, a, takeKept(key("a")), "kept: the same module again")
	a.release()
	a.release() // both of a's users gone; a is still kept
	assert.False(t, a.closed)
	assert.Nil(t, takeKept(keptKey{sum: "a", cacheDir: "d", pages: 2}), "another memory limit is another runtime")
	assert.Nil(t, takeKept(keptKey{sum: "a", cacheDir: "e", pages: 1}), "another cache is another runtime")

	// A cycle through a, b, c: a and b stay kept, c is compiled each time.
	for range 3 * keepIdle {
		for _, s := range []string{"a", "b", "c"} {
			if k := takeKept(key(s)); k != nil {
				k.release()
				continue
			}
			require.Equal(t, "c", s, "%s was pushed out", s)
			c := keep(key("c"), &compiled{}, 1)
			assert.True(t, c.out)
			assert.False(t, c.closed, "not kept, and in use: open")
			c.release()
			assert.True(t, c.closed, "not kept: closed as its last user lets go")
		}
	}
	assert.False(t, a.closed || b.closed)

	// a goes unused while b is used: after keepIdle starts, a new module
	// takes a's place; b, in use, is not pushed out however long ago it
	// was asked for.
	require.Same(t, b, takeKept(key("b")))
	for range keepIdle {
		assert.Nil(t, takeKept(key("x")))
	}
	d := keep(key("d"), &compiled{}, 0)
	assert.True(t, a.closed, "unused for keepIdle starts: pushed out and closed")
	assert.False(t, d.out)
	assert.Same(t, d, takeKept(key("d")))
	for range keepIdle {
		assert.Nil(t, takeKept(key("x")))
	}
	e := keep(key("e"), &compiled{}, 0)
	assert.True(t, e.out && e.closed, "b and d in use: no room")
	assert.False(t, b.closed)

	assert.Same(t, d, takeKept(key("d")))

	dropKept()
	assert.False(t, b.closed || d.closed, "let go while in use: still open")
	b.release()
	d.release()
	d.release()
	assert.True(t, b.closed && d.closed, "let go: closed as their users let go")
	assert.Nil(t, takeKept(key("d")))
}
