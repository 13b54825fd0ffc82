package grade

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/explore"
)

// A test that scores safety and liveness together and failed on one
// says what became of the other: a student who fixed one of two
// mistakes otherwise sees the same score and the same test failing.
// Safety that holds only because nobody entered is not said to hold,
// and walks, which prove nothing holds, say only what else they broke.
func TestOthersSayWhatBecameOfTheOtherProperties(t *testing.T) {
	both := []string{explore.Safety, explore.Liveness}
	v := func(s, l explore.Verdict, saw bool) *explore.Result {
		return &explore.Result{Verdicts: map[string]explore.Verdict{explore.Safety: s, explore.Liveness: l}, SawDecision: saw}
	}
	for _, c := range []struct {
		name       string
		props      []string
		shown      string
		res        *explore.Result
		exhaustive bool
		want       string
	}{
		{"one property", []string{explore.Liveness}, explore.Liveness, v(explore.Holds, explore.Violated, true), true, ""},
		{"safety fixed", both, explore.Liveness, v(explore.Holds, explore.Violated, true), true,
			" Safety holds in every schedule of this configuration: liveness is what is left to fix here."},
		{"liveness fixed", both, explore.Safety, v(explore.Violated, explore.Holds, true), true,
			" Liveness holds in every schedule of this configuration: safety is what is left to fix here."},
		{"both broken", both, explore.Safety, v(explore.Violated, explore.Violated, true), true,
			" Liveness fails too (the run shown is the shortest of them)."},
		{"safety only because nobody entered", both, explore.Liveness, v(explore.Holds, explore.Violated, false), true, ""},
		{"not settled", both, explore.Liveness, v(explore.Unknown, explore.Violated, true), true, ""},
		{"walks", both, explore.Liveness, v(explore.Holds, explore.Violated, true), false, ""},
	} {
		assert.Equal(t, c.want, others(c.props, c.shown, c.res, c.exhaustive), c.name)
	}
}
