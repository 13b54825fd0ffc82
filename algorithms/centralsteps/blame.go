package centralsteps

import "strings"

// grantedUnasked is the fault of a client let in by a Grant it had not
// asked for: OnGrant() did its job (state = Held), and it is the server
// that granted the client twice. The fault says so first, so that the
// student looks at OnRequest() and OnRelease() and not at OnGrant().
const grantedUnasked = "ran on a Grant this client had not asked for (it was not Wanted): the server granted it twice, so look at the server's OnRequest() and OnRelease(), not at OnGrant()"

// SenderFault: a client that fails on a Grant it had not asked for fails
// because of the server, which sent it (see sim.SenderFaulter).
func (n *node) SenderFault() (msg, why, look string) {
	if !strings.HasPrefix(n.Fault(), "OnGrant() "+grantedUnasked) {
		return "", "", ""
	}
	return "a Grant", "had not asked for one", "the server's OnRequest() and OnRelease()"
}
