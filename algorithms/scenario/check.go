package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
	"dmelab/algorithms/votingsets"
)

// Setup is everything needed to build a scenario's initial world.
type Setup struct {
	// Alg is the algorithm; a copy of the registry's descriptor when the
	// scenario overrides its channels (channels fifo|unordered).
	Alg   *sim.Algorithm
	Names []string
	Cfg   sim.Config
	// Opts.Requests is the default number of enter() calls per node;
	// Requests holds each node's own.
	Opts     sim.Options
	Requests []int
	// Clocks are the initial Lamport clocks; nil means all zero.
	Clocks []int32
}

// world builds the initial world with the simulator's default names (see
// renamer).
func (s *Setup) world() (*sim.World, error) {
	w, err := sim.NewWorld(s.Alg, s.Cfg, s.Opts)
	if err != nil {
		return nil, err
	}
	for i := range w.App {
		if i < len(s.Requests) {
			w.App[i].Left = s.Requests[i]
		}
	}
	if s.Clocks != nil && w.Clock != nil {
		copy(w.Clock, s.Clocks)
	}
	return w, nil
}

// World builds the initial world with the scenario's node names in
// World.Names. (The algorithms' own variables and step labels still speak
// of N1..Nn; the scenario package renders them renamed.)
func (s *Setup) World() (*sim.World, error) {
	w, err := s.world()
	if err != nil {
		return nil, err
	}
	w.Names = slices.Clone(s.Names)
	return w, nil
}

// Scenario is a parsed and checked scenario, ready to run.
type Scenario struct {
	File  *File
	Setup Setup
	// Script is the statements after the settings, in order.
	Script []Stmt
}

// Load parses and checks a scenario. Its error is an ErrorList.
//
// Syntax errors and the checker's errors are reported together: the lines
// that parse are checked even when others do not, so that a student sees
// an undeclared node beside a typo, not one round trip later.
func Load(filename string, src []byte) (*Scenario, error) {
	f, err := Parse(filename, src)
	return checkAlso(f, err)
}

// checkAlso checks f, which parsed (or expanded) with err, and returns the
// scenario or both lists of errors merged in file order.
func checkAlso(f *File, err error) (*Scenario, error) {
	s, cerr := Check(f)
	if err == nil {
		return s, cerr
	}
	return checkAlsoErr(f, err, cerr)
}

// checkAlsoErr merges the parser's errors err and the checker's cerr in
// file order.
func checkAlsoErr(f *File, err, cerr error) (*Scenario, error) {
	var list ErrorList
	if !errors.As(err, &list) {
		return nil, err
	}
	list = append(ErrorList(nil), list...)
	var more ErrorList
	if errors.As(cerr, &more) {
		list = append(list, more...)
	}
	list.sortFrom(f.Name)
	return nil, list
}

// Check resolves names and settings: the algorithm must exist, nodes must
// be declared once and named everywhere they are used, settings must suit
// the algorithm and come before the script, the script may not use more
// enter() calls, application messages or crashes than the settings allow,
// and expectations may only name variables the nodes have. Every problem is
// reported with its position.
func Check(f *File) (*Scenario, error) { return checkWith(f, nil) }

// LoadWith is Load for a scenario that names alg, an algorithm outside
// the registry (a listing a grader compiled for an exercise that asks for
// one): its algorithm line must name alg.Name, and its expectations may
// name alg's variables. A name that is not alg's is looked up in the
// registry as Load does.
func LoadWith(filename string, src []byte, alg *sim.Algorithm) (*Scenario, error) {
	f, err := Parse(filename, src)
	s, cerr := checkWith(f, alg)
	if err == nil {
		return s, cerr
	}
	return checkAlsoErr(f, err, cerr)
}

func checkWith(f *File, own *sim.Algorithm) (*Scenario, error) {
	c := &checker{f: f, sc: &Scenario{File: f}, own: own}
	c.settings()
	if c.index != nil {
		c.script()
	}
	c.errs.sort()
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	return c.sc, nil
}

type checker struct {
	f     *File
	sc    *Scenario
	errs  ErrorList
	index map[string]int
	alg   *sim.Algorithm
	own   *sim.Algorithm // LoadWith's algorithm, if any
	nodes *NodesStmt
	v     view // the initial world, for variable names
}

