package sim

import "fmt"

// AppKind is the Kind of an application message: an ordinary message one
// node's application sends another, outside the algorithm. The simulator
// delivers it itself (algorithms never see it); it exists because it creates
// the happened-before edges the Order property is about.
const AppKind = 255

// Msg is a message in flight. Kind and the payload A, B and Data are the
// algorithm's; From, To and TS (the sender's Lamport clock when it sent, for
// algorithms with Clocks) are filled in by the simulator. HB is ghost state
// for the Order checker, invisible to algorithms.
//
// Data carries what does not fit two numbers, such as Suzuki–Kasami's
// token with its array LN and its queue, written with Enc (only by
// algorithms that set Algorithm.Payloads). It is a string so that a Msg
// stays a comparable value that means the same in every World: messages
// compare, sort and encode by their bytes, so two states whose messages
// carry equal payloads are one state to the explorer, however each payload
// was built. Algorithms without payloads leave it empty and pay nothing in
// their encoding.
type Msg struct {
	From, To uint8
	Kind     uint8
	A, B     int32
	TS       int32
	HB       uint32
	Data     string
}

// less orders messages canonically so that a multiset of messages has one
// encoding.
func (m Msg) less(o Msg) bool {
	if m.From != o.From {
		return m.From < o.From
	}
	if m.To != o.To {
		return m.To < o.To
	}
	if m.Kind != o.Kind {
		return m.Kind < o.Kind
	}
	if m.A != o.A {
		return m.A < o.A
	}
	if m.B != o.B {
		return m.B < o.B
	}
	if m.Data != o.Data {
		return m.Data < o.Data
	}
	if m.TS != o.TS {
		return m.TS < o.TS
	}
	return m.HB < o.HB
}

// Format renders m for people.
func (a *Algorithm) Format(m Msg) string {
	if m.Kind == AppKind {
		return "app"
	}
	if a.FormatMsg != nil {
		return a.FormatMsg(m)
	}
	name := fmt.Sprintf("kind%d", m.Kind)
	if int(m.Kind) < len(a.MsgKinds) {
		name = a.MsgKinds[m.Kind]
	}
	if m.Data != "" {
		name += fmt.Sprintf("[%x]", m.Data)
	}
	if m.A == 0 && m.B == 0 {
		return name
	}
	return fmt.Sprintf("%s(%d,%d)", name, m.A, m.B)
}
