package listing

import "math/bits"

// Sets and queues of nodes each fit one variable slot: a set is a bit
// mask of node indexes; a queue (first in, first out, as seed 002's
// server keeps its waiting clients) packs its length in the low four bits
// and up to twelve 5-bit node indexes above them, the first lowest. An
// empty set and an empty queue are both 0, which is what "empty" means.

const queueMax = 12

// coll reports whether t is a set or a queue.
func coll(t Type) bool { return t == Set || t == Queue }

// fits reports whether a value of type v may be stored in a variable of
// type t.
func fits(t, v Type) bool {
	return numeric(t) && numeric(v) || t == v || coll(t) && v == emptyType
}

func qLen(q int64) int         { return int(q & 15) }
func qAt(q int64, i int) int64 { return (q >> (4 + 5*i)) & 31 }

// qPush appends x; false when the queue is full.
func qPush(q, x int64) (int64, bool) {
	k := qLen(q)
	if k == queueMax {
		return q, false
	}
	return q&^15 | x<<(4+5*k) | int64(k+1), true
}

// qRemove removes the first x, if any.
func qRemove(q, x int64) int64 {
	out := int64(0)
	removed := false
	for i := 0; i < qLen(q); i++ {
		if y := qAt(q, i); y != x || removed {
			out, _ = qPush(out, y)
		} else {
			removed = true
		}
	}
	return out
}

// members lists a collection's nodes: a set's in increasing order, a
// queue's first to last.
func members(t Type, v int64, dst []int64) []int64 {
	if t == Queue {
		for i := 0; i < qLen(v); i++ {
			dst = append(dst, qAt(v, i))
		}
		return dst
	}
	for u := uint64(v); u != 0; u &= u - 1 {
		dst = append(dst, int64(bits.TrailingZeros64(u)))
	}
	return dst
}

// first is a set's smallest node or a queue's first, or none (-1).
func first(t Type, v int64) int64 {
	switch {
	case v == 0:
		return -1
	case t == Queue:
		return qAt(v, 0)
	}
	return int64(bits.TrailingZeros64(uint64(v)))
}

// size is how many nodes a collection holds.
func size(t Type, v int64) int64 {
	if t == Queue {
		return int64(qLen(v))
	}
	return int64(bits.OnesCount64(uint64(v)))
}

// has reports whether x is in the collection.
func has(t Type, v, x int64) bool {
	if x < 0 || x >= 32 {
		return false
	}
	if t == Queue {
		for i := 0; i < qLen(v); i++ {
			if qAt(v, i) == x {
				return true
			}
		}
		return false
	}
	return v>>x&1 == 1
}
