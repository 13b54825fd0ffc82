package maekawasafe

import "dmelab/algorithms/sim"

// FullClocks is maekawa-safe with Lamport 1978's clocks: every receipt,
// application message and release ticks (the simulator's default clocks).
func FullClocks() *sim.Algorithm { return algorithm(false) }
