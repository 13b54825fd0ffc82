package stepwire

import (
	"fmt"
	"strings"
)

// Who names index i in a system of n nodes as a fault says it: N(i+1),
// or, for an index that is no node (a student's off-by-one), the index
// itself and the range it missed.
func Who(i, n int) string {
	if i < 0 || i >= n {
		return fmt.Sprintf("node %d (the nodes are 0..%d)", i, n-1)
	}
	return NodeName(i)
}

// NodeList says what is wrong with a list of nodes a handler left (a
// queue, named what): longer than the n nodes, or holding an index that
// is no node; "" when nothing is.
func NodeList(what string, xs []int, n int) string {
	if len(xs) > n {
		return fmt.Sprintf("made %s %d long, but there are only %d nodes", what, len(xs), n)
	}
	for _, x := range xs {
		if x < 0 || x >= n {
			return fmt.Sprintf("put %d in %s, but the nodes are 0..%d", x, what, n-1)
		}
	}
	return ""
}

// Listed reports whether name is one of the space-separated words of list
// (the variables a handler may change, as a contract lists them). It
// builds no string: contracts are checked at every event of a search.
func Listed(list, name string) bool {
	for list != "" {
		var w string
		w, list, _ = strings.Cut(list, " ")
		if w == name {
			return true
		}
	}
	return false
}
