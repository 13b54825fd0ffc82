package stepwire

import "fmt"

// Who names index i in a system of n nodes as a fault says it: N(i+1),
// or, for an index that is no node (a student's off-by-one), the index
// itself and the range it missed.
func Who(i, n int) string {
	if i < 0 || i >= n {
		return fmt.Sprintf("node %d (the nodes are 0..%d)", i, n-1)
	}
	return NodeName(i)
}
