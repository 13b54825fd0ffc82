package sim

// SenderFaulter is a Faulter that can tell when its failure is the doing
// of the node that sent it the message it failed on: its handler did what
// the contract asks of it, with a message the contract says it is never
// sent (a central server's Grant to a client that had not asked). The
// feedback then leads with the sender, whose code is the one to look at,
// and tells the receiver's failure as what followed.
type SenderFaulter interface {
	Faulter
	// SenderFault is, for a node that failed so, the message ("a
	// Grant"), why the node should not have been sent it ("had not
	// asked for one"), and which of the sender's code to look at ("the
	// server's OnRequest() and OnRelease()"); empty strings otherwise.
	// They name no node (the feedback does, by the run's names) and
	// hold no value the student's code chose: a hidden test shows them.
	SenderFault() (msg, why, look string)
}
