package stepwire

import "dmelab/algorithms/sim"

// Wire is one interface's wire between the grader (host) and a student's
// code compiled to WebAssembly (guest): one request per handler call, one
// answer, both sim.Enc varints.
//
//	request: op a b id n clock crashed {variables}
//	answer:  status ret {variables} #sends {send} #panic {byte}
//
// status is 0 when the handler returned and 1 when it panicked (or the
// request was malformed); ret is what it returned. The host trusts
// nothing in an answer: DecodeAnswer bounds every length (the codec's
// Get* functions their own), and the contract is checked on the host.
type Wire[V, S any] struct {
	Ops []Op
	// Put and Get write and read the student's variables; Get reports a
	// malformed list or value by setting the decoder's Err.
	Put func(e *sim.Enc, v *V)
	Get func(d *sim.Dec, v *V)
	// PutSend and GetSend write and read one message a handler sent.
	PutSend func(e *sim.Enc, s S)
	GetSend func(d *sim.Dec) S
	// MaxSends bounds the messages of an answer: Guest cuts a longer list
	// to MaxSends+1, which the contract then rejects.
	MaxSends int
	// Valid, when set, checks the variables of a request beyond the
	// place (their lists fit the system).
	Valid func(v *V) bool
	// Noun is what a student writes, for "no handlers": "handlers" when
	// empty.
	Noun string
}

// Self is the Self v embeds: every interface's Vars embeds one, so the
// wire finds it without being told where.
func (w *Wire[V, S]) Self(v *V) *Self[S] { return any(v).(interface{ self() *Self[S] }).self() }

func (w *Wire[V, S]) noun() string {
	if w.Noun == "" {
		return "handlers"
	}
	return w.Noun
}

// Answer is a decoded answer.
type Answer[V any] struct {
	Vars  V // with the messages sent
	Ret   int
	Panic string
}

// EncodeRequest writes the request for handler op with arguments a and b
// on v.
func (w *Wire[V, S]) EncodeRequest(op, a, b int, v *V) []byte {
	e := sim.Enc{B: make([]byte, 0, 16)}
	w.encodeRequest(&e, op, a, b, w.Self(v).at, v)
	return e.B
}

// encodeRequest appends the request to e; p is v's place. (Finding v's
// Self is an assertion to an interface, which the callers make once a
// call.)
func (w *Wire[V, S]) encodeRequest(e *sim.Enc, op, a, b int, p Place, v *V) {
	for _, x := range []int{op, a, b, p.ID, p.N, p.Clock, int(p.Crashed)} {
		e.Int(x)
	}
	w.Put(e, v)
}

// decodeRequest reads a request into v and reports whether it is one the
// host can send: it decodes to its end, names a known op, a system the
// simulator builds (1 to 32 nodes), a node of it, and arguments of the
// kinds the op takes.
func (w *Wire[V, S]) decodeRequest(d *sim.Dec, v *V, p *Place) (op, a, b int, ok bool) {
	var h [7]int
	d.IntsN(h[:])
	op, a, b = h[0], h[1], h[2]
	p.ID, p.N, p.Clock = h[3], h[4], h[5]
	crashed := h[6]
	w.Get(d, v)
	switch {
	case d.Err != nil, len(d.B) > 0, op < 0, op >= len(w.Ops), p.N < 1, p.N > 32,
		p.ID < 0, p.ID >= p.N, p.Clock < 0, crashed < 0, crashed>>p.N != 0,
		!argOK(w.Ops[op].A, a, p), !argOK(w.Ops[op].B, b, p), w.Valid != nil && !w.Valid(v):
		return 0, 0, 0, false
	}
	p.Crashed = uint32(crashed)
	return op, a, b, true
}

func argOK(k Arg, x int, p *Place) bool {
	switch k {
	case AnyNode:
		return x >= 0 && x < p.N
	case Other:
		return x >= 0 && x < p.N && x != p.ID
	case Time:
		return x >= 0
	}
	return true
}

