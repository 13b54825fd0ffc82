package explore

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/algorithms/listing"
	"dmelab/algorithms/registry"
	"dmelab/algorithms/sim"
)

// A safety counterexample says how each node in the critical section got
// there: the replies that crossed in ra-benari-numfirst (N1's given at
// P12 before it had set requestCS, N2's for the tie-break), and in ra-v1
// asking twice, a reply N1 sent at P9, after its first CS, for N2's
// first request.
func TestSafetyChainTranscripts(t *testing.T) {
	for _, c := range []struct {
		alg  string
		r    int
		want string
	}{
		{"ra-benari-numfirst", 1, "N1, N2 are in the critical section at the same time. How each got in: " +
			"N1 entered at step 17; since its enter() at step 1 it had from N2: request(1) (sent at step 6 while N2 waited to enter: N2 P4 send(request,N1,myID,myNum=1)), then reply (sent at step 15 while N2 waited to enter: N2 P12 requestCS and requestedNum=myNum=1 and source=N1 < myID=N2: send(reply,N1,myID)). " +
			"N2 entered at step 18; since its enter() at step 2 it had from N1: reply (sent at step 9 while N1 waited to enter: N1 P12 not requestCS: send(reply,N2,myID)), then request(1) (sent at step 12 while N1 waited to enter: N1 P4 send(request,N2,myID,myNum=1))."},
		{"ra-v1", 2, "N1, N2 are in the critical section at the same time. How each got in: " +
			"N1 entered at step 26; since its enter() at step 19 it had from N2: reply (sent at step 24 from N2's critical section: N2 P11 requestedNum=1 < myNum=2: send(reply,N1,myID)). " +
			"N2 entered at step 23; since its enter() at step 2 it had from N1 (the last 2 of 3): reply (sent at step 16: N1 P9 send(reply,N2,myID)), then request(1) (sent at step 21 while N1 waited to enter: N1 P4 send(request,N2,myID,myNum=1))."},
	} {
		t.Run(c.alg, func(t *testing.T) {
			res, err := Check(Config{Alg: registry.Lookup(c.alg), Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: c.r}, Props: []string{Safety}})
			require.NoError(t, err)
			require.Equal(t, Violated, res.Verdicts[Safety])
			assert.Equal(t, c.want, res.Counterexamples[Safety].Summary)
		})
	}
}

// Every safety counterexample of every mutual exclusion, at N=2 and 3
// asking once or twice, says how each node in the CS got in: each named
// once, at the step it entered, after its enter(), with each message
// quoted at the step that sent it, before the step that delivered it.
func TestEverySafetyCounterexampleSaysHowEachGotIn(t *testing.T) {
	entered := regexp.MustCompile(`(N\d) entered at step (\d+); since its enter\(\) at step (\d+) it had`)
	sent := regexp.MustCompile(`\(sent at step (\d+)(?: while (N\d+) waited to enter| from (N\d+)'s critical section| while (N\d+) was in the critical section)?: ([^)]*(?:\)[^)]*)*?)\)(?:, then |\. |; |$)`)
	seen, quoted := 0, 0
	for _, a := range registry.All() {
		if a.Election {
			continue
		}
		for _, n := range []int{2, 3} {
			for _, r := range []int{1, 2} {
				t.Run(fmt.Sprintf("%s/N=%d/R=%d", a.Name, n, r), func(t *testing.T) {
					res, err := Check(Config{Alg: a, Sim: sim.Config{N: n}, Opts: sim.Options{Requests: r}, Props: []string{Safety}, MaxStates: 300000})
					require.NoError(t, err)
					if res.Verdicts[Safety] != Violated {
						return
					}
					seen++
					tr := res.Counterexamples[Safety]
					require.Contains(t, tr.Summary, " How each got in: ")
					ms := entered.FindAllStringSubmatch(tr.Summary, -1)
					require.GreaterOrEqual(t, len(ms), 2, tr.Summary)
					for _, m := range ms {
						entry, _ := strconv.Atoi(m[2])
						call, _ := strconv.Atoi(m[3])
						require.LessOrEqual(t, entry, len(tr.Steps), tr.Summary)
						assert.Less(t, call, entry, tr.Summary)
						assert.Equal(t, m[1]+" calls enter()", tr.Steps[call-1].Text, "the call named is the node's")
					}
					for _, s := range sent.FindAllStringSubmatch(tr.Summary, -1) {
						quoted++
						k, _ := strconv.Atoi(s[1])
						require.LessOrEqual(t, k, len(tr.Steps), tr.Summary)
						assert.True(t, strings.HasPrefix(s[5], tr.Steps[k-1].Text), "the step quoted is step %d: %q, %q", k, s[5], tr.Steps[k-1].Text)
						if who := s[2] + s[3]; who != "" {
							assert.True(t, strings.HasPrefix(tr.Steps[k-1].Text, who+" "), "the node said to wait or be in its CS is the sender: %q", s[0])
						}
					}
				})
			}
		}
	}
	assert.GreaterOrEqual(t, seen, 4, "safety is broken somewhere")
	assert.GreaterOrEqual(t, quoted, 2*seen, "each node in the CS had a message quoted")
}

// A central server's clients never message each other: what let each in
// is the server's grant (N3's given while N2 was in the critical
// section), not "nothing from N3", which would point at a
// message the algorithm never sends. (listing-central's starter: its
// server grants every request.)
func TestSafetyChainOfAServer(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "exercises", "listing-central", "starter.txt"))
	require.NoError(t, err)
	alg, err := listing.Algorithm(string(src))
	require.NoError(t, err)
	res, err := Check(Config{Alg: alg, Sim: sim.Config{N: 3}, Opts: sim.Options{Requests: 1}, Props: []string{Safety}})
	require.NoError(t, err)
	require.Equal(t, Violated, res.Verdicts[Safety])
	assert.Equal(t, "N2, N3 are in the critical section at the same time. How each got in: "+
		"N2 entered at step 4; since its enter() at step 1 it had from N1: grant (sent at step 3: N1 receives request from N2). "+
		"N3 entered at step 6; since its enter() at step 2 it had from N1: grant (sent at step 5 while N2 was in the critical section: N1 receives request from N3).", res.Counterexamples[Safety].Summary)
}
