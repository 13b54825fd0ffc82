package suzukikasami

import (
	"strconv"
	"strings"

	"dmelab/algorithms/sim"
)

// token is the token's content: LN[j], the number of node j's last served
// request, and Q, the nodes waiting for it in order.
type token struct {
	ln []int
	q  []int
}

// The token travels as a message payload (sim.Msg.Data) in the same form
// a holder encodes it in its state: the length-prefixed LN, then Q.

func (t *token) encode(e *sim.Enc) {
	e.Ints(t.ln)
	e.Ints(t.q)
}

func (t *token) decode(d *sim.Dec) {
	t.ln = d.IntsInto(t.ln)
	t.q = d.IntsInto(t.q)
}

func (t *token) data() string {
	var e sim.Enc
	t.encode(&e)
	return string(e.B)
}

// read loads the token from a message's payload, which the sender wrote
// with data.
func (t *token) read(data string) {
	d := sim.Dec{B: []byte(data)}
	t.decode(&d)
}

// TokenData is the payload of the token carrying ln and q, byte for byte
// what a node of this package sends: the student interface sends the
// very same message, so the two algorithms have one state space.
func TokenData(ln, q []int) string { return (&token{ln, q}).data() }

// ReadToken reads a token's payload, reusing ln's and q's memory.
func ReadToken(data string, ln, q []int) ([]int, []int) {
	t := token{ln, q}
	t.read(data)
	return t.ln, t.q
}

// formatMsg renders REQUEST(j, n) as "request(n)" (j is the sender) and
// the token with its content, "token[LN=1,0,2 Q=N3,N2]" ("Q=-" when the
// queue is empty), so that a scenario can name the very token it delivers.
func formatMsg(m sim.Msg) string {
	switch m.Kind {
	case Request:
		return "request(" + strconv.Itoa(int(m.A)) + ")"
	case Token:
		var t token
		t.read(m.Data)
		return "token[LN=" + join(t.ln, false) + " Q=" + join(t.q, true) + "]"
	}
	return "kind" + strconv.Itoa(int(m.Kind))
}

// join renders v comma-separated, node indices as names, "-" if empty.
func join(v []int, nodes bool) string {
	if len(v) == 0 {
		return "-"
	}
	return strings.Join(words(v, nodes), ",")
}

// words renders each element of v, node indices as names.
func words(v []int, nodes bool) []string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
		if nodes {
			s[i] = name(x)
		}
	}
	return s
}
