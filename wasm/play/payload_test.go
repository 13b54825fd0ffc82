package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A message's payload is part of its label, so the diagram shows the
// token with its LN and Q, in the scenario's names, and the canonical
// event of its delivery replays.
func TestPayloadLabels(t *testing.T) {
	src := "algorithm suzuki-kasami\nnodes A B C\nrequest A\nrequest B\nrequest C\ndeliver B->A request\ndeliver C->A request\nexit A\ndeliver A->B token\n"
	r, diags, err := NewScenarioRun(src)
	require.NoError(t, err)
	require.Empty(t, diags)
	s := r.State()
	var labels []string
	for _, m := range s.Messages {
		labels = append(labels, m.Label)
	}
	assert.Contains(t, labels, "token[LN=0,0,0 Q=C]")
	last := s.Steps[len(s.Steps)-1]
	assert.Equal(t, "deliver N1->N2 token[LN=0,0,0 Q=N3]", last.Event)
	assert.Equal(t, "B receives the token and enters the CS", last.Say)
	require.NoError(t, r.Seek(len(s.Steps)-1))
	require.NoError(t, r.Apply(last.Event))
}