// Guest answers requests with the student's code c: the guest's side,
// one request per call of the function it returns. A panic in the
// student's code is caught and reported in the answer; a malformed
// request is answered without running it. Each call starts from the
// request's variables alone, but the memory for them (their lists of
// ints too), the decoder, the list of messages sent and the answer are
// reused from call to call: in
// wazero's interpreter an allocation costs about ten microseconds, and
// these took a fifth of a call. An answer is valid until the next call.
func (w *Wire[V, S]) Guest(c Code[V]) func(req []byte) []byte {
	x := new(serving[V, S])
	x.self = w.Self(&x.v)
	return func(req []byte) []byte { return w.serve(c, req, x) }
}

// serving is what one call of a Guest needs: self is v's Self, and out
// the memory of the last call's messages.
type serving[V, S any] struct {
	v     V
	self  *Self[S]
	out   []S
	d     sim.Dec
	e     sim.Enc
	arena []int // the memory of the request's lists of ints (sim.Dec.Arena)
}

// Serve answers one request with c, in a Guest of its own.
func (w *Wire[V, S]) Serve(c Code[V], req []byte) []byte { return w.Guest(c)(req) }

func (w *Wire[V, S]) serve(c Code[V], req []byte, x *serving[V, S]) []byte {
	var zero V
	x.v = zero
	clear(x.out) // nothing of the last call's messages stays reachable
	x.self.out = x.out[:0]
	v, e := &x.v, &x.e
	if x.arena == nil {
		x.arena = make([]int, 0, 256)
	}
	x.d = sim.Dec{B: req, Arena: x.arena[:0]}
	ret, panicked := 0, "the request was malformed"
	if op, a, b, ok := w.decodeRequest(&x.d, v, &x.self.at); ok {
		ret, panicked = invoke(c, v, op, a, b, w.noun())
	}
	if e.B == nil {
		e.B = make([]byte, 0, 64)
	}
	e.B = e.B[:0]
	PutStatus(e, panicked)
	e.Int(ret)
	w.Put(e, v)
	PutList(e, x.self.out, w.MaxSends, w.PutSend)
	PutPanic(e, panicked)
	x.out = x.self.out
	return e.B
}

// DecodeAnswer reads an answer from the sandbox. It never panics: a
// truncated or oversized answer is an error.
func (w *Wire[V, S]) DecodeAnswer(b []byte) (Answer[V], error) {
	var a Answer[V]
	var d sim.Dec
	ret, p, err := w.decodeAnswer(&d, b, &a.Vars, w.Self(&a.Vars), nil)
	if err != nil {
		return Answer[V]{}, err
	}
	a.Ret, a.Panic = ret, p
	return a, nil
}

// decodeAnswer reads answer b with d (and the room left in its Arena) into
// v, which must be zero and whose Self is self, and the messages into
// out's array (nil: a new one); on an error v holds whatever was read
// before it.
func (w *Wire[V, S]) decodeAnswer(d *sim.Dec, b []byte, v *V, self *Self[S], out []S) (ret int, panicked string, err error) {
	*d = sim.Dec{B: b, Arena: d.Arena}
	status := d.Int()
	ret = d.Int()
	w.Get(d, v)
	self.out = getListInto(d, w.MaxSends, w.GetSend, out)
	if d.Err != nil {
		return 0, "", ErrBadAnswer
	}
	p, err := ReadPanic(d, status)
	if err != nil {
		return 0, "", err
	}
	return ret, p, nil
}

// Remote is a student's code that runs elsewhere: every call of handler
// op on the node's variables v becomes one request through call, and the
// answer's variables and messages replace v's.
//
// The code runs one call at a time, as the sandbox behind it does: the
// request's buffer and the decoder are made once and reused by every
// call (a search makes hundreds of thousands, most of them answered from
// the sandbox's memo, so these allocations were most of what a call cost
// the host). call must not keep the request it is given beyond its
// return.
func (w *Wire[V, S]) Remote(call Caller) Code[V] {
	r := &remote[V, S]{w: w, call: call}
	return r.handle
}

// remote is Remote's end of the wire: what every call reuses.
type remote[V, S any] struct {
	w    *Wire[V, S]
	call Caller
	e    sim.Enc
	d    sim.Dec
}

