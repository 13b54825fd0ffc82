// Package metrics measures an algorithm the way the course compares them:
// messages per CS entry, client delay (how long enter() takes with no
// contention) and synchronization delay (from one node's exit to the next
// node's entry while others wait), in virtual time.
//
// The time model is the textbook one: every message takes exactly one time
// unit to arrive (channels deliver in send order), local computation and
// internal steps take no time, and a node stays in the CS for Hold units.
// Runs are deterministic: at each instant internal steps go first, in node
// order, then the messages due, in send order.
package metrics

import (
	"fmt"

	"dmelab/algorithms/sim"
)

// Metrics of one algorithm at one size.
type Metrics struct {
	// Uncontended: the last node calls enter() once, the others stay idle
	// (the last, because some algorithms give node 1 a special role).
	MessagesPerEntry float64 // messages sent in that run, entry and exit
	ClientDelay      int     // time from enter() to entry
	// Contended: every client (every node but the algorithm's servers)
	// calls enter() at time 0.
	ContendedMessagesPerEntry float64 // entry and exit
	SyncDelay                 float64 // mean time from an exit to the next entry
	Entries                   int
	// Overlap says that in the contended run a node entered before the
	// one before it had left: two nodes were in the CS at once (an
	// unsafe algorithm or listing), and SyncDelay, which would come out
	// negative, is left at 0: it means nothing there.
	Overlap bool
}

// Clients lists the nodes whose application calls enter(): all n but the
// algorithm's servers.
func Clients(alg *sim.Algorithm, n int) []int {
	var c []int
	for i := 0; i < n; i++ {
		if alg.Client(i) {
			c = append(c, i)
		}
	}
	return c
}

// Hold is how long a node stays in the CS.
const Hold = 1

// Measure runs the two standard runs for alg with cfg.N nodes.
func Measure(alg *sim.Algorithm, cfg sim.Config) (*Metrics, error) {
	if alg.Election {
		return nil, fmt.Errorf("these metrics are about mutual exclusion; %s is an election", alg.Name)
	}
	var m Metrics
	one, err := Run(alg, cfg, []int{cfg.N - 1})
	if err != nil {
		return nil, err
	}
	if len(one.Entries) != 1 {
		return nil, fmt.Errorf("%s: the uncontended run did not enter the CS", alg.Name)
	}
	m.MessagesPerEntry = float64(one.Messages)
	m.ClientDelay = one.Entries[0].At - one.Entries[0].Asked
	all := Clients(alg, cfg.N)
	many, err := Run(alg, cfg, all)
	if err != nil {
		return nil, err
	}
	m.Entries = len(many.Entries)
	if m.Entries != len(all) {
		return nil, fmt.Errorf("%s: the contended run entered the CS %d times, want %d", alg.Name, m.Entries, len(all))
	}
	m.ContendedMessagesPerEntry = float64(many.Messages) / float64(m.Entries)
	if len(many.Entries) > 1 {
		sum := 0
		for k := 1; k < len(many.Entries); k++ {
			d := many.Entries[k].At - many.Entries[k-1].Left
			m.Overlap = m.Overlap || d < 0
			sum += d
		}
		if !m.Overlap {
			m.SyncDelay = float64(sum) / float64(len(many.Entries)-1)
		}
	}
	return &m, nil
}

// Entry is one use of the CS in a run: when the node called enter(), when
// it entered, when it called exit() and when exit() returned (Done: the
// node is idle again), with the messages sent in the whole system before
// it entered and those its exit protocol sent (its exit() call and its own
// internal steps until it is idle).
type Entry struct {
	Node                  int
	Asked, At, Left, Done int
	SentBefore, ExitSent  int
}

// Timeline is the outcome of a timed run.
type Timeline struct {
	Entries  []Entry
	Messages int // algorithm messages sent until the last exit
	End      int
}

type inflight struct {
	m   sim.Msg
	due int
}

// Run calls enter() once at time 0 on each node of requesters and runs
// until every one of them has left the CS.
func Run(alg *sim.Algorithm, cfg sim.Config, requesters []int) (*Timeline, error) {
	w, err := sim.NewWorld(alg, cfg, sim.Options{Requests: 1})
	if err != nil {
		return nil, err
	}
	tl := &Timeline{}
	asked := map[int]int{}
	enteredAt := map[int]int{}
	sentBefore := map[int]int{}
	exiting := map[int]int{} // node → its entry in tl.Entries, until idle
	var net []inflight
	apply := func(e sim.Event, now int) error {
		out, err := w.Apply(e)
		if err != nil {
			return err
		}
		for _, m := range out.Sent {
			net = append(net, inflight{m, now + 1})
		}
		if out.Entered {
			enteredAt[e.Node] = now
			sentBefore[e.Node] = w.Sent
		}
		if k, ok := exiting[e.Node]; ok && (e.Kind == sim.EvExit || e.Kind == sim.EvStep) {
			tl.Entries[k].ExitSent += len(out.Sent)
			if w.Nodes[e.Node].Phase() == sim.Idle {
				tl.Entries[k].Done = now
				delete(exiting, e.Node)
			}
		}
		return nil
	}
	for now := 0; ; now++ {
		if now > 100000 {
			return nil, fmt.Errorf("%s: timed run did not finish", alg.Name)
		}
		if now == 0 {
			for _, r := range requesters {
				asked[r] = 0
				if err := apply(sim.Event{Kind: sim.EvRequest, Node: r}, 0); err != nil {
					return nil, err
				}
			}
		}
		for guard := 0; ; guard++ {
			if guard > 100000 {
				return nil, fmt.Errorf("%s: endless internal steps at time %d", alg.Name, now)
			}
			progressed := false
			// Exits due now.
			for i, n := range w.Nodes {
				if n.Phase() == sim.InCS {
					if t, ok := enteredAt[i]; ok && now >= t+Hold {
						tl.Entries = append(tl.Entries, Entry{Node: i, Asked: asked[i], At: t, Left: now, SentBefore: sentBefore[i]})
						exiting[i] = len(tl.Entries) - 1
						if err := apply(sim.Event{Kind: sim.EvExit, Node: i}, now); err != nil {
							return nil, err
						}
						tl.Messages = w.Sent
						delete(enteredAt, i)
						progressed = true
					}
				}
			}
			// Internal steps, the first enabled one of each node.
			for _, e := range w.Events(nil) {
				if e.Kind == sim.EvStep {
					if err := apply(e, now); err != nil {
						return nil, err
					}
					progressed = true
					break
				}
			}
			// Messages due, oldest first, if the receiver takes them now.
			for k := 0; k < len(net); k++ {
				if net[k].due > now {
					continue
				}
				e := sim.Event{Kind: sim.EvDeliver, Node: int(net[k].m.To), Msg: net[k].m}
				if !w.Nodes[e.Node].CanReceive(net[k].m) {
					continue
				}
				if err := apply(e, now); err != nil {
					continue // not the head of a FIFO channel yet
				}
				net = append(net[:k], net[k+1:]...)
				progressed = true
				break
			}
			if !progressed {
				break
			}
		}
		if len(tl.Entries) == len(requesters) && len(exiting) == 0 {
			tl.End = now
			return tl, nil
		}
		if len(net) == 0 && len(enteredAt) == 0 && !anyStep(w) {
			return nil, fmt.Errorf("%s: the timed run is stuck at time %d: nothing can happen and a request still waits", alg.Name, now)
		}
	}
}

func anyStep(w *sim.World) bool {
	for _, e := range w.Events(nil) {
		if e.Kind == sim.EvStep {
			return true
		}
	}
	return false
}
