package grade

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/centralsteps"
	"dmelab/grader/exercise"
	"dmelab/grader/iface"
	"dmelab/grader/report"
)

// keepsHead is the central server whose OnRelease() grants to the head
// of the queue but leaves it there: the next release grants that client
// again, though it has not asked. Its clients' handlers are right.
type keepsHead struct{ *centralsteps.Vars }

func (n keepsHead) Enter()             { n.State = centralsteps.Wanted; n.SendRequest() }
func (n keepsHead) Exit()              { n.State = centralsteps.Released; n.SendRelease() }
func (n keepsHead) OnGrant()           { n.State = centralsteps.Held }
func (n keepsHead) OnRequest(from int) { n.request(from) }
func (n keepsHead) OnRelease(from int) { n.release() }
func (n keepsHead) request(from int)   { n.queueOrGrant(from) }
func (n keepsHead) queueOrGrant(from int) {
	if n.Holder == centralsteps.None {
		n.Holder = from
		n.SendGrant(from)
		return
	}
	n.Queue = append(n.Queue, from)
}

func (n keepsHead) release() {
	if len(n.Queue) == 0 {
		n.Holder = centralsteps.None
		return
	}
	n.Holder = n.Queue[0] // and the queue keeps it
	n.SendGrant(n.Holder)
}

// A client that fails on a Grant it had not asked for fails because of
// the server: the feedback leads with the server, the Grant and the step
// that sent it, and the server's handlers to look at, and tells the
// client's failure after it; a hidden test too, with the fault by its
// kind.
func TestSenderFaultLeadsWithTheSender(t *testing.T) {
	ex, err := exercise.Load("../../exercises/central", "")
	require.NoError(t, err)
	code := func(v *centralsteps.Vars) centralsteps.Steps { return keepsHead{v} }
	serve := centralsteps.Guest(code)
	call := func(req []byte) ([]byte, error) { return serve(req), nil }
	in := ex.Iface()
	for _, wire := range []bool{false, true} {
		alg := centralsteps.Algorithm(ex.Algorithm, code)
		if wire {
			alg = in.Algorithm(ex.Algorithm, iface.Caller(call))
		}
		rn := &runner{ex: ex, in: in, alg: alg, call: call, ctx: context.Background(), searched: map[*exercise.Explore]searchResult{}}
		seen := map[report.Visibility]bool{}
		for _, p := range planTests(ex) {
			if p.expl == nil && p.name != "hidden/queue_is_fifo" {
				continue
			}
			rt, err := rn.run(p)
			require.NoError(t, err, p.name)
			assert.NotContains(t, rt.Message, "but a grant can only let in a client that asked", p.name)
			if rt.Passed || !strings.Contains(rt.Message, " failed at step ") {
				continue
			}
			m := senderLead.FindStringSubmatch(rt.Message)
			if !assert.NotNil(t, m, "%s: %s", p.name, rt.Message) {
				continue
			}
			seen[p.vis] = true
			assert.Equal(t, m[1], m[3], p.name)
			sent, _ := strconv.Atoi(m[2])
			failed, _ := strconv.Atoi(m[4])
			assert.Less(t, sent, failed, "%s: the Grant is sent before it is received", p.name)
			if p.vis == report.Hidden {
				assert.Contains(t, rt.Message, "on that message: it broke a rule of its step (a hidden test does not show which", p.name)
			} else {
				assert.Contains(t, rt.Message, "on that message: OnGrant() ran on a Grant this client had not asked for (it was not Wanted): the server granted it twice, so look at the server's OnRequest() and OnRelease(), not at OnGrant(); the node stops there and waits forever.", p.name)
			}
		}
		assert.True(t, seen[report.Search], "an exploration leads with the server (wire %v)", wire)
		assert.True(t, seen[report.Hidden], "a hidden test leads with the server (wire %v)", wire)
	}
}

// senderLead is the lead of a failure on a Grant the client had not asked
// for: the server, the client, the step that sent it, the step that
// failed.
var senderLead = regexp.MustCompile(`N1 sent (N\d) a Grant at step (\d+), but (N\d) had not asked for one: look at the server's OnRequest\(\) and OnRelease\(\)\. What followed: N\d failed at step (\d+), on that message: `)
