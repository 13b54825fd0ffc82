package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A mutant is the reference itself when only comments and spacing
// differ; any change of a token (or, in a listing, of indentation) makes
// it another program.
func TestSameCode(t *testing.T) {
	const ref = "package c\n\n// Grant frees.\nfunc f(x int) int { return x + 1 }\n"
	assert.True(t, sameCode([]byte(ref), []byte("package c\nfunc f(x int) int {\n\treturn x+1 // one more\n}\n"), ".go"))
	assert.False(t, sameCode([]byte(ref), []byte("package c\nfunc f(x int) int { return x + 2 }\n"), ".go"))
	assert.False(t, sameCode([]byte(ref), []byte("package c\nfunc f(x int) int { return `x + 1 }\n"), ".go"), "a file that does not scan is not the reference")

	const listing = "algorithm a\nprocess p:\n    loop forever:\n        P1: NCS   # the rest\n        P2: CS\n"
	assert.True(t, sameCode([]byte(listing), []byte("# mine\nalgorithm  a\n\nprocess p:\n    loop forever:\n        P1: NCS\n        P2: CS\n"), ".txt"))
	assert.False(t, sameCode([]byte(listing), []byte("algorithm a\nprocess p:\n    loop forever:\n        P1: NCS\n    P2: CS\n"), ".txt"), "indentation makes the blocks")
}
