package scenario

import "dmelab/algorithms/sim"

// The playground (wasm/play) steps through a scenario's run in its own
// timeline: it replays Result.Events on the initial world and shows every
// string the simulator produces in the scenario's names. These two are
// what it needs for that beyond Run.

// SimWorld builds the initial world with the simulator's own node names
// (N1..Nn): the world that Result.Events replay on, and in which
// sim.World.EventString gives the canonical, replayable form.
func (s *Setup) SimWorld() (*sim.World, error) { return s.world() }

// Rename rewrites the simulator's node names in text (whole words
// N1..Nn) to the scenario's, as the interpreter does for everything it
// shows, so that N5 in a label means the scenario's N5.
func (s *Setup) Rename(text string) string { return renamer(s.Names).apply(text) }
