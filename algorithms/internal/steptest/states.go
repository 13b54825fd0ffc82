package steptest

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"

	"dmelab/algorithms/internal/stepwire"
)

// State is a steps package's state type: String is how the state tables
// and scenarios show a value (RELEASED), GoName the name of its constant
// in the student's code (Released).
type State interface {
	String() string
	GoName() string
}

// GoNames requires that fault names states as the student's code does:
// none of states by the word the state tables show for it (RELEASED
// where the code says Released). Fault checks stepwire's states in every
// fault; a package with states of its own checks them too.
func GoNames[S State](t testing.TB, fault string, states ...S) {
	t.Helper()
	for _, s := range states {
		if s.String() == s.GoName() {
			continue
		}
		shown := regexp.MustCompile(`\b` + regexp.QuoteMeta(s.String()) + `\b`)
		assert.NotRegexp(t, shown, fault, "the fault says %s where the student's code says %s", s, s.GoName())
	}
}

// stepwireStates are stepwire's states, which most interfaces share.
var stepwireStates = [...]stepwire.State{stepwire.Released, stepwire.Wanted, stepwire.Held}
