// Package electionbully is seed 002's bully election, with crash faults and
// timeouts.
//
// The seed, step by step, and how each is modelled (N1 < N2 < … by id):
//
//   - "Send out an election message to all higher process IDs": a node
//     starting an election forgets its leader (elected_i = false), sends
//     election to every higher node (it does not know which have crashed;
//     messages to crashed nodes are lost) and arms its "no ok" timer. The
//     highest node has nobody to ask and wins at once.
//   - "If receiving an election message, the request must come from a
//     process with lower ID and is thus rejected": the receiver answers ok
//     ("I am alive and higher, stand down").
//   - On ok the node stops electing and waits for the winner, with a "no
//     coordinator" timer armed.
//   - "If none responds, it is the current highest process id and wins":
//     when the "no ok" timer fires, the node sets Leader = itself and sends
//     coordinator(own id) to every lower node.
//   - "Broadcast the result to everyone repeatedly with a fixed delay": the
//     leader's heartbeat timer sends coordinator(own id) to every lower
//     node again, for ever.
//   - "If not receiving the election result within a fixed timeframe, the
//     last leader must have crashed": a follower keeps one flag, heard,
//     set by every coordinator message; its check timer clears the flag,
//     or, if it was already clear (nothing since the last check), starts
//     an election.
//   - The same sentence for a node that has no leader yet and runs no
//     election of its own (at the start, before it hears anything): its
//     "no leader" timer starts an election when it expires. The highest
//     node has none: every election is sent to it.
//   - On coordinator(k) a node sets Leader = k and goes back to idle.
//
// Every handler and every timeout is one atomic step. Each node has at
// most one timer armed, which its state determines: "no ok" while
// electing, "no coordinator" while waiting, heartbeat as the leader, check
// as a follower, "no leader" otherwise (none at the highest node). The state is finite (leader, state, heard), so the explorer's
// search ends although heartbeats go on for ever.
//
// Choices where the seed is silent:
//   - The application's Request starts an election, unless the node is
//     already electing or waiting for a coordinator (then nothing happens).
//   - Who carries an election up. A node that rejects an election starts
//     one of its own only if it has no leader and is not in one already
//     (the classic rule, or nobody would ever win). A follower does not:
//     its leader is higher, got the same election message and answers it;
//     if that leader has crashed, the follower's own check finds out. And
//     the leader answers an election with coordinator(own id) to the
//     sender instead of ok: it has already won, so that is the whole
//     answer. The classic rule, where every receiver elects again and the
//     winner broadcasts again, is as safe and live but sends many more
//     messages: the explorer's N=4 search without crashes shrinks from
//     about 18 million states to 200 thousand.
//   - A node ignores coordinator(k) from a node k that has crashed since
//     sending it, and, if it was idle, starts an election, as its check
//     would soon do: adopting k would elect a dead node, which the
//     simulator reports as a safety violation. (This uses the simulator's
//     perfect failure detector, Ctx.Alive, as do the timeouts below.)
//
// Recovery (Options.Recoveries; the seed is silent): a node back from a
// crash restarts in its initial state and calls an election, the classic
// rule. The explorer then shows the classic caveat: the seed's Safe fails
// when the highest node comes back while a lower winner's coordinator is
// still on its way (see TestRecovery); liveness holds.
//
// Timer assumptions. The simulator fires a timeout only when no message
// can be delivered and nothing else can happen: timeouts are longer than
// any message delay, the synchronous system the bully algorithm needs. It
// does not order timeouts among themselves, though the bully algorithm
// relies on that too: a follower's timeframe is longer than the leader's
// heartbeat period, and a node waiting for a coordinator waits longer than
// a whole election among the higher nodes takes, so that each expires
// only if the node it waits for has crashed. The model states that
// directly: when the check finds nothing heard and the leader is still
// alive (Ctx.Alive), its heartbeat is still due; when the "no coordinator"
// timer fires and some higher node is alive, its coordinator is still
// due; likewise the "no leader" timer expires only when every higher node
// has crashed (while one is alive, the highest live node hears of every
// election and announces the result to every lower node, so it is still
// due). In each case the timer is simply armed again (the step changes
// nothing). Taken literally instead, the timeouts break liveness: a node
// waiting for a coordinator can call election after election while the
// higher node that should win never gets its own "no ok" timeout in,
// since each new election message disables it for a moment and weak
// fairness then does not force it. The test
// TestWaitingTimeoutMustOutlastElections keeps that counterexample
// visible.
//
// With these, safety and liveness hold with and without crashes (N=3 and
// N=4, up to two crashes): when the leader crashes, the followers' checks
// find no heartbeat and call an election, which the highest live node
// wins. The "no leader" timer is what two crashes need (issue 15): if N2
// starts an election and N2 and N3 both crash before anyone else hears of
// it, N1 had no leader and nothing is on its way to it; without the timer
// it waits for ever (TestNoLeaderTimeoutNeeded), with it N1, now the
// highest live node, elects itself. Because it expires only once every
// higher node has crashed, it starts no election in a run without
// crashes, and the explorer's figures without crashes are those of the
// model without it: elections still start only when asked, or when a
// crash leaves a node with nobody above it.
package electionbully

