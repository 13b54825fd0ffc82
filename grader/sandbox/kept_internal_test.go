package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The process keeps the compiled modules used last, at most
// keepCompiled; one pushed out, or kept twice, is closed once no sandbox
// runs it, and never while one does.
func TestKeptModulesUsedLastStay(t *testing.T) {
	defer KeepCompiled(2)()
	key := func(s string) keptKey { return keptKey{sum: s, cacheDir: "d", pages: 1} }
	a := keep(key("a"), &compiled{}, 1)
	b := keep(key("b"), &compiled{}, 0)
	require.Same(t, a, takeKept(key("a")), "kept: the same module again")
	a.release()
	a.release() // both of a's users gone; a is still kept
	assert.False(t, a.closed)
	assert.Nil(t, takeKept(keptKey{sum: "a", cacheDir: "d", pages: 2}), "another memory limit is another runtime")
	assert.Nil(t, takeKept(keptKey{sum: "a", cacheDir: "e", pages: 1}), "another cache is another runtime")

	require.Same(t, b, takeKept(key("b"))) // b used last, and in use
	c := keep(key("c"), &compiled{}, 1)    // pushes a out, the one used longest ago
	assert.True(t, a.closed, "pushed out, unused: closed")
	assert.Nil(t, takeKept(key("a")))
	d := keep(key("d"), &compiled{}, 0) // pushes b out, in use
	assert.False(t, b.closed, "pushed out while in use: still open")
	b.release()
	assert.True(t, b.closed, "closed as its last user lets go")

	twice := keep(key("c"), &compiled{}, 0) // compiled twice at once
	assert.True(t, twice.closed, "the second is not kept")
	assert.Same(t, c, takeKept(key("c")))
	c.release()
	c.release()
	assert.False(t, c.closed)

	DropKept()
	assert.True(t, c.closed && d.closed, "let go: closed")
	assert.Nil(t, takeKept(key("c")))
}
