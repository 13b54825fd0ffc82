package listing

import (
	"sort"
	"strings"

	"github.com/hbollon/go-edlib"
)

// Type checking and compiling expressions. Numbers and nodes mix (a node
// is its index, none is -1); booleans, sets and tuples do not.

// value is a compiled expression: how to compute it, its type (0 for a
// tuple) and the slots it reads.
type value struct {
	fn    func(*node) int64
	typ   Type
	elems []value // a tuple's
	reads []int
}

func numeric(t Type) bool { return t == Int || t == Node }

// scope is where names are looked up: the process's (or handler's) own
// variables, then the globals, then the constants.
type scope struct {
	c     *compiler
	local map[string]int
	proc  int // the process whose scope it is; -1 for a handler's
	// noClock says where clock may not be read (an await, a step's
	// condition, an initial value: they are evaluated without an event's
	// context); "" where it may.
	noClock string
	// step is the label of the process's step being compiled, which a
	// fault names beside the line ("P12 (line 32)"); "" in a handler or
	// a rule.
	step string
}

func (s *scope) lookup(name string) (int, bool) {
	if i, ok := s.local[name]; ok {
		return i, true
	}
	i, ok := s.c.globals[name]
	return i, ok
}

// names lists every name visible in s, for suggestions.
func (s *scope) names() []string {
	out := []string{"myID", "n", "none", "empty", "true", "false", "RELEASED", "WANTED", "HELD", "V", "clock"}
	for k := range s.local {
		out = append(out, k)
	}
	for k := range s.c.globals {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (s *scope) expr(e Expr) value {
	c := s.c
	switch e := e.(type) {
	case *IntLit:
		v := int64(e.Value)
		return value{fn: func(*node) int64 { return v }, typ: Int}
	case *BoolLit:
		v := b2i(e.Value)
		return value{fn: func(*node) int64 { return v }, typ: Bool}
	case *Paren:
		return s.expr(e.X)
	case *Ident:
		switch e.Name {
		case "myID":
			return value{fn: func(n *node) int64 { return int64(n.id) }, typ: Node}
		case "n":
			return value{fn: func(n *node) int64 { return int64(n.n) }, typ: Int}
		case "none":
			return value{fn: func(*node) int64 { return -1 }, typ: Node}
		case "empty":
			return value{fn: func(*node) int64 { return 0 }, typ: emptyType}
		case "V":
			// Seed 003's voting set V_i, as package maekawa builds it
			// (the grid, or the sets the configuration gives).
			s.c.prog.votes = true
			return value{fn: func(n *node) int64 { return n.vset }, typ: Set}
		case "RELEASED", "WANTED", "HELD":
			// The seeds' states (001, 002, 004); a listing written as
			// handlers keeps its phase in a variable named state.
			v := map[string]int64{"RELEASED": released, "WANTED": wanted, "HELD": held}[e.Name]
			return value{fn: func(*node) int64 { return v }, typ: Int}
		case "clock":
			return s.clock(e.Pos)
		}
		i, ok := s.lookup(e.Name)
		if k, kind := c.msgs[e.Name]; !ok && kind {
			// a message kind, as a value (seed 004's q[j] = (Request, ...))
			v := int64(k)
			return value{fn: func(*node) int64 { return v }, typ: Kind}
		}
		if !ok {
			s.undeclared(e.Pos, e.Name)
			return value{fn: zero, typ: Int}
		}
		if c.slots[i].array {
			c.errs.add(e.Pos, "%s is an array: read one entry, as in %s[j]", e.Name, e.Name)
			return value{fn: zero, typ: c.slots[i].typ}
		}
		return value{fn: func(n *node) int64 { return n.v[i] }, typ: c.slots[i].typ, reads: []int{i}}
	case *Unary:
		x := s.expr(e.X)
		if e.Op == "not" {
			s.want(e.X, x, Bool, "not")
			return value{fn: func(n *node) int64 { return 1 - x.fn(n) }, typ: Bool, reads: x.reads}
		}
		s.wantNum(e.X, x, "-")
		return value{fn: func(n *node) int64 { return -x.fn(n) }, typ: Int, reads: x.reads}
	case *Tuple:
		v := value{}
		for _, x := range e.Elems {
			xv := s.expr(x)
			s.wantNum(x, xv, "a tuple")
			v.elems = append(v.elems, xv)
			v.reads = append(v.reads, xv.reads...)
		}
		c.errs.add(e.Pos, "a tuple (a, b) is only compared with <<, as in (requestedNum, source) << (myNum, myID)")
		v.fn = zero
		return v
	case *Call:
		return s.call(e)
	case *Binary:
		return s.binary(e)
	case *Index:
		return s.index(e)
	case *Quant:
		return s.quant(e)
	}
	return value{fn: zero, typ: Int}
}

func zero(*node) int64 { return 0 }

// The values of RELEASED, WANTED and HELD.
const (
	released = iota
	wanted
	held
)

// unknownName says that name, read as a value, is neither a word of the
// language nor declared nor a message kind (what expr reports with
// undeclared).
func (s *scope) unknownName(name string) bool {
	switch name {
	case "myID", "n", "none", "empty", "V", "RELEASED", "WANTED", "HELD", "clock":
		return false
	}
	if _, ok := s.lookup(name); ok {
		return false
	}
	_, kind := s.c.msgs[name]
	return !kind
}

// undeclared reports a name that is not declared, with the closest one
// or how to declare it.
func (s *scope) undeclared(pos Pos, name string) {
	if hint := suggest(name, s.names()); hint != "" {
		s.c.errs.add(pos, "%s is not declared%s", name, hint)
		return
	}
	s.c.errs.add(pos, "%s is not declared: declare it at the top (global int %s = 0) or at its process's start (int %s)", name, name, name)
}

// a is "a int" spelled right: "an int".
func a(t string) string {
	if t != "" && strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (s *scope) want(e Expr, v value, t Type, what string) {
	if v.typ != t {
		s.c.errs.add(e.At(), "%s needs %s, but %s is %s", what, a(t.String()), ExprString(e), a(typeName(v)))
	}
}

func (s *scope) wantNum(e Expr, v value, what string) {
	if _, tuple := e.(*Tuple); tuple {
		return // said where the tuple is (see expr): one problem, not two
	}
	if !numeric(v.typ) {
		s.c.errs.add(e.At(), "%s needs a number, but %s is %s", what, ExprString(e), a(typeName(v)))
	}
}

func typeName(v value) string {
	if v.typ == 0 {
		return "tuple"
	}
	return v.typ.String()
}

func (s *scope) call(e *Call) value {
	switch e.Name {
	case "max", "min":
		if len(e.Args) < 2 {
			s.c.errs.add(e.Pos, "%s needs two or more numbers", e.Name)
			return value{fn: zero, typ: Int}
		}
		args := make([]func(*node) int64, len(e.Args))
		var reads []int
		for i, a := range e.Args {
			v := s.expr(a)
			s.wantNum(a, v, e.Name)
			args[i], reads = v.fn, append(reads, v.reads...)
		}
		isMax := e.Name == "max"
		return value{typ: Int, reads: reads, fn: func(n *node) int64 {
			m := args[0](n)
			for _, f := range args[1:] {
				x := f(n)
				if x > m == isMax && x != m {
					m = x
				}
			}
			return m
		}}
	case "first", "size":
		if len(e.Args) != 1 {
			s.c.errs.add(e.Pos, "%s takes one set or queue", e.Name)
			return value{fn: zero, typ: Int}
		}
		v := s.expr(e.Args[0])
		if !coll(v.typ) {
			s.c.errs.add(e.Args[0].At(), "%s needs a set or a queue, but %s is %s", e.Name, ExprString(e.Args[0]), a(typeName(v)))
			return value{fn: zero, typ: Int}
		}
		t, f := v.typ, v.fn
		if e.Name == "first" {
			return value{typ: Node, reads: v.reads, fn: func(n *node) int64 { return first(t, f(n)) }}
		}
		return value{typ: Int, reads: v.reads, fn: func(n *node) int64 { return size(t, f(n)) }}
	case "alive":
		return s.alive(e)
	case "tick":
		s.c.errs.add(e.Pos, "tick() advances the clock: write it alone on the right of an assignment, as in T = tick()")
		return value{fn: zero, typ: Int}
	case "chooseNumber":
		s.c.errs.add(e.Pos, "chooseNumber() is a step's free choice: write it alone on the right of an assignment, as in P2: myNum = chooseNumber()")
		return value{fn: zero, typ: Int}
	}
	s.c.errs.add(e.Pos, "%s() is not a function (there are max, min, first, size, alive, chooseNumber and tick)%s", e.Name, suggest(e.Name, []string{"max", "min", "first", "size", "alive", "chooseNumber", "tick"}))
	return value{fn: zero, typ: Int}
}

func (s *scope) binary(e *Binary) value {
	if e.Op == "<<" {
		return s.before(e)
	}
	x, y := s.expr(e.X), s.expr(e.Y)
	reads := append(append([]int{}, x.reads...), y.reads...)
	fx, fy := x.fn, y.fn
	out := value{typ: Bool, reads: reads}
	switch e.Op {
	case "and", "or":
		s.want(e.X, x, Bool, e.Op)
		s.want(e.Y, y, Bool, e.Op)
		if e.Op == "and" {
			out.fn = func(n *node) int64 { return fx(n) & fy(n) }
		} else {
			out.fn = func(n *node) int64 { return fx(n) | fy(n) }
		}
		// Both sides are evaluated: neither has effects.
	case "=", "!=":
		if !(fits(x.typ, y.typ) || fits(y.typ, x.typ)) || x.typ == 0 {
			s.c.errs.add(e.Pos, "%s compares %s with %s", e.Op, a(typeName(x)), a(typeName(y)))
		}
		if e.Op == "=" {
			out.fn = func(n *node) int64 { return b2i(fx(n) == fy(n)) }
		} else {
			out.fn = func(n *node) int64 { return b2i(fx(n) != fy(n)) }
		}
	case "<", "<=", ">", ">=":
		s.wantNum(e.X, x, e.Op)
		s.wantNum(e.Y, y, e.Op)
		switch e.Op {
		case "<":
			out.fn = func(n *node) int64 { return b2i(fx(n) < fy(n)) }
		case "<=":
			out.fn = func(n *node) int64 { return b2i(fx(n) <= fy(n)) }
		case ">":
			out.fn = func(n *node) int64 { return b2i(fx(n) > fy(n)) }
		default:
			out.fn = func(n *node) int64 { return b2i(fx(n) >= fy(n)) }
		}
	case "in":
		s.wantNum(e.X, x, "in")
		if !coll(y.typ) {
			s.c.errs.add(e.Y.At(), "in needs a set or a queue, but %s is %s", ExprString(e.Y), a(typeName(y)))
		}
		t := y.typ
		out.fn = func(n *node) int64 { return b2i(has(t, fy(n), fx(n))) }
	case "+", "-", "*", "mod":
		s.wantNum(e.X, x, e.Op)
		s.wantNum(e.Y, y, e.Op)
		out.typ = Int
		switch e.Op {
		case "+":
			out.fn = func(n *node) int64 { return fx(n) + fy(n) }
		case "-":
			out.fn = func(n *node) int64 { return fx(n) - fy(n) }
		case "mod":
			// The seeds' ring arithmetic: never negative, and x mod 0
			// is x rather than a crash.
			out.fn = func(n *node) int64 {
				a, b := fx(n), fy(n)
				if b == 0 {
					return a
				}
				return ((a % b) + b) % b
			}
		default:
			out.fn = func(n *node) int64 { return fx(n) * fy(n) }
		}
	default:
		out.fn = zero
	}
	return out
}

// before compiles <<: (a, b) << (c, d) is a < c or a = c and b < d, the
// seeds' order on (number, id) pairs; on plain numbers it is <.
func (s *scope) before(e *Binary) value {
	parts := func(x Expr) []value {
		if t, ok := x.(*Tuple); ok {
			var out []value
			for _, el := range t.Elems {
				v := s.expr(el)
				s.wantNum(el, v, "<<")
				out = append(out, v)
			}
			return out
		}
		v := s.expr(x)
		s.wantNum(x, v, "<<")
		return []value{v}
	}
	xs, ys := parts(e.X), parts(e.Y)
	if len(xs) != len(ys) {
		s.c.errs.add(e.Pos, "<< compares tuples of one length, but these have %d and %d", len(xs), len(ys))
		return value{fn: zero, typ: Bool}
	}
	var reads []int
	for i := range xs {
		reads = append(reads, xs[i].reads...)
		reads = append(reads, ys[i].reads...)
	}
	return value{typ: Bool, reads: reads, fn: func(n *node) int64 {
		for i := range xs {
			a, b := xs[i].fn(n), ys[i].fn(n)
			if a != b {
				return b2i(a < b)
			}
		}
		return 0
	}}
}

// suggest is ", did you mean X?" for the name in names closest to name,
// or "" when none is close.
func suggest(name string, names []string) string {
	if best := nearest(name, names); best != "" {
		return "; did you mean " + best + "?"
	}
	return ""
}

// nearest is the name in names closest to name, if it is close enough to
// be what was meant (within two edits, one for a name of up to three
// letters, letter case aside) and is not name itself; or "".
func nearest(name string, names []string) string {
	limit := 2
	if len(name) <= 3 {
		limit = 1
	}
	best, bestD := "", limit+1
	for _, c := range names {
		if d := edlib.OSADamerauLevenshteinDistance(strings.ToLower(name), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	if best == name {
		return ""
	}
	return best
}
