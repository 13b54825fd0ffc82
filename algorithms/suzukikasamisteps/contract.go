package suzukikasamisteps

import (
	"fmt"

	"dmelab/algorithms/internal/stepwire"
)

var name = stepwire.NodeName

// check returns why handler op of the node at p broke its contract (see
// the package comment), going from old to v and sending out, or "".
func check(op Op, p *stepwire.Place, old, v *Vars, out []Send) string {
	if f := counts("RN", v.RN, p.N); f != "" {
		return f
	}
	if v.has != old.has {
		return "replaced the variables: whether the node holds the token is the harness's"
	}
	if f := sends(p, old, v, out); f != "" {
		return f
	}
	gone := false // the token was sent: its LN and Q went with it
	for _, s := range out {
		gone = gone || s.Kind == Token
	}
	switch {
	case !v.has && len(v.LN)+len(v.Q) > 0:
		return "set LN or Q, but only the token's holder has them"
	case v.has && !gone:
		if f := token(v.LN, v.Q, p.N); f != "" {
			return f
		}
	}
	return state(op, old.State, v.State, v.has && !gone, gone)
}

// sends says why the messages out break the contract, or "".
func sends(p *stepwire.Place, old, v *Vars, out []Send) string {
	asked := make([]bool, p.N)
	tokens := 0
	for _, s := range out {
		switch {
		case s.To < 0 || s.To >= p.N:
			return fmt.Sprintf("sent a message to node %d, but the nodes are 0..%d", s.To, p.N-1)
		case s.To == p.ID:
			return fmt.Sprintf("sent a message to itself (%s)", name(p.ID))
		case s.Kind == Request && asked[s.To]:
			return fmt.Sprintf("sent %s two REQUESTs, but a handler asks each node once", name(s.To))
		case s.Kind == Request && s.N != v.RN[p.ID]:
			return fmt.Sprintf("sent REQUEST(%s, %d), but RN[%s] = %d: a request carries the sender's own RN entry", name(p.ID), s.N, name(p.ID), v.RN[p.ID])
		case s.Kind == Token && !old.has:
			return "sent the token, but the node does not hold it"
		case s.Kind == Token && tokens > 0:
			return "sent the token twice, but there is one"
		case s.Kind == Token:
			if f := token(s.LN, s.Q, p.N); f != "" {
				return "sent a token that breaks the rules: it " + f
			}
		}
		asked[s.To] = asked[s.To] || s.Kind == Request
		if s.Kind == Token {
			tokens++
		}
	}
	return ""
}

// token says why LN and Q are not a token's in a system of n nodes, or "".
func token(ln, q []int, n int) string {
	if f := counts("LN", ln, n); f != "" {
		return f
	}
	return stepwire.NodeList("Q", q, n)
}

// counts says why x is not a list of n request numbers, or "".
func counts(what string, x []int, n int) string {
	if len(x) != n {
		return fmt.Sprintf("made %s %d long, but there are %d nodes", what, len(x), n)
	}
	for j, k := range x {
		if k < 0 {
			return fmt.Sprintf("set %s[%s] = %d, but request numbers start at 0", what, name(j), k)
		}
	}
	return ""
}

// state says why the handler op may not go from state old to now, or "";
// held: the node holds the token after the call; sent: the call sent it.
// A handler other than Exit that sends the token from the critical section
// is told that it sent it, not that it "left state = Held": the state was
// Held before the call and the code did not touch it, so the send is what
// to fix (Exit that sends it and stays Held forgot state = Released).
// A fault names states as the student's code does (GoName), not as the
// state tables show them.
func state(op Op, old, now State, held, sent bool) string {
	switch {
	case now == Held && !held && sent && op != OpExit && old == Held:
		return "sent the token from the critical section (state = Held), but a node keeps the token until its Exit()"
	case now == Held && !held && sent && op != OpExit:
		return "sent the token but left state = Held: only the token's holder may be in the critical section"
	case now == Held && !held:
		return "left state = Held, but only the token's holder may be in the critical section"
	case op == OpEnter && now != Wanted && now != Held:
		return fmt.Sprintf("left state = %s, but Enter() sets state = Wanted or Held", now.GoName())
	case op == OpExit && now != Released:
		return fmt.Sprintf("left state = %s, but Exit() sets state = Released", now.GoName())
	case op != OpEnter && op != OpExit && now != old && !(old == Wanted && now == Held):
		return fmt.Sprintf("changed state from %s to %s, but a message can only move Wanted to Held", old.GoName(), now.GoName())
	}
	return ""
}
