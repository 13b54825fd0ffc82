package iface

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Feedback names the last event that ran the student's code: in seed
// 000's interfaces only the numbered steps do (P5 is the harness's);
// elsewhere every handler does, but not an application message or a
// crash. Only Maekawa's interface names its handlers.
func TestEventsThatRunCode(t *testing.T) {
	for _, name := range []string{"rasteps", "rav1steps", "rav2steps", "rav3steps"} {
		in := Lookup(name)
		require.NotNil(t, in, name)
		assert.True(t, in.RunsCode("step N1 P2 myNum = chooseNumber() = 1"), name)
		assert.False(t, in.RunsCode("step N1 P5 all 1 replies received: enter the CS"), name)
		assert.False(t, in.RunsCode("deliver N1->N2 request(1)"), name)
		assert.Equal(t, "", in.HandlerOf("step N1 P2"), name)
	}
	ring := Lookup("tokenringsteps")
	require.NotNil(t, ring)
	assert.True(t, ring.RunsCode("deliver N1->N2 token"))
	assert.False(t, ring.RunsCode("app N1->N2"))
	assert.False(t, ring.RunsCode("crash N2"))
	tree := Lookup("raymondsteps")
	require.NotNil(t, tree)
	assert.True(t, tree.RunsCode("deliver N2->N1 request"))
	assert.Equal(t, "dmelab/algorithms/raymondsteps", tree.Import)
	sk := Lookup("suzukikasamisteps")
	require.NotNil(t, sk)
	assert.True(t, sk.RunsCode("deliver N1->N2 token[LN=0,0 Q=-]"))
	assert.Equal(t, "dmelab/algorithms/suzukikasamisteps", sk.Import)
	assert.Equal(t, "", Lookup("centralsteps").HandlerOf("exit N1"), "central's exit() is Exit, not Maekawa's Leave")
	m := Lookup("maekawasteps")
	assert.Equal(t, " (OnRequest)", m.HandlerOf("deliver N1->N2 request"))
	assert.Equal(t, " (Leave)", m.HandlerOf("exit N3"))
	assert.Equal(t, "", m.HandlerOf("step N1 something"))
}