import (
	"dmelab/algorithms/seeds"
	"fmt"
	"strconv"

	"dmelab/algorithms/sim"
)

// Message kinds. A coordinator message carries the winner's node index in
// Msg.A.
const (
	Election = iota
	OK
	Coordinator
)

// Algorithm returns the description the simulator and explorer use.
func Algorithm() *sim.Algorithm { return algorithm(true, true) }

// algorithm builds the descriptor; patient=false takes the timeouts
// literally (see the package comment), for the test that shows why they
// must not be; timeframe=false leaves out the "no leader" timer, for the
// test that shows why it is needed.
func algorithm(patient, timeframe bool) *sim.Algorithm {
	return &sim.Algorithm{
		Name:     "election-bully",
		Group:    seeds.Seed002,
		Shows:    sim.Bounds{Nodes: 3, Requests: 1, Crashes: 1}, // a crash: the timers elect the next node
		Summary:  "bully election: the highest live node wins; timeouts detect crashed leaders (seed 002)",
		Election: true,
		New: func(cfg sim.Config) ([]sim.Node, error) {
			nodes := make([]sim.Node, cfg.N)
			for i := range nodes {
				nodes[i] = &node{id: i, n: cfg.N, patient: patient, timeframe: timeframe, leader: -1}
			}
			return nodes, nil
		},
		MsgKinds:  []string{"election", "ok", "coordinator"},
		Listing:   listing(),
		FormatMsg: formatMsg,
	}
}

func formatMsg(m sim.Msg) string {
	switch m.Kind {
	case Election:
		return "election"
	case OK:
		return "ok"
	case Coordinator:
		return "coordinator(" + strconv.Itoa(int(m.A)+1) + ")"
	}
	return "?"
}

// What a node is doing.
const (
	idle     = iota // no election running here (a leader or follower, or nothing yet)
	electing        // sent election to the higher nodes, waiting for ok
	waiting         // got ok, waiting for the coordinator message
)

// Timers, as Step.Arg of a sim.TimerProc step.
const (
	noOK = iota
	noCoordinator
	heartbeat
	check
	noLeader
)

type node struct {
	id, n   int
	patient bool // timeouts expire only when due (configuration, not state)
	// timeframe: a node without leader or election waits for a result
	// ("no leader" timer; configuration, not state)
	timeframe bool
	leader    int
	state     uint8
	heard     bool // a follower heard from its leader since its last check
}

func (n *node) Clone() sim.Node {
	c := *n
	return &c
}

func (n *node) CopyFrom(o sim.Node) { *n = *o.(*node) }

// Phase is always Idle: the application may start an election at any time.
func (n *node) Phase() sim.Phase { return sim.Idle }

func (n *node) Leader() int { return n.leader }

func (n *node) Request(c *sim.Ctx) {
	if n.state == idle {
		n.elect(c)
	}
}

// elect starts an election.
func (n *node) elect(c *sim.Ctx) {
	n.leader, n.heard = -1, false
	if n.id == n.n-1 {
		n.win(c)
		return
	}
	for j := n.id + 1; j < n.n; j++ {
		c.Send(j, sim.Msg{Kind: Election})
	}
	n.state = electing
}

// win makes the node the leader and tells every lower node.
func (n *node) win(c *sim.Ctx) {
	n.leader, n.state, n.heard = n.id, idle, false
	n.announce(c)
}

func (n *node) announce(c *sim.Ctx) {
	for j := 0; j < n.id; j++ {
		c.Send(j, sim.Msg{Kind: Coordinator, A: int32(n.id)})
	}
}

func (n *node) Exit(*sim.Ctx) {}

func (n *node) CanReceive(sim.Msg) bool { return true }

