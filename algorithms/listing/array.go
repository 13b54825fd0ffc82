package listing

// Arrays indexed by node, as seed 004 keeps q[j] for every node j:
// "global int qt[n] = 0" declares one entry per node, each starting at
// the initial value. An array is global and holds numbers, booleans,
// nodes or kinds. Its slot holds nothing; its n entries are stored after
// every slot of the node (node.elem), so that a node's state is still one
// slice of numbers, encoded as the Go models encode theirs. For the
// reduction an array is its slot: writing one entry is writing the array.

// array makes slot i, declared by v, an array.
func (c *compiler) array(v *Var, i int) {
	if coll(v.Type) {
		c.errs.add(v.Pos, "an array holds numbers, booleans, nodes or kinds, not %ss", v.Type)
	}
	c.slots[i].array = true
	c.slots[i].arr = len(c.prog.arrays)
	c.prog.arrays = append(c.prog.arrays, i)
}

// elem is where entry j of the k-th array is in n.v.
func (n *node) elem(k int, j int64) int { return len(n.p.slots) + k*n.n + int(j) }

// at compiles the index of q[e]: the function giving the entry's place
// in n.v, or -1 after stopping the node (an index that is not a node
// here), and the slots the index reads. An index of another type, or
// one that no node of any system is, is an error.
func (s *scope) at(name string, i int, e Expr) (func(*node) int, []int) {
	c := s.c
	x := s.expr(e)
	if !numeric(x.typ) {
		c.errs.add(e.At(), "%s is indexed by a node, but %s is %s", name, ExprString(e), a(typeName(x)))
		return func(*node) int { return -1 }, x.reads
	}
	if len(x.reads) == 0 && !someNode(x.fn) {
		c.errs.add(e.At(), "%s[%s] is never an entry: %s's entries are %s[0] to %s[n - 1], one per node", name, ExprString(e), name, name, name)
	}
	k, f, t := c.slots[i].arr, x.fn, x.typ
	return func(n *node) int {
		j := f(n)
		if j < 0 || j >= int64(n.n) {
			val, nodes := n.notNode(t, j)
			n.failf("used %s[%s], but the nodes are %s", name, val, nodes)
			return -1
		}
		return n.elem(k, j)
	}, x.reads
}

// someNode reports whether an index that reads no variable is a node
// of some system (N = 1 to 32): false for q[n] or q[none].
func someNode(f func(*node) int64) bool {
	for n := 1; n <= 32; n++ {
		for id := 0; id < n; id++ {
			if j := f(&node{id: id, n: n}); j >= 0 && j < int64(n) {
				return true
			}
		}
	}
	return false
}

// index compiles q[e].
func (s *scope) index(e *Index) value {
	c := s.c
	i, ok := s.lookup(e.Name)
	if !ok {
		s.undeclared(e.Pos, e.Name)
		return value{fn: zero, typ: Int}
	}
	if !c.slots[i].array {
		c.errs.add(e.Pos, "%s is %s, not an array: declare it %s[n] to keep one per node", e.Name, a(c.slots[i].typ.String()), e.Name)
		return value{fn: zero, typ: c.slots[i].typ}
	}
	pos, reads := s.at(e.Name, i, e.Index)
	return value{typ: c.slots[i].typ, reads: append([]int{i}, reads...), fn: func(n *node) int64 {
		if k := pos(n); k >= 0 {
			return n.v[k]
		}
		return 0
	}}
}

// target compiles where an assignment stores: the variable, or the
// array's entry. The stmtCode says what choosing the place reads and
// what storing writes; its act is left to the caller.
func (s *scope) target(st *Assign, i int) (func(*node, int64), stmtCode) {
	c := s.c
	if st.Index == nil {
		if c.slots[i].array {
			c.errs.add(st.Pos, "%s is an array: assign one entry, as in %s[j] = ...", st.Name, st.Name)
		}
		return func(n *node, x int64) { n.v[i] = x }, stmtCode{defs: []int{i}, writes: []int{i}}
	}
	if !c.slots[i].array {
		c.errs.add(st.Pos, "%s is %s, not an array: declare it %s[n] to keep one per node", st.Name, a(c.slots[i].typ.String()), st.Name)
		return func(*node, int64) {}, stmtCode{}
	}
	pos, reads := s.at(st.Name, i, st.Index)
	// Writing one entry defines no variable whole: the others stay.
	return func(n *node, x int64) {
			if k := pos(n); k >= 0 {
				n.v[k] = x
			}
		}, stmtCode{uses: reads, reads: append([]int{}, reads...),
			writes: []int{i}}
}

// targetString is the assignment's left side as written.
func targetString(st *Assign) string {
	if st.Index != nil {
		return st.Name + "[" + ExprString(st.Index) + "]"
	}
	return st.Name
}
