// Package listing runs the course notes' pseudocode. The notes teach by
// listings (seed 000's P1–P12 in three flawed versions, seed 003's
// handlers), and the strongest lesson is to change one line and watch the
// explorer find the schedule that breaks it. A listing is parsed (every
// error at its line and column, with what to write instead), formatted
// canonically, and compiled into a sim.Algorithm: per process a table of
// instructions, expressions and step bodies as closures over a node's
// variable slots, so that exploring a listing costs about what exploring
// the Go model costs. The shipped listings (seeds/) explore to the Go
// models' verdicts and state counts (TestSeedListingsAgreeWithGo).
//
// Like the rest of the core it is pure: no I/O, no goroutines, no clock;
// the listings are embedded. docs/listings.md has the grammar and what
// runs when.
package listing
