package metrics

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Range is a figure that depends on who asks (the token ring's client
// delay depends on where the token is): its smallest, largest and mean
// value over the runs measured.
type Range struct {
	Min  int     `json:"min"`
	Max  int     `json:"max"`
	Mean float64 `json:"mean"`
}

func rangeOf(xs []int) Range {
	if len(xs) == 0 {
		return Range{}
	}
	r := Range{Min: xs[0], Max: xs[0]}
	sum := 0
	for _, x := range xs {
		r.Min, r.Max = min(r.Min, x), max(r.Max, x)
		sum += x
	}
	r.Mean = float64(sum) / float64(len(xs))
	return r
}

// Comparison is one algorithm at one size measured the way seed 002
// compares the algorithms (and the textbook it follows: bandwidth, client
// delay, synchronization delay).
type Comparison struct {
	Clients int `json:"clients"`
	// Uncontended: each client in turn calls enter() once while the others
	// stay idle, each from the initial state.
	EntryMessages Range `json:"entry_messages"` // messages sent from enter() to the entry
	ExitMessages  Range `json:"exit_messages"`  // messages the exit protocol sent
	ClientDelay   Range `json:"client_delay"`   // time from enter() to the entry
	ExitDelay     Range `json:"exit_delay"`     // time from exit() to the node being idle again
	// Contended: every client calls enter() at time 0.
	ContendedMessages float64 `json:"contended_messages"` // messages per use of the CS, entry and exit
	SyncDelay         Range   `json:"sync_delay"`         // from one exit to the next entry
	Handovers         int     `json:"handovers"`          // exits followed by an entry: SyncDelay's sample
}

// Compare measures alg with cfg.N nodes. An algorithm that cannot finish a
// run (a deadlock in the contended run, say) gets an error saying which.
func Compare(alg *sim.Algorithm, cfg sim.Config) (*Comparison, error) {
	if alg.Election {
		return nil, fmt.Errorf("these metrics are about mutual exclusion; %s is an election", alg.Name)
	}
	clients := Clients(alg, cfg.N)
	if len(clients) == 0 {
		return nil, fmt.Errorf("%s with %d nodes has no client", alg.Name, cfg.N)
	}
	c := &Comparison{Clients: len(clients)}
	var entry, exit, delay, exitDelay []int
	for _, i := range clients {
		tl, err := Run(alg, cfg, []int{i})
		if err != nil {
			return nil, fmt.Errorf("N%d asking alone: %w", i+1, err)
		}
		e := tl.Entries[0]
		entry = append(entry, e.SentBefore)
		exit = append(exit, e.ExitSent)
		delay = append(delay, e.At-e.Asked)
		exitDelay = append(exitDelay, e.Done-e.Left)
	}
	c.EntryMessages, c.ExitMessages = rangeOf(entry), rangeOf(exit)
	c.ClientDelay, c.ExitDelay = rangeOf(delay), rangeOf(exitDelay)
	tl, err := Run(alg, cfg, clients)
	if err != nil {
		return nil, fmt.Errorf("all clients at once: %w", err)
	}
	c.ContendedMessages = float64(tl.Messages) / float64(len(tl.Entries))
	var sync []int
	for k := 1; k < len(tl.Entries); k++ {
		sync = append(sync, tl.Entries[k].At-tl.Entries[k-1].Left)
	}
	c.SyncDelay, c.Handovers = rangeOf(sync), len(sync)
	return c, nil
}
