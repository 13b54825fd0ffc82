/*
 * ra-benari in Promela, for comparing SPIN with dmelab's explorer
 * (make bench-spin, docs/performance.md). Written for dmelab; it models
 * the same steps as the Go model (algorithms/internal/ricart with the
 * ra-benari variant):
 *
 *   main:    P1 NCS (the application calls enter(): one step)
 *            P2 requestCS = true; myNum = highestNum + 1   (one step)
 *            P3/P4 send(request, N, myID, myNum): one step per other node,
 *                  in increasing index order
 *            P5 await all N-1 replies (replies are counted on arrival)
 *            P6 CS (the application calls exit(): one step)
 *            P6a requestCS = false
 *            P7 N = smallest in deferred, or back to P1 if it is empty
 *            P8 remove N from deferred
 *            P9 send(reply, N, myID)
 *   receive: P10 receive(request, source, requestedNum)
 *            P11 highestNum = max(highestNum, requestedNum)
 *            P12 if not requestCS or (requestedNum, source) << (myNum, myID):
 *                    send(reply, source, myID)
 *                else add source to deferred
 *   the arrival of a reply: replies++ (at any time, as in the Go model)
 *
 * Each numbered step is one d_step, so SPIN's transitions are dmelab's.
 * Every variable of a node is a global array indexed by the node (the
 * program counters too), as the two processes of a node share them and
 * the deadlock monitor reads them all.
 *
 * Channels are unordered: one channel of requests and one of replies per
 * destination, filled with sorted send (!!) so that a channel's contents
 * are a canonical multiset, as dmelab's sorted network is; each option
 * below takes the message of one given sender (random receive ??), and a
 * node has at most one request and one reply in flight to each other
 * node, so "the message from j" names one message. Hence channels of
 * N-1 slots.
 *
 * Properties:
 *   - safety: assert(incs == 1) when a node enters the CS;
 *   - liveness (with -DLIVENESS): with R requests per node every run is
 *     finite, so the only liveness failure is a deadlock: someone waits
 *     at P5 and nothing can happen but some idle application calling
 *     enter() (which dmelab never forces). The Deadlock process asserts
 *     false in such a state; its guard is the negation of every other
 *     enabling condition below, so it adds no state.
 *
 * N (2..5) and R are macros: spin -DN=3 -DR=2 -a ra_benari.pml
 */

#ifndef N
#define N 3
#endif
#ifndef R
#define R 2
#endif
#if N > 5
#error "ra_benari.pml: N is at most 5"
#endif

#define NONE 255

/* main's program counter */
#define P1  1
#define P2  2
#define P4  4
#define P5  5
#define P6  6
#define P6a 7
#define P7  8
#define P8  9
#define P9  10
/* the receive process's */
#define P10 11
#define P11 12
#define P12 13

chan req[N] = [N-1] of { byte, byte }; /* sender, its myNum */
chan rep[N] = [N-1] of { byte };       /* sender */

/* main */
byte mpc[N] = P1;
byte loop[N] = NONE;    /* N of P3/P4 and P7-P9; NONE elsewhere */
byte left[N] = R;       /* enter() calls still to come */
/* receive */
byte rpc[N] = P10;
byte source[N] = NONE;  /* NONE and 0 while at P10 */
byte reqNum[N];
/* shared by the node's two processes */
byte myNum[N], highestNum[N], replies[N];
byte deferred[N];       /* a set of nodes, bit j = node j */
bool requestCS[N];

byte incs;              /* nodes in the CS (derived: adds no state) */

/* the other node after a (NONE when none), for main me */
#define NEXT(me, a) ((a) + 1 == (me) -> ((a) + 2 < N -> (a) + 2 : NONE) : ((a) + 1 < N -> (a) + 1 : NONE))
#define FIRST(me) ((me) == 0 -> 1 : 0)
/* the smallest node in the non-empty set d */
#define LOWEST(d) ((d) & 1 -> 0 : ((d) & 2 -> 1 : ((d) & 4 -> 2 : ((d) & 8 -> 3 : 4))))

