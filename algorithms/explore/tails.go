package explore

// tailMemo keeps, for a step found in the memo (see stepMemo) and the
// tail of the state it was replayed in, the tail it left. A replayed
// step's node part is known at once, but the tail after it was still
// computed in full: the simulator's bookkeeping replayed, the tail
// encoded and looked up, the world put back (a fifth of a student's
// search). The tail after depends on nothing else: a replayable step
// reads no clock, no crashed node and no Order ghost state, and the node
// part before (its phase: whether it enters) is the step's. So a pair
// met again gives the successor's vector without touching the world.
//
// It is a cache, not a table: one place per hash, the last pair to land
// there kept, small enough to stay in the processor's caches. A table of
// every pair outgrows them within a student's search, and a lookup then
// costs a miss to memory, about what it saves (the thirty-second
// session's memo of tails, and a table tried before this cache).
type tailMemo struct {
	keys [tailSlots]uint64 // tailKey of the pair; 0 if none
	vals [tailSlots]uint32 // the tail's id after
}

const (
	tailBits  = 15
	tailSlots = 1 << tailBits
)

// tailKey is a pair's key: the step's index in dones plus one (so that
// no key is 0), then the tail's id.
func tailKey(step int, tail uint32) uint64 { return uint64(step+1)<<32 | uint64(tail) }

func tailSlot(key uint64) uint64 { return (key * 0x9E3779B97F4A7C15) >> (64 - tailBits) }

// find returns the tail step left after tail, if it is still kept.
func (m *tailMemo) find(step int, tail uint32) (uint32, bool) {
	key := tailKey(step, tail)
	p := tailSlot(key)
	return m.vals[p], m.keys[p] == key
}

// add keeps after as the tail step leaves after tail, in place of the
// pair kept in its slot.
func (m *tailMemo) add(step int, tail, after uint32) {
	key := tailKey(step, tail)
	p := tailSlot(key)
	m.keys[p], m.vals[p] = key, after
}
