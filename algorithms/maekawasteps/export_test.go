package maekawasteps

import "dmelab/algorithms/internal/stepwire"

// The wire and the handler table, for the external tests.
var Wire = harness.Wire

func CodeOf(s New) stepwire.Code[Vars] { return code(s) }

// At is v at node id of n.
func At(v Vars, id, n int) *Vars {
	v.self = stepwire.Placed[Msg](stepwire.Place{ID: id, N: n})
	return &v
}
