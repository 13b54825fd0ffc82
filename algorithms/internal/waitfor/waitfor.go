// Package waitfor holds what the algorithms' deadlock explanations
// (sim.Algorithm.Stuck) share: the shortest circular wait in a wait-for
// graph, and the words that list the nodes in it. Pure: no I/O, no state.
package waitfor

import (
	"slices"
	"strings"
)

// ShortestCycle returns a shortest cycle of the graph next (node i has
// edges to next[i]) as its nodes from its lowest one, the first such from
// the lowest start; nil if there is none. A deadlock told as one cycle is
// easier to follow than the whole graph, and the shortest is the one a
// student can check by hand.
func ShortestCycle(next [][]int) []int {
	var best []int
	for s := range next {
		// Breadth first from s back to s, through nodes above s only (a
		// cycle through a lower node was found from that node).
		from := make([]int, len(next))
		for i := range from {
			from[i] = -1
		}
		queue := []int{s}
	search:
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			for _, k := range next[i] {
				if k == s { // the first way back is a shortest
					cyc := []int{i}
					for j := i; j != s; j = from[j] {
						cyc = append(cyc, from[j])
					}
					slices.Reverse(cyc)
					if best == nil || len(cyc) < len(best) {
						best = cyc
					}
					break search
				}
				if k > s && from[k] < 0 {
					from[k] = i
					queue = append(queue, k)
				}
			}
		}
	}
	return best
}

// List joins words as "a", "a and b", "a, b and c".
func List(words []string) string {
	if len(words) > 1 {
		return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
	}
	return strings.Join(words, "")
}