func (c *checker) node(id Ident) (int, bool) {
	i, ok := c.index[id.Name]
	if !ok && c.nodes != nil {
		all := joinIdents(c.nodes.Names, " ")
		var names []string
		for _, n := range c.nodes.Names {
			names = append(names, n.Name)
		}
		if w, near := closestNode(id.Name, names); near {
			why := ""
			if strings.EqualFold(w, id.Name) {
				why = "; names are case-sensitive"
			}
			c.errs.add(id.Pos, "unknown node %s: did you mean %s? (the nodes are %s%s)", id.Name, w, all, why)
		} else {
			c.errs.add(id.Pos, "unknown node %s: the nodes are %s (to use %s, add it to the nodes line)", id.Name, all, id.Name)
		}
	}
	return i, ok
}

// once reports a second occurrence of a setting.
func (c *checker) once(seen map[string]Pos, key string, p Pos) bool {
	if q, ok := seen[key]; ok {
		c.errs.add(p, "%s is given twice (first at line %d)", key, q.Line)
		return false
	}
	seen[key] = p
	return true
}

func (c *checker) settings() {
	f := c.f
	seen := map[string]Pos{}
	var algStmt *AlgorithmStmt
	var script Pos
	for _, s := range f.Stmts {
		m := s.meta()
		switch s := s.(type) {
		case *EventStmt, *RunStmt, *HoldStmt, *ScheduleStmt, *ExpectStmt:
			if script.Line == 0 {
				script = m.Pos
			}
			c.sc.Script = append(c.sc.Script, s)
			continue
		case *IncludeStmt:
			c.errs.add(m.Pos, "include %s: files can only be included where scenarios are read from files (dmelab run, explore, fmt)", s.Path)
			continue
		case *AlgorithmStmt:
			if c.once(seen, "algorithm", m.Pos) {
				algStmt = s
			}
		case *NodesStmt:
			if c.once(seen, "nodes", m.Pos) {
				c.nodes = s
			}
		}
		if script.Line != 0 {
			c.errs.add(m.Pos, "settings come before the script: move this above line %d", script.Line)
		}
	}
	// A line that did not parse, or a file that could not be included, may
	// be the missing setting: its own error says what is wrong.
	unsure := func(key string) bool { return f.broken[key] || f.broken["include"] || f.hasInclude() }
	first := Pos{f.Name, 1, 1}
	if len(f.Stmts) > 0 {
		first = f.Stmts[0].meta().Pos
	}
	if algStmt == nil && !unsure("algorithm") {
		c.errs.add(first, "missing algorithm line: start with one such as \"algorithm ra-lamport\" (one of: %s)", strings.Join(registry.Names(), ", "))
	} else if algStmt != nil {
		if c.own != nil && algStmt.Name.Name == c.own.Name {
			c.alg = c.own
		} else if c.alg = registry.Lookup(algStmt.Name.Name); c.alg == nil {
			if w, ok := closest(algStmt.Name.Name, registry.Names()); ok {
				c.errs.add(algStmt.Name.Pos, "unknown algorithm %q: did you mean %s? (known: %s)", algStmt.Name.Name, w, strings.Join(registry.Names(), ", "))
			} else {
				c.errs.add(algStmt.Name.Pos, "unknown algorithm %q (known: %s)", algStmt.Name.Name, strings.Join(registry.Names(), ", "))
			}
		}
	}
	if c.nodes == nil {
		if unsure("nodes") {
			return
		}
		at, where := first, "at the top"
		if algStmt != nil {
			at, where = algStmt.Pos, "after the algorithm line"
		}
		if algStmt == nil && !unsure("algorithm") {
			// One message for both, at one place.
			c.errs[len(c.errs)-1].Msg += fmt.Sprintf(", then a nodes line such as %q", "nodes "+c.usedNames())
			return
		}
		c.errs.add(at, "missing nodes line: add %q %s, naming every node the scenario uses", "nodes "+c.usedNames(), where)
		return
	}
	c.index = map[string]int{}
	for i, id := range c.nodes.Names {
		if isKeyword(id.Name) {
			c.errs.add(id.Pos, "%s is a keyword and cannot name a node", id.Name)
		} else if _, dup := c.index[id.Name]; dup {
			c.errs.add(id.Pos, "node %s is listed twice", id.Name)
		} else {
			c.index[id.Name] = i
		}
	}
	n := len(c.nodes.Names)
	if n > 32 {
		c.errs.add(c.nodes.Names[32].Pos, "at most 32 nodes, found %d", n)
		return
	}
	if c.alg == nil {
		return
	}
	c.configure(n, seen)
}

