package grade

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The outcomes of an ambiguous step are written with the words they
// share said once.
func TestAmbiguityChoices(t *testing.T) {
	for _, c := range []struct {
		ways []string
		want string
	}{
		{[]string{"myNum = chooseNumber() = 1", "myNum = chooseNumber() = 2"}, "myNum = chooseNumber() = 1 or = 2"},
		{[]string{"x = 1", "x = 2", "x = 3"}, "x = 1, = 2 or = 3"},
		{[]string{"a", "b"}, "a or b"},
		{[]string{"take 1", "give 2"}, "take 1 or give 2"},
		{[]string{"v = 1", "v = 2", "v = 3", "v = 4", "v = 5"}, "v = 1, = 2, = 3 or 2 more"},
	} {
		assert.Equal(t, c.want, (&ambiguity{line: "step N1 P2", ways: c.ways}).choices())
	}
	a := &ambiguity{line: "step N1 P2", ways: []string{"x = 1", "x = 2"}}
	assert.Equal(t, "Your step N1 P2 can go more than one way here (x = 1 or = 2), but the test's schedule (p.scn:3) expects it to go one way: see what the exercise's statement asks of that step", a.message(" (p.scn:3)"))
	a.line = "deliver N1->N2 request"
	assert.Contains(t, a.message(""), `Your code at "deliver N1->N2 request" can go more than one way here`)
}
