package serve

import "sync"

// broker tells the requests waiting on a submission (event streams, long
// polls) that its status changed. It holds no state worth keeping: after
// a restart, clients reconnect and read the database again.
type broker struct {
	mu   sync.Mutex
	subs map[string]map[chan struct{}]struct{}
}

func newBroker() *broker { return &broker{subs: map[string]map[chan struct{}]struct{}{}} }

// subscribe returns a channel that receives (at most one pending value)
// whenever id changes, and the function that ends the subscription.
func (b *broker) subscribe(id string) (<-chan struct{}, func()) {
	c := make(chan struct{}, 1)
	b.mu.Lock()
	if b.subs[id] == nil {
		b.subs[id] = map[chan struct{}]struct{}{}
	}
	b.subs[id][c] = struct{}{}
	b.mu.Unlock()
	return c, func() {
		b.mu.Lock()
		delete(b.subs[id], c)
		if len(b.subs[id]) == 0 {
			delete(b.subs, id)
		}
		b.mu.Unlock()
	}
}

// notify wakes every subscriber of id without ever blocking.
func (b *broker) notify(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for c := range b.subs[id] {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}
