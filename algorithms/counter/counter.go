// Package counter is seed 002's opening example:
//
//	"10 processes each adding 1 to a shared counter a million times. ...
//	when they update the counter (t = t + 1), it will read t and then add
//	one and then write to t again. In the meantime, another process might
//	have done exactly that ..."
//
// Each addition is two events, a read of t and a write of the value read
// plus one. Without mutual exclusion the processes' reads and writes
// interleave freely; with an algorithm, a process reads when it enters the
// CS and writes when it leaves, so the counter is exact exactly when the
// algorithm is safe. The interleaving is chosen by a generator seeded with
// Seed: the same inputs give the same count.
package counter

import (
	"fmt"
	"math/rand/v2"

	"dmelab/algorithms/sim"
)

// Config is one run.
type Config struct {
	Alg   *sim.Algorithm // nil: no mutual exclusion at all
	Procs int
	Adds  int // additions per process
	Seed  uint64
	// MaxEvents bounds a run with an algorithm (0: 1000 per addition).
	MaxEvents int
}

// Result of a run.
type Result struct {
	Expected, Final int
	Lost            int  // Expected - Final
	Done            int  // additions completed
	Stuck           bool // the algorithm could go no further (deadlock)
	Messages        int  // algorithm messages sent
	Events          int
}

func (r *Result) String() string {
	s := fmt.Sprintf("counter = %d, expected %d: %d updates lost", r.Final, r.Expected, r.Lost)
	switch {
	case r.Stuck:
		s += fmt.Sprintf("; stuck after %d of %d additions (deadlock)", r.Done, r.Expected)
	case r.Done < r.Expected:
		s += fmt.Sprintf("; stopped at the event bound after %d of %d additions", r.Done, r.Expected)
	}
	return s
}

// Run runs the example.
func Run(c Config) (*Result, error) {
	if c.Procs < 1 || c.Procs > 32 || c.Adds < 0 {
		return nil, fmt.Errorf("procs must be 1..32 and adds not negative")
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x636f756e746572))
	if c.Alg == nil {
		return unprotected(c, rng), nil
	}
	return protected(c, rng)
}

// unprotected interleaves the processes' reads and writes at random.
func unprotected(c Config, rng *rand.Rand) *Result {
	r := &Result{Expected: c.Procs * c.Adds}
	left := make([]int, c.Procs)
	read := make([]int, c.Procs) // value read, -1 when the next event is a read
	var active []int
	for i := range left {
		left[i], read[i] = c.Adds, -1
		if c.Adds > 0 {
			active = append(active, i)
		}
	}
	t := 0
	for len(active) > 0 {
		k := rng.IntN(len(active))
		i := active[k]
		r.Events++
		if read[i] < 0 {
			read[i] = t
			continue
		}
		t = read[i] + 1
		read[i] = -1
		r.Done++
		if left[i]--; left[i] == 0 {
			active = append(active[:k], active[k+1:]...)
		}
	}
	r.Final = t
	r.Lost = r.Expected - t
	return r
}

// protected runs the algorithm with every process calling enter() Adds
// times, taking the enabled events in random order. The processes are the
// algorithm's clients: its servers (central's N1) are nodes beside them.
func protected(c Config, rng *rand.Rand) (*Result, error) {
	n := c.Procs + c.Alg.Servers
	w, err := sim.NewWorld(c.Alg, sim.Config{N: n}, sim.Options{Requests: c.Adds})
	if err != nil {
		return nil, err
	}
	r := &Result{Expected: c.Procs * c.Adds}
	max := c.MaxEvents
	if max <= 0 {
		max = 1000 * (r.Expected + 1)
	}
	t := 0
	read := make([]int, n)
	var evs []sim.Event
	for r.Events < max && r.Done < r.Expected {
		evs = w.Events(evs[:0])
		if len(evs) == 0 {
			break
		}
		e := evs[rng.IntN(len(evs))]
		if e.Kind == sim.EvExit {
			t = read[e.Node] + 1 // the write, as the node leaves the CS
			r.Done++
		}
		out, err := w.Apply(e)
		if err != nil {
			return nil, err
		}
		r.Events++
		if out.Entered {
			read[e.Node] = t // the read, as the node enters
		}
	}
	r.Final = t
	r.Lost = r.Done - t
	r.Stuck = r.Done < r.Expected && len(evs) == 0
	r.Messages = w.Sent
	return r, nil
}
