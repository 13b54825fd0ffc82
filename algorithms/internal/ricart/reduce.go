package ricart

import "dmelab/algorithms/sim"

// Persistent implements sim.Reducible for the two-process model.
//
// Who depends on whom: the main and receive processes of one node share
// myNum, highestNum, requestCS and deferred; processes of different nodes
// share nothing, and under unordered channels sending commutes with every
// receipt of another message. So:
//   - P4 and P9 only send, reading myNum and the loop variable, which only
//     the main process writes: persistent alone.
//   - So is P7 with deferred empty, where a flag is kept: it reads only
//     deferred, and with requestCS false (P6a) P12 never adds to it. It
//     takes the node from Exiting to Idle, the one change of phase
//     sim.Reducible allows, since no property reads it.
//   - While the receive process is past P10 (no request can be received
//     until it decides), its step and the main process's next step are
//     persistent together if that main step is enabled and keeps the phase
//     (P2, P2a, P2b, P6a, P7 with a non-empty deferred, P8): whatever else
//     happens first touches neither process.
//   - P11 of ra-v3 and the Ben-Ari variants (highestNum = max(...)) races
//     only with P2; once the application will not call enter() again and
//     main is past P2, it is persistent alone.
//     So is P11 whenever requestedNum <= highestNum (it then writes nothing
//     P2 reads), and, for Ben-Ari's atomic P2, while main waits at P5 for
//     its own request, which the one at P11 beats (requesterFirst).
//   - The reply-or-defer decision races with P2, P6a, P7 and P8; once main
//     rests at P1 for good, it is persistent alone, and so is a reply that
//     no later step of main can turn into a deferral (replyStays).
//   - So is a decision to reply once the application will not call enter()
//     again and main is past P2: myNum stays as it is, requestCS can only
//     become false (P6a), which makes the answer a reply all the same, and
//     a reply leaves deferred, which P7 and P8 read, untouched.
//   - P10, the receipt of a request, races only with the receipts of other
//     requests at the node (see GroupMsg and MaySend): the explorer takes
//     all of them together once no node can send the node another request.
//   - Once no request can reach the node any more, the receive process
//     rests at P10 for good and main's steps that keep the phase are
//     persistent alone (Unreached).
func (n *node) Persistent(dst []sim.Step, final bool) []sim.Step {
	if n.main == p4 || n.main == p9 {
		return append(dst, sim.Step{Proc: procMain})
	}
	if n.main == p7 && len(n.deferred) == 0 && n.v.Flag != NoFlag && !n.requestCS {
		return append(dst, sim.Step{Proc: procMain}) // the exit's end
	}
	if n.recv == p10 {
		return dst
	}
	if n.mainKeepsPhase() {
		return n.Steps(dst) // main's step and the receive step
	}
	recv := sim.Step{Proc: procRecv}
	isMax := n.recv == p11 && n.v.Highest
	pastP2 := n.main != p2 && n.main != p2a && n.main != p2b
	switch {
	case isMax && final && pastP2:
		return append(dst, recv)
	case isMax && n.main == p5 && n.requesterFirst():
		return append(dst, recv)
	case isMax && n.requestedNum <= n.highestNum:
		return append(dst, recv) // writes nothing P2 reads
	case !isMax && final && (n.main == p1 || pastP2 && n.replyNow()):
		return append(dst, recv)
	case !isMax && n.replyStays():
		return append(dst, recv)
	}
	return dst
}

// replyStays reports whether the receive process, at P12, replies
// whenever it takes its step, whatever main does first. With highestNum
// kept (P11 done: highestNum >= requestedNum, and it never falls), every
// number main chooses from now on is highestNum + 1 > requestedNum, which
// the request beats. So the reply stays if it does not rest on
// requestCS being false, or if requestCS can next become true only with
// such a number: at once with it (Ben-Ari's atomic P2), or after it
// (num-first, unless main is between the two). Flag-first's P2a raises the
// flag before the number, so there the reply must rest on the number.
func (n *node) replyStays() bool {
	if !n.v.Highest || n.recv != p12 {
		return false
	}
	if n.requestBeats() {
		return true
	}
	switch {
	case n.v.Flag == NoFlag || n.requestCS:
		return false
	case n.v.Flag == FlagAtomic:
		return true
	case n.v.Flag == NumFirst:
		return n.main != p2b
	}
	return false
}

// requesterFirst reports, for Ben-Ari's atomic P2 with ties broken, that
// the request at P11 comes before the node's own, which main at P5 is
// waiting on: then main cannot reach its next P2 (which reads highestNum)
// before P11. Main needs the requester's reply first. The requester is
// still in the round of its request, asking with requestedNum (it needs
// this node's reply to leave it), so its P12 defers this node's request;
// and it cannot have replied before asking, or its P11 would have taken
// this node's number and its own would be higher. So its reply comes after
// its CS, which needs this node's reply, which P12 sends after P11.
func (n *node) requesterFirst() bool {
	return n.v.Flag == FlagAtomic && n.v.TieBreak && n.requestBeats()
}

// mainKeepsPhase reports whether main's next step is enabled and keeps
// the node's phase: P2, P2a, P2b, P6a, P8, and P7 with a non-empty
// deferred.
func (n *node) mainKeepsPhase() bool {
	switch n.main {
	case p2, p2a, p2b, p6a, p8:
		return true
	case p7:
		return len(n.deferred) > 0
	}
	return false
}

// LocalMsg implements sim.Reducible. Receiving a reply only counts it. The
// count is read by P5, which waits for all N-1 replies of the node's current
// request; as every request is answered at most once, no reply can be in
// flight once P5 is enabled, so the delivery never disables P5.
func (n *node) LocalMsg(m sim.Msg, _ bool) bool { return m.Kind == Reply }

// LocalRequest implements sim.Reducible: enter() only ends P1 (NCS); the
// main process then takes P2 as a step of its own.
func (n *node) LocalRequest() bool { return true }

// GroupMsg implements sim.GroupReceiver: P10's receipt of a request only
// sets the receive process's locals (source, requestedNum), which no other
// step reads, and only another request's receipt competes with it, as the
// receive process takes one at a time.
func (n *node) GroupMsg(m sim.Msg) bool { return m.Kind == Request }

// MaySend implements sim.GroupReceiver: requests are sent only by P4, in
// the loop P3 starts after P2 over the other nodes in increasing order. So
// a node may still send node `to` a request while it is at P2, while its
// loop has not passed `to`, or if its application may call enter() again.
// Not in the last case, though, while its request of this round is still
// in flight to `to` (pending): `to` has not answered it, so the node
// cannot enter the CS and start another round until `to` receives a
// request.
func (n *node) MaySend(to int, final, pending bool) bool {
	switch n.main {
	case p2, p2a, p2b:
		return to != n.id
	case p4:
		if to >= n.loop {
			return to != n.id
		}
	}
	return !final && to != n.id && !pending
}

// Unreached implements sim.GroupReceiver: with no request left to come,
// the receive process rests at P10 for good, so main's steps that keep the
// phase race with nothing (P2 reads highestNum, which only P11 writes).
// (Past P10, Persistent has said what it can; P4 and P9 it always takes.)
func (n *node) Unreached(dst []sim.Step, _ bool) []sim.Step {
	if n.recv == p10 && n.mainKeepsPhase() {
		return n.Steps(dst) // main's step alone: the receive process has none
	}
	return dst
}