// The answers' lists of ints are cut from chunks of arenaChunk ints
// (sim.Dec.Arena), a new chunk once fewer than arenaLow are left, rather
// than each list allocated by itself: a search decodes hundreds of
// thousands of answers. Nothing is cut twice from a chunk, as the lists
// become the node's variables, and a chunk is freed once none of its
// lists is in use (a search keeps its states encoded, not its nodes).
const (
	arenaChunk = 1024
	arenaLow   = 64
)

func (r *remote[V, S]) handle(v *V, op, a, b int) int {
	w := r.w
	self := w.Self(v)            // in v: it stays v's Self when v is overwritten
	at, out := self.at, self.out // out: the array the node's last call sent in (Node.Call)
	r.e.B = r.e.B[:0]
	w.encodeRequest(&r.e, op, a, b, at, v)
	ans := Call(r.call, r.e.B)
	var zero V
	*v = zero // what the answer leaves out is zero, as in an Answer
	if cap(r.d.Arena)-len(r.d.Arena) < arenaLow {
		r.d.Arena = make([]int, 0, arenaChunk)
	}
	ret, panicked, err := w.decodeAnswer(&r.d, ans, v, self, out)
	self.at = at
	Check(err, panicked)
	return ret
}

// PutList writes xs, cut to max+1 (enough for the host to see too many).
func PutList[T any](e *sim.Enc, xs []T, max int, put func(*sim.Enc, T)) {
	xs = xs[:min(len(xs), max+1)]
	e.Int(len(xs))
	for _, x := range xs {
		put(e, x)
	}
}

// GetList reads what PutList wrote; a list longer than max+1 sets d.Err.
func GetList[T any](d *sim.Dec, max int, get func(*sim.Dec) T) []T {
	return getListInto(d, max, get, nil)
}

// getListInto is GetList into xs's array (nil: a new one); an empty list
// is xs[:0], so that an array kept from call to call stays kept.
func getListInto[T any](d *sim.Dec, max int, get func(*sim.Dec) T, xs []T) []T {
	xs = xs[:0]
	k := listLen(d, max)
	if k <= 0 {
		return xs
	}
	if xs == nil {
		xs = make([]T, 0, min(k, len(d.B)))
	}
	for ; k > 0 && d.Err == nil; k-- {
		xs = append(xs, get(d))
	}
	return xs
}

// listLen reads the length of a list of at most max+1 elements: 0 for an
// empty one, and -1, with d.Err set, for one that is not.
func listLen(d *sim.Dec, max int) int {
	k := d.Int()
	if d.Err != nil || k < 0 || k > max+1 {
		d.Err = ErrBadAnswer
		return -1
	}
	return k
}

// PutInts and GetInts are PutList and GetList for lists of ints, written
// out without a call through a function value for every element: they
// run at every call into the sandbox, where every call of the guest's
// code costs the interpreter's time.
func PutInts(e *sim.Enc, xs []int, max int) {
	xs = xs[:min(len(xs), max+1)]
	e.Int(len(xs))
	for _, x := range xs {
		e.Int(x)
	}
}

func GetInts(d *sim.Dec, max int) []int {
	k := listLen(d, max)
	if k <= 0 {
		return nil
	}
	if k > len(d.B) { // every int takes a byte at least
		d.Err = ErrBadAnswer
		return nil
	}
	var xs []int
	if n := len(d.Arena); cap(d.Arena)-n >= k {
		xs = d.Arena[n : n+k : n+k] // an append by the student's code copies
		d.Arena = d.Arena[:n+k]
	} else {
		xs = make([]int, k)
	}
	d.IntsN(xs)
	return xs
}

// Small reads an int that must lie in 0..max (a kind, a state); another
// value sets d.Err.
func Small(d *sim.Dec, max int) int {
	x := d.Int()
	if x < 0 || x > max {
		d.Err = ErrBadAnswer
		return 0
	}
	return x
}

// Through is c behind the wire, in process: what the sandbox does, for
// tests that the wire changes nothing.
func (w *Wire[V, S]) Through(c Code[V]) Code[V] {
	serve := w.Guest(c)
	return w.Remote(func(req []byte) ([]byte, error) { return serve(req), nil })
}