active [N] proctype Main()
{
	byte me = _pid;
end:
	do
	:: d_step { mpc[me] == P1 && left[me] > 0 -> left[me]--; mpc[me] = P2 }
	:: d_step { mpc[me] == P2 ->
		requestCS[me] = true; myNum[me] = highestNum[me] + 1;
		loop[me] = FIRST(me); mpc[me] = P4 }
	:: d_step { mpc[me] == P4 ->
		req[loop[me]] !! me, myNum[me];
		loop[me] = NEXT(me, loop[me]);
		if
		:: loop[me] == NONE -> mpc[me] = P5
		:: else
		fi }
	:: d_step { mpc[me] == P5 && replies[me] == N - 1 ->
		replies[me] = 0; incs++; mpc[me] = P6;
		assert(incs == 1) }
	:: d_step { mpc[me] == P6 -> incs--; mpc[me] = P6a }
	:: d_step { mpc[me] == P6a -> requestCS[me] = false; mpc[me] = P7 }
	:: d_step { mpc[me] == P7 ->
		if
		:: deferred[me] == 0 -> mpc[me] = P1
		:: else -> loop[me] = LOWEST(deferred[me]); mpc[me] = P8
		fi }
	:: d_step { mpc[me] == P8 -> deferred[me] = deferred[me] & ~(1 << loop[me]); mpc[me] = P9 }
	:: d_step { mpc[me] == P9 -> rep[loop[me]] !! me; loop[me] = NONE; mpc[me] = P7 }
	od
}

/* P10 for the request from j; the arrival of the reply from j */
#define TAKE_REQ(j) \
	d_step { j < N && rpc[me] == P10 && req[me] ?? [eval(j), _] -> \
		req[me] ?? eval(j), reqNum[me]; source[me] = j; rpc[me] = P11 }
#define TAKE_REP(j) \
	d_step { j < N && rep[me] ?? [eval(j)] -> rep[me] ?? eval(j); replies[me]++ }

active [N] proctype Recv()
{
	byte me = _pid - N;
end:
	do
	:: TAKE_REQ(0)
	:: TAKE_REQ(1)
	:: TAKE_REQ(2)
	:: TAKE_REQ(3)
	:: TAKE_REQ(4)
	:: TAKE_REP(0)
	:: TAKE_REP(1)
	:: TAKE_REP(2)
	:: TAKE_REP(3)
	:: TAKE_REP(4)
	:: d_step { rpc[me] == P11 ->
		if
		:: reqNum[me] > highestNum[me] -> highestNum[me] = reqNum[me]
		:: else
		fi;
		rpc[me] = P12 }
	:: d_step { rpc[me] == P12 ->
		if
		:: !requestCS[me] || reqNum[me] < myNum[me] ||
		   (reqNum[me] == myNum[me] && source[me] < me) ->
			rep[source[me]] !! me
		:: else -> deferred[me] = deferred[me] | (1 << source[me])
		fi;
		rpc[me] = P10; source[me] = NONE; reqNum[me] = 0 }
	od
}

#ifdef LIVENESS
/* node i can take a step other than its application's enter() */
#define MOVES(i) (i < N && \
	((mpc[i] != P1 && (mpc[i] != P5 || replies[i] == N - 1)) || \
	 rpc[i] != P10 || len(req[i]) > 0 || len(rep[i]) > 0))
#define WAITS(i) (i < N && mpc[i] == P5)
#define DEADLOCK \
	((WAITS(0) || WAITS(1) || WAITS(2) || WAITS(3) || WAITS(4)) && \
	 !(MOVES(0) || MOVES(1) || MOVES(2) || MOVES(3) || MOVES(4)))

active proctype Deadlock()
{
end:
	DEADLOCK -> assert(false)
}
#endif
