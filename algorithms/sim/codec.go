package sim

import "errors"

// Enc appends a compact, canonical encoding of values: the explorer stores
// every state it has seen in this form, so it must be small and two equal
// states must encode to equal bytes.
type Enc struct{ B []byte }

// Int appends v as a zig-zag varint.
func (e *Enc) Int(v int) {
	u := uint64(v<<1) ^ uint64(v>>63)
	if u < 0x80 { // the common case: one byte
		e.B = append(e.B, byte(u))
		return
	}
	for u >= 0x80 {
		e.B = append(e.B, byte(u)|0x80)
		u >>= 7
	}
	e.B = append(e.B, byte(u))
}

// Bool appends b as one byte.
func (e *Enc) Bool(b bool) {
	if b {
		e.B = append(e.B, 1)
	} else {
		e.B = append(e.B, 0)
	}
}

// Ints appends the length of v and then its elements.
func (e *Enc) Ints(v []int) {
	e.Int(len(v))
	for _, x := range v {
		e.Int(x)
	}
}

// Bytes appends the length of b and then b itself: a message's payload
// (Msg.Data) inside a state's encoding.
func (e *Enc) Bytes(b string) {
	e.Int(len(b))
	e.B = append(e.B, b...)
}

// Dec reads what Enc wrote. Reading past the end or a malformed varint sets
// Err and returns zeros, so a decoder never panics.
type Dec struct {
	B   []byte
	Err error
	// Arena, when it has room, is memory for lists of ints that a reader
	// may cut from instead of allocating (stepwire.GetInts does): the
	// grader's sandbox decodes a request's variables into the same memory
	// at every call. What is cut from it is only valid until the owner
	// reuses it.
	Arena []int
}

var errShort = errors.New("sim: truncated state encoding")

// Int reads a zig-zag varint.
func (d *Dec) Int() int {
	if len(d.B) > 0 && d.B[0] < 0x80 { // the common case: one byte
		u := uint64(d.B[0])
		d.B = d.B[1:]
		return int(u>>1) ^ -int(u&1)
	}
	var u uint64
	var s uint
	for i, b := range d.B {
		if i == 10 {
			break
		}
		u |= uint64(b&0x7f) << s
		if b < 0x80 {
			d.B = d.B[i+1:]
			return int(u>>1) ^ -int(u&1)
		}
		s += 7
	}
	d.Err = errShort
	d.B = nil
	return 0
}

// IntsN reads len(dst) ints into dst, as that many calls of Int would,
// in one call: a one-byte varint is read here, a longer one by Int (which
// is too large to inline). The grader's sandbox reads a request's header
// and lists of ints so, at every call.
func (d *Dec) IntsN(dst []int) {
	for i := range dst {
		if len(d.B) > 0 && d.B[0] < 0x80 {
			u := int(d.B[0])
			d.B = d.B[1:]
			dst[i] = u>>1 ^ -(u & 1)
			continue
		}
		dst[i] = d.Int()
	}
}

// Bool reads one byte.
func (d *Dec) Bool() bool {
	if len(d.B) == 0 {
		d.Err = errShort
		return false
	}
	b := d.B[0]
	d.B = d.B[1:]
	return b != 0
}

// Ints reads a length-prefixed list; it returns nil for an empty list.
func (d *Dec) Ints() []int { return d.IntsInto(nil) }

// IntsInto reads a length-prefixed list into dst's memory (reusing it, so
// a decoder called millions of times need not allocate).
func (d *Dec) IntsInto(dst []int) []int {
	n := d.Int()
	if n < 0 || n > len(d.B) {
		d.Err = errShort
		return dst[:0]
	}
	dst = dst[:0]
	for ; n > 0; n-- {
		dst = append(dst, d.Int())
	}
	return dst
}

// Bytes reads what Enc.Bytes wrote. The result aliases the encoding: copy
// it, or intern it (World keeps a table), before the encoding changes.
func (d *Dec) Bytes() []byte {
	n := d.Int()
	if n < 0 || n > len(d.B) {
		d.Err = errShort
		d.B = nil
		return nil
	}
	b := d.B[:n:n]
	d.B = d.B[n:]
	return b
}
