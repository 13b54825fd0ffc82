package starter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/scenario"
)

// Every algorithm has a starter for every number of nodes the playground
// offers a run of (2 to 8 here; the settings go to 16), with those
// nodes: it parses, runs to its end and its expectations hold. Where two
// nodes hold fewer than two clients (a central server and one client),
// it has three.
func TestStarterForEveryN(t *testing.T) {
	for _, a := range registry.All() {
		for n := 2; n <= 8; n++ {
			src, err := For(a, n)
			require.NoError(t, err, "%s N=%d", a.Name, n)
			sc, err := scenario.Load("s.scn", src)
			require.NoError(t, err, "%s N=%d", a.Name, n)
			want := n
			if n == 2 && (!a.Client(0) || !a.Client(1)) {
				want = 3
			}
			assert.Len(t, sc.Setup.Names, want, "%s N=%d", a.Name, n)
			res := scenario.Run(sc, scenario.Options{})
			assert.Nil(t, res.Stopped, "%s N=%d", a.Name, n)
			assert.True(t, res.OK(), "%s N=%d", a.Name, n)
			if a.Election {
				assert.Contains(t, string(src), fmt.Sprintf("expect N1 leader = N%d\n", want), "%s N=%d: the highest node wins", a.Name, n)
			}
			assert.True(t, strings.HasPrefix(string(src), "# "+a.Name+": "), a.Name)
		}
	}
}