// configure reads the settings other than algorithm and nodes into the
// Setup and builds the initial world.
func (c *checker) configure(n int, seen map[string]Pos) {
	st := &c.sc.Setup
	alg := c.alg
	st.Alg, st.Cfg.N, st.Opts.Requests = alg, n, 1
	st.Names = make([]string, n)
	for i, id := range c.nodes.Names {
		st.Names[i] = id.Name
	}
	own := map[int]int{}
	sets := map[int][]int{}
	var firstSet Pos
	for _, s := range c.f.Stmts {
		m := s.meta()
		switch s := s.(type) {
		case *ClockStmt:
			i, ok := c.node(s.Node)
			if !ok || !c.once(seen, "clock "+s.Node.Name, m.Pos) {
				continue
			}
			if !alg.Clocks {
				c.errs.add(m.Pos, "%s keeps no Lamport clocks in the simulator (only %s do)", alg.Name, clockAlgs())
				continue
			}
			if s.Value > 1<<30 {
				c.errs.add(m.Pos, "clock %d is too large", s.Value)
				continue
			}
			if st.Clocks == nil {
				st.Clocks = make([]int32, n)
			}
			st.Clocks[i] = int32(s.Value)
		case *RequestsStmt:
			if s.Count > 100 {
				c.errs.add(m.Pos, "requests must be at most 100, got %d", s.Count)
				continue
			}
			if s.Node == nil {
				if c.once(seen, "requests", m.Pos) {
					st.Opts.Requests = s.Count
				}
			} else if i, ok := c.node(*s.Node); ok && c.once(seen, "requests "+s.Node.Name, m.Pos) {
				if !alg.Client(i) && s.Count > 0 {
					c.errs.add(m.Pos, "%s is %s's server: it serves the others and never calls enter()", s.Node.Name, alg.Name)
					continue
				}
				own[i] = s.Count
			}
		case *OptionStmt:
			limit := map[string]int{"numbers": 100, "app-messages": 10, "crashes": n, "recoveries": 3}[s.Key]
			if !c.once(seen, s.Key, m.Pos) {
				continue
			}
			if s.Value > limit {
				c.errs.add(m.Pos, "%s must be at most %d, got %d", s.Key, limit, s.Value)
				continue
			}
			switch s.Key {
			case "numbers":
				st.Cfg.Numbers = s.Value
			case "app-messages":
				st.Opts.AppMsgs = s.Value
			case "crashes":
				st.Opts.Crashes = s.Value
			case "recoveries":
				st.Opts.Recoveries = s.Value
			}
		case *ChannelsStmt:
			if c.once(seen, "channels", m.Pos) && s.FIFO != alg.FIFO {
				cp := *alg
				cp.FIFO = s.FIFO
				st.Alg = &cp
			}
		case *ChannelStmt:
			a, okA := c.node(s.A)
			b, okB := c.node(s.B)
			if !okA || !okB || !c.once(seen, "channel "+s.A.Name+"->"+s.B.Name, m.Pos) {
				continue
			}
			if a == b {
				c.errs.add(m.Pos, "a node has no channel to itself")
				continue
			}
			st.Opts.Channels = append(st.Opts.Channels, sim.Channel{From: a, To: b, FIFO: s.FIFO})
		case *VotingSetStmt:
			i, ok := c.node(s.Node)
			if !ok || !c.once(seen, "voting-set "+s.Node.Name, m.Pos) {
				continue
			}
			if firstSet.Line == 0 {
				firstSet = m.Pos
			}
			var set []int
			for _, id := range s.Members {
				if j, ok := c.node(id); ok {
					set = append(set, j)
				}
			}
			sets[i] = set
		}
	}
	st.Requests = make([]int, n)
	for i := range st.Requests {
		st.Requests[i] = st.Opts.Requests
		if !alg.Client(i) {
			st.Requests[i] = 0
		}
		if r, ok := own[i]; ok {
			st.Requests[i] = r
		}
	}
	if len(sets) > 0 {
		for i, id := range c.nodes.Names {
			if _, ok := sets[i]; !ok {
				c.errs.add(firstSet, "no voting-set for %s: give one for every node, or none for the grid", id.Name)
			}
			st.Cfg.Sets = append(st.Cfg.Sets, sets[i])
		}
	}
	if len(c.errs) > 0 {
		return
	}
	w, err := st.world()
	if err != nil {
		at := c.nodes.Pos
		if firstSet.Line != 0 {
			at = firstSet
		}
		c.errs.add(at, "%s: %v", alg.Name, err)
		return
	}
	if st.Cfg.Sets != nil && !slices.EqualFunc(st.Cfg.Sets, votingsets.Grid(n), slices.Equal[[]int]) && ignoresSets(st, w) {
		c.errs.add(firstSet, "%s has no voting sets (they are for maekawa and maekawa-safe)", alg.Name)
	}
	c.v = view{w, renamer(st.Names)}
}

