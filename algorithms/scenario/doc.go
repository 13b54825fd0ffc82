// Package scenario is dmelab's scenario language: small text files, read
// like the course notes' pseudocode, that name an algorithm and its nodes,
// script what happens, and say what is expected. One language serves the
// playground, the command line (dmelab run, explore, fmt), the grader's
// schedules and the tests; every run and every counterexample of the
// explorer can be written back as a scenario that replays it exactly.
//
// # An example
//
//	# Seed 001: N12 asks with (115, 12), N80 with (110, 80).
//	algorithm ra-lamport
//	nodes N3 N5 N6 N12 N32 N80
//	clock N12 = 113
//	request N32
//	run until N32 enters
//	request N12
//	expect N12 T = 115
//	deliver N12->N32 request@115
//	expect N32 queue = [N12@115]
//	expect N12 state = WANTED
//
// # Grammar
//
// One statement per line; "#" starts a comment that runs to the end of the
// line. Settings come first, then the script. Free text (Text below) is the
// rest of the line, spaces collapsed: the algorithm's own words for a step
// or a message, or a variable's value, compared as written.
//
//	File      = { [ Statement ] [ Comment ] newline } .
//	Statement = Setting | Include | Event | Run | Hold | Schedule | Expect .
//	Setting   = "algorithm" Word
//	          | "nodes" Node { Node }
//	          | "requests" Int | "requests" Node "=" Int
//	          | "clock" Node "=" Int
//	          | "numbers" Int | "app-messages" Int | "crashes" Int | "recoveries" Int
//	          | "channels" ( "fifo" | "unordered" )
//	          | "channel" Node "->" Node ( "fifo" | "unordered" )
//	          | "voting-set" Node "=" "{" [ Node { [ "," ] Node } ] "}" .
//	Include   = "include" Path .  (the rest of the line, no quotes)
//	Event     = "request" Node | Node "requests"
//	          | "exit" Node | Node "exits"
//	          | "crash" Node | Node "crashes"
//	          | "recover" Node | Node "recovers"
//	          | "step" Node Text
//	          | "deliver" Node "->" Node [ Text ]
//	          | "app" Node "->" Node .
//	Run       = "run" [ "until" ( Node "enters" | Node Word "=" Text | "quiet" ) ] .
//	Hold      = ( "hold" | "release" ) Node "->" Node [ Text ] .
//	Schedule  = "schedule" "{" newline { [ Event ] [ Comment ] newline } "}" .
//	Expect    = "expect" ( ( "safety" | "liveness" | "order" ) ( "holds" | "violated" )
//	          | Node "enters" "before" Node
//	          | Node Word "=" Text
//	          | "messages" "=" Int
//	          | [ "no" ] "message" Node "->" Node [ Text ] ) .
//	Node      = letter { letter | digit | "_" } .  (not a keyword)
//	Word      = letters, digits and _ - . @ .
//	Int       = digit { digit } .
//	Comment   = "#" { any character } .
//
// # Meaning
//
// Settings. algorithm names any algorithm of the registry; nodes lists the
// nodes, whose order gives the simulator's indices (so ids such as N3 N5
// N12 keep the seeds' numbering). requests (default 1) is how often each
// node's application calls enter() in the whole run, requests NODE = K one
// node's own count. clock sets a node's initial Lamport clock (only for
// algorithms whose clocks the simulator keeps). numbers is chooseNumber()'s
// range for ra-v1 and ra-v2; app-messages, crashes and recoveries are the
// budgets of application messages, crashes and recoveries (a recovered node
// restarts from its initial state; only election-bully recovers); channels overrides the algorithm's
// channel model (Lamport 1978 without FIFO) and channel A->B the order of
// one channel, which wins over both; voting-set gives Maekawa's
// V_i by node name, for every node or none (then the grid).
//
// Include. include PATH stands for the statements of another scenario
// file, resolved relative to the including file (a shared preamble of
// settings, say). Only readers of files expand it (LoadFiles with a
// ReadFunc: dmelab run and explore); fmt keeps the line as written, and
// where there are no files (the playground) it is an error. A file that
// includes itself, directly or not, is an error. So that a hostile set of
// files cannot multiply itself, a chain of includes holds at most 8
// files, and one scenario's includes bring in at most 10,000 files and
// 4 MiB of text, each counted every time it is included.
//
// Events. Each line names one of the simulator's events in its canonical
// form ("request N1", "exit N1", "step N1 P4 send(...)", "deliver N2->N1
// reply", "app N1->N2", "crash N3"); "N1 requests", "N1 exits" and "N1
// crashes" are other spellings, printed canonically. A line may stop early
// at a word boundary ("step N1 P2", "deliver N2->N1 reply"): it names the
// enabled event that begins so; if several do and they lead to different
// states (chooseNumber() = 1 or 2), the line is ambiguous and the run stops
// saying which events it could be. An event that is not possible stops the
// run, listing what is. Inside a schedule block every line must be the
// whole canonical event: a schedule pins an exact interleaving, which is
// what FromTrace writes and what counterexamples are.
//
// run lets the default policy fill what the script leaves open: repeatedly
// the first enabled event, in the simulator's order (node by node, then
// the network), that the system itself must take — a process step, a
// delivery, an exit() from the critical section — and only when there is
// none, the first enter() call a node still has. Application messages and
// crashes happen only when scripted. run alone goes on until nothing is
// left (at most Options.MaxRun events: an algorithm that never rests, like
// the token ring, wants run until); run until X enters stops once X is in
// the critical section, run until X VAR = VALUE once the variable shows
// that value, run until quiet once only the applications could act.
// hold A->B TEXT makes later runs leave the matching messages in flight
// (held back) until release A->B TEXT, with the same words, or until the
// script delivers them itself: that is how a script says which message
// arrives before which and lets run do the rest. Holding steers run only;
// the explorer still tries every order.
//
// Expectations are checked where they stand, against what has happened so
// far. A variable is one the node shows (its Vars, with its node
// references in the scenario's names), or clock (the simulator's Lamport
// clock) or phase (idle, wanting, in-cs, exiting; failed for a node whose
// code failed). messages counts the algorithm messages sent; message
// A->B TEXT looks for a message in flight. A enters before B holds when
// A has entered and B had not entered before A first did. A property
// expectation is settled over the run so
// far and every completion of the current state within the budgets:
// violated if the run broke it or some completion does (the report shows
// that completion), holds if neither — which needs a complete search, else
// it is undecided. The search is the explorer's, started from the current
// state (explore.CheckFrom, with starvation on fair cycles). One search
// serves the property expectations that stand together (with nothing
// but expectations between them) and looks for their properties only,
// so that it stops at the first violation once each is violated. A
// search that found its properties holding answers later expectations of
// them from states it reached (every completion of such a state is one
// of its completions: explore.Result.Covers), and the report names its
// line ("reached by line 11's search of 43545 states"). Order
// expectations turn on the simulator's happened-before ghost state.
//
// Node names. The algorithms render node references as N1..Nn (index + 1)
// in their variables, labels and messages; the interpreter keeps worlds
// with those names and renames every string it shows, so that a scenario
// with nodes N3 N5 N6 reads N5 where the simulator means its second node.
//
// include is expanded by Expand (LoadFiles), never by Parse: the syntax
// tree keeps the line, so fmt prints a file as written.
package scenario
