// Package seeds names the course notes an algorithm comes from, as the
// playground's gallery groups them. An algorithm's package says its group
// (sim.Algorithm.Group); the gallery shows the seeds' groups by their
// number, then the others in Order() (site/examples), so a new algorithm
// of an existing group needs no other edit.
package seeds

// The groups, in the order the gallery shows them: seed 001's worked
// example first (the playground opens on it), then the notes' progression.
const (
	Seed001 = "Seed 001 — Ricart & Agrawala with Lamport timestamps"
	Seed000 = "Seed 000 — ticket numbers, and what goes wrong"
	BenAri  = "Ben-Ari's fix of seed 000"
	Seed003 = "Seed 003 — Maekawa's voting sets"
	Seed004 = "Seed 004 — Lamport 1978"
	Seed002 = "Seed 002 — central server, token ring, elections"
	Beyond  = "Beyond the notes"
)

// Order lists the groups in gallery order (a fresh slice: the core keeps
// no state a caller could change).
func Order() []string {
	return []string{Seed001, Seed000, BenAri, Seed003, Seed004, Seed002, Beyond}
}