// ignoresSets reports whether the algorithm builds the same nodes without
// the voting sets.
func ignoresSets(st *Setup, w *sim.World) bool {
	d := *st
	d.Cfg.Sets = nil
	w2, err := d.world()
	if err != nil {
		return false
	}
	var a, b sim.Enc
	w.Encode(&a)
	w2.Encode(&b)
	if string(a.B) != string(b.B) {
		return false
	}
	for i := range w.Nodes {
		if w.NodeString(i) != w2.NodeString(i) {
			return false
		}
	}
	return true
}

func clockAlgs() string {
	var s []string
	for _, a := range registry.All() {
		if a.Clocks {
			s = append(s, a.Name)
		}
	}
	return strings.Join(s, " and ")
}

// hasInclude reports whether f still has include lines (not expanded).
func (f *File) hasInclude() bool {
	for _, s := range f.Stmts {
		if _, ok := s.(*IncludeStmt); ok {
			return true
		}
	}
	return false
}

// usedNames lists the node names the script uses, in order of first use,
// or N1 N2 N3 if it uses none: what a missing nodes line should say.
func (c *checker) usedNames() string {
	var names []string
	add := func(ids ...Ident) {
		for _, id := range ids {
			if id.Name != "" && !slices.Contains(names, id.Name) {
				names = append(names, id.Name)
			}
		}
	}
	for _, s := range c.f.Stmts {
		switch s := s.(type) {
		case *EventStmt:
			add(s.A, s.B)
		case *ScheduleStmt:
			for _, e := range s.Events {
				add(e.A, e.B)
			}
		case *HoldStmt:
			add(s.A, s.B)
		case *RunStmt:
			if s.Until != nil && s.Until.Kind != CondQuiet {
				add(s.Until.Node)
			}
		case *ExpectStmt:
			add(s.A, s.B)
		case *ClockStmt:
			add(s.Node)
		case *ChannelStmt:
			add(s.A, s.B)
		case *VotingSetStmt:
			add(s.Node)
			add(s.Members...)
		case *RequestsStmt:
			if s.Node != nil {
				add(*s.Node)
			}
		}
	}
	if len(names) == 0 {
		return "N1 N2 N3"
	}
	return strings.Join(names, " ")
}

// closestNode is closest for node names, where N9 is not a misspelling of
// N1: names that differ in their digits are different nodes.
func closestNode(w string, names []string) (string, bool) {
	for _, n := range names {
		if strings.EqualFold(n, w) {
			return n, true
		}
	}
	letters := func(s string) string {
		return strings.TrimRightFunc(s, func(r rune) bool { return r >= '0' && r <= '9' })
	}
	if letters(w) != w || len(w) < 4 {
		return "", false // N9 is not N1, nor C A
	}
	var plain []string
	for _, n := range names {
		if letters(n) == n {
			plain = append(plain, n)
		}
	}
	return closest(w, plain)
}