func (n *node) Receive(c *sim.Ctx, m sim.Msg) {
	switch m.Kind {
	case Election:
		if n.state == idle && n.leader < 0 {
			n.elect(c)
			if n.leader == n.id {
				return // won at once: the announcement went to the sender too
			}
		}
		if n.leader == n.id {
			c.Send(int(m.From), sim.Msg{Kind: Coordinator, A: int32(n.id)})
		} else {
			c.Send(int(m.From), sim.Msg{Kind: OK})
		}
	case OK:
		if n.state == electing {
			n.state = waiting
		}
	case Coordinator:
		switch k := int(m.A); {
		case c.Alive(k):
			n.leader, n.state, n.heard = k, idle, true
		case n.state == idle:
			n.elect(c) // announced by a node that has crashed since
		}
	}
}

// timer is the timer armed now, or -1.
func (n *node) timer() int {
	switch {
	case n.state == electing:
		return noOK
	case n.state == waiting:
		return noCoordinator
	case n.leader == n.id:
		if n.id == 0 {
			return -1 // nobody below to tell
		}
		return heartbeat
	case n.leader >= 0:
		return check
	}
	if n.id == n.n-1 || !n.timeframe {
		return -1 // the highest node hears of every election: it is asked
	}
	return noLeader // no leader and no election of its own: the seed's timeframe
}

func (n *node) Steps(dst []sim.Step) []sim.Step {
	if t := n.timer(); t >= 0 {
		dst = append(dst, sim.Step{Proc: sim.TimerProc, Arg: int32(t)})
	}
	return dst
}

func (n *node) Do(c *sim.Ctx, s sim.Step) {
	switch s.Arg {
	case noOK:
		n.win(c)
	case noCoordinator:
		if n.patient && n.higherAlive(c) {
			return // not expired: a coordinator is still due
		}
		n.elect(c)
	case heartbeat:
		n.announce(c)
	case check:
		switch {
		case n.heard:
			n.heard = false
		case n.patient && c.Alive(n.leader):
			// not expired: the leader's next heartbeat is still due
		default:
			n.elect(c)
		}
	case noLeader:
		if n.patient && n.higherAlive(c) {
			return // not expired: the result is still due (see timer)
		}
		n.elect(c)
	}
}

// higherAlive reports whether some node above n is alive.
func (n *node) higherAlive(c *sim.Ctx) bool {
	for j := n.id + 1; j < n.n; j++ {
		if c.Alive(j) {
			return true
		}
	}
	return false
}

func (n *node) StepLabel(s sim.Step) string {
	switch s.Arg {
	case noOK:
		return "timeout: no ok from higher nodes, I am the leader"
	case noCoordinator:
		if n.patient {
			return "timeout: no coordinator, elect again if no higher node is alive"
		}
		return "timeout: no coordinator, elect again"
	case heartbeat:
		return fmt.Sprintf("heartbeat: send coordinator(%d) again", n.id+1)
	case check:
		if n.heard {
			return fmt.Sprintf("check: heard from N%d since the last check", n.leader+1)
		}
		if n.patient {
			return fmt.Sprintf("check: nothing from N%d since the last check, elect if it has crashed", n.leader+1)
		}
		return fmt.Sprintf("check: nothing from N%d since the last check, it has crashed, elect", n.leader+1)
	case noLeader:
		if n.patient {
			return "timeout: no election result, elect if no higher node is alive"
		}
		return "timeout: no election result, elect"
	}
	return "?"
}

func (n *node) Encode(e *sim.Enc) {
	e.Int(n.leader)
	e.Int(int(n.state))
	e.Bool(n.heard)
}

func (n *node) Decode(d *sim.Dec) {
	n.leader = d.Int()
	n.state = uint8(d.Int())
	n.heard = d.Bool()
}

func (n *node) Vars() []sim.Var {
	l := "-"
	if n.leader >= 0 {
		l = fmt.Sprintf("N%d", n.leader+1)
	}
	h := "no"
	if n.heard {
		h = "yes"
	}
	return []sim.Var{
		{Name: "leader", Value: l},
		{Name: "state", Value: name([]string{"idle", "electing", "waiting"}, int(n.state))},
		{Name: "heard", Value: h},
		{Name: "timer", Value: name([]string{"no-ok", "no-coordinator", "heartbeat", "check", "no-leader"}, n.timer())},
	}
}

// name is names[i], or "-" out of range (no timer, or a corrupt decoding).
func name(names []string, i int) string {
	if i < 0 || i >= len(names) {
		return "-"
	}
	return names[i]
}

// Recover: a node back from a crash starts from its initial state (no
// leader, no timer) and calls an election at once — the classic bully
// rule, which the seed does not state: a recovered node that is now the
// highest live one must take over, and one that is not learns the leader
// from the answer to its election.
func (n *node) Recover(c *sim.Ctx) { n.elect(c) }
