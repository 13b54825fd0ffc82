package serve

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// crash stops e the way a killed process stops: no job is put back, the
// database is closed under the workers' feet, in-flight gradings never
// get their result written.
func (e *env) crash() {
	e.ts.CloseClientConnections()
	e.ts.Close()
	e.ts = nil
	e.srv.pool.stopOnce.Do(func() { close(e.srv.pool.stopClaim) })
	e.srv.store.Close()
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestRestartDurability(t *testing.T) {
	g1 := newRecorder()
	// Three gradings finish; every later one is held until the crash, so
	// the crash finds some done, two running (one per worker) and the
	// rest waiting, however slow the machine is.
	g1.free = 3
	g1.hold = make(chan struct{})
	o := testOptions(t, g1)
	o.Workers = 2
	e := start(t, o)
	const n = 12
	ids := make([]string, n)
	for i := range ids {
		ids[i] = e.submit(fmt.Sprintf("s%02d.go", i))
	}
	waitFor(t, "three graded", func() bool {
		c, _, _ := e.srv.Store().Census(t.Context())
		return c[Done] >= 3
	})
	waitFor(t, "a grading held", func() bool { return g1.holding() > 0 })
	e.crash()
	close(g1.hold) // the old workers' writes now fail: the database is closed
	// A write already under way when the database was closed still
	// commits (database/sql lets a connection in use finish), as a killed
	// process's last write may reach the disk. Wait for the old workers,
	// so that what is read below is what the restart will find.
	e.srv.pool.wg.Wait()

	st, err := OpenStore(o.DataDir)
	require.NoError(t, err)
	before := map[string]string{}
	for _, id := range ids {
		rec, err := st.Get(t.Context(), id)
		require.NoError(t, err)
		before[id] = rec.Status
	}
	st.Close()
	states := map[string]int{}
	for _, s := range before {
		states[s]++
	}
	require.Positive(t, states[Running], "the crash interrupted a grading: %v", states)
	require.Positive(t, states[Queued], "the crash left submissions waiting: %v", states)
	require.Positive(t, states[Done], "%v", states)

	g2 := newRecorder()
	o.Grader = g2
	e2 := start(t, o)
	for i, id := range ids {
		v := e2.await(id)
		require.Equal(t, Done, v.Status, id)
		file := fmt.Sprintf("s%02d.go", i)
		if before[id] == Done {
			assert.Zero(t, g2.count(file), "%s was graded before the crash and must not be graded again", file)
		} else {
			assert.Equal(t, 1, g2.count(file), "%s accepted before the crash is graded after it", file)
		}
		if before[id] == Running {
			assert.Equal(t, 2, v.Attempts, "the interrupted attempt counts")
		}
	}
	counts, results, err := e2.srv.Store().Census(t.Context())
	require.NoError(t, err)
	assert.Equal(t, map[string]int{Done: n}, counts)
	assert.Equal(t, n, results, "one result per submission")
}

func TestLeaseExpiredJobIsRetakenOnce(t *testing.T) {
	st, err := OpenStore(t.TempDir())
	require.NoError(t, err)
	defer st.Close()
	ctx := context.Background()
	now := time.Now()
	_, _, err = st.Add(ctx, Submission{ID: NewID(), Exercise: "ra", File: "a.go", Source: []byte("x"), Client: "c"}, now)
	require.NoError(t, err)

	first, err := st.Claim(ctx, now, time.Second, 3)
	require.NoError(t, err)
	require.NotNil(t, first)
	none, err := st.Claim(ctx, now.Add(500*time.Millisecond), time.Second, 3)
	require.NoError(t, err)
	assert.Nil(t, none, "a held lease keeps the job")

	// The first worker is presumed dead: its lease ran out.
	second, err := st.Claim(ctx, now.Add(2*time.Second), time.Second, 3)
	require.NoError(t, err)
	require.NotNil(t, second)
	assert.Equal(t, first.ID, second.ID)
	assert.Equal(t, 2, second.Attempts)

	assert.ErrorIs(t, st.Complete(ctx, first, []byte(`{"score":1}`), now), ErrLeaseLost, "the old holder's write is refused")
	require.NoError(t, st.Complete(ctx, second, []byte(`{"score":2}`), now))
	assert.ErrorIs(t, st.Complete(ctx, second, []byte(`{"score":3}`), now), ErrLeaseLost, "written once")
	rec, err := st.Get(ctx, first.ID)
	require.NoError(t, err)
	assert.Equal(t, Done, rec.Status)
	assert.JSONEq(t, `{"score":2}`, string(rec.Result))
}

func TestGiveUpAfterMaxAttempts(t *testing.T) {
	st, err := OpenStore(t.TempDir())
	require.NoError(t, err)
	defer st.Close()
	ctx := context.Background()
	now := time.Now()
	id, _, err := st.Add(ctx, Submission{ID: NewID(), Exercise: "ra", File: "a.go", Source: []byte("x"), Client: "c"}, now)
	require.NoError(t, err)
	for i := 1; i <= 2; i++ {
		j, err := st.Claim(ctx, now, time.Minute, 2)
		require.NoError(t, err)
		require.Equal(t, i, j.Attempts)
		n, err := st.Recover(ctx) // the process died during the attempt
		require.NoError(t, err)
		require.Equal(t, 1, n)
	}
	j, err := st.Claim(ctx, now, time.Minute, 2)
	require.NoError(t, err)
	require.NotNil(t, j)
	assert.Empty(t, j.Lease, "given up on")
	rec, _ := st.Get(ctx, id)
	assert.Equal(t, Failed, rec.Status)
	assert.Contains(t, rec.Error, "interrupted 2 times")
	j, err = st.Claim(ctx, now, time.Minute, 2)
	require.NoError(t, err)
	assert.Nil(t, j)
}

func TestGraderFailuresAreRetried(t *testing.T) {
	g := newRecorder()
	g.failN["flaky.go"] = 1
	g.failN["broken.go"] = 99
	g.panicN["panics.go"] = 99
	o := testOptions(t, g)
	o.MaxAttempts = 3
	e := start(t, o)
	flaky, broken, panics := e.submit("flaky.go"), e.submit("broken.go"), e.submit("panics.go")

	v := e.await(flaky)
	assert.Equal(t, Done, v.Status)
	assert.Equal(t, 2, v.Attempts)
	for _, id := range []string{broken, panics} {
		v := e.await(id)
		assert.Equal(t, Failed, v.Status)
		assert.Equal(t, 3, v.Attempts)
		assert.Contains(t, v.Message, "not because of your code")
		assert.NotContains(t, v.Message, "panic", "grader internals are for staff")
		assert.Nil(t, v.Result)
	}
	assert.Equal(t, 3, g.count("panics.go"))
	code, _, _ := e.do("GET", "/api/health", "", nil)
	assert.Equal(t, http.StatusOK, code, "the server is still up")
}

func TestGradeTimeout(t *testing.T) {
	g := newRecorder()
	g.hold = make(chan struct{}) // never released: every attempt times out
	o := testOptions(t, g)
	o.GradeTimeout = 100 * time.Millisecond
	o.MaxAttempts = 2
	o.Staff = true
	e := start(t, o).asStaff()
	v := e.await(e.submit("loop.go"))
	assert.Equal(t, Failed, v.Status)
	assert.Contains(t, v.Message, "grading took longer than 100ms")
}

func TestShutdownRequeuesRunningJobs(t *testing.T) {
	g := newRecorder()
	g.hold = make(chan struct{})
	o := testOptions(t, g)
	o.Workers = 1
	e := start(t, o)
	id := e.submit("held.go")
	waitFor(t, "grading to start", func() bool { return g.count("held.go") == 1 })

	e.ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	require.NoError(t, e.srv.Shutdown(ctx))
	e.ts = nil

	st, err := OpenStore(o.DataDir)
	require.NoError(t, err)
	rec, err := st.Get(t.Context(), id)
	require.NoError(t, err)
	st.Close()
	assert.Equal(t, Queued, rec.Status, "back in the queue")
	assert.Equal(t, 0, rec.Attempts, "an attempt cut short by a shutdown does not count")

	o.Grader = newRecorder()
	e2 := start(t, o)
	assert.Equal(t, Done, e2.await(id).Status)
}

func TestShutdownLetsRunningJobsFinish(t *testing.T) {
	g := newRecorder()
	g.delay = 200 * time.Millisecond
	o := testOptions(t, g)
	e := start(t, o)
	id := e.submit("slow.go")
	waitFor(t, "grading to start", func() bool { return g.count("slow.go") == 1 })
	e.ts.Close()
	require.NoError(t, e.srv.Shutdown(context.Background()))
	e.ts = nil
	st, err := OpenStore(o.DataDir)
	require.NoError(t, err)
	defer st.Close()
	rec, err := st.Get(t.Context(), id)
	require.NoError(t, err)
	assert.Equal(t, Done, rec.Status)
}

// A relative data directory (the default, dmelab-data) opens.
func TestOpenStoreRelative(t *testing.T) {
	t.Chdir(t.TempDir())
	st, err := OpenStore("data")
	require.NoError(t, err)
	require.NoError(t, st.Close())
	_, err = os.Stat(filepath.Join("data", DBFile))
	require.NoError(t, err)
}

// What making a submission durable costs: Add with the checkpoint and
// the record (as served), with the record only (the submission stays in
// the WAL, as before the checkpoint), and the record's write alone.
//
//	go test ./grader/serve/ -run '^$' -bench 'Add|Record' -benchtime 200x
func BenchmarkAdd(b *testing.B) {
	for _, c := range []struct {
		name string
		ckpt bool
	}{{"checkpoint", true}, {"wal-only", false}} {
		b.Run(c.name, func(b *testing.B) {
			st, err := OpenStore(b.TempDir())
			require.NoError(b, err)
			defer st.Close()
			st.noCkpt = !c.ckpt
			src := []byte(strings.Repeat("package ra // some source\n", 200))
			for b.Loop() {
				_, _, err := st.Add(b.Context(), Submission{ID: NewID(), Idem: NewID(), Exercise: "ra", File: "a.go", Source: src, Client: "c"}, time.Now())
				require.NoError(b, err)
			}
		})
	}
}

func BenchmarkRecordWrite(b *testing.B) {
	st, err := OpenStore(b.TempDir())
	require.NoError(b, err)
	defer st.Close()
	var t Tally
	for b.Loop() {
		t.Seq++
		require.NoError(b, st.rec.write(t))
	}
}

// The queue takes each client's first waiting submission before anyone's
// second: a client who sends four at once does not make the next
// client's one wait behind all four. Position says the same order.
func TestQueueTakesClientsInTurn(t *testing.T) {
	st, err := OpenStore(t.TempDir())
	require.NoError(t, err)
	defer st.Close()
	ctx := context.Background()
	now := time.Now()
	seqs := map[string]int64{}
	add := func(name, client string) {
		id := NewID()
		_, _, err := st.Add(ctx, Submission{ID: id, Exercise: "ra", File: name + ".go", Source: []byte(name), Client: client}, now)
		require.NoError(t, err)
		rec, err := st.Get(ctx, id)
		require.NoError(t, err)
		seqs[name] = rec.Seq
	}
	for _, s := range []struct{ name, client string }{
		{"a1", "a"}, {"a2", "a"}, {"a3", "a"}, {"a4", "a"}, {"b1", "b"}, {"c1", "c"}, {"b2", "b"},
	} {
		add(s.name, s.client)
	}
	want := []string{"a1", "b1", "c1", "a2", "b2", "a3", "a4"}
	for i, name := range want {
		pos, err := st.Position(ctx, seqs[name])
		require.NoError(t, err)
		assert.Equal(t, i, pos, "%s's position before any is taken", name)
	}
	var got []string
	for range want {
		j, err := st.Claim(ctx, now, time.Minute, 3)
		require.NoError(t, err)
		require.NotNil(t, j)
		got = append(got, strings.TrimSuffix(j.File, ".go"))
	}
	assert.Equal(t, want, got)
}

// A client is its IPv4 address, or its IPv6 /64 network: the addresses
// of one machine's /64 are one client for the rate limit and the queue's
// turns. A trusted proxy's header is read the same way.
func TestClientOfNamesIPv6Networks(t *testing.T) {
	req := func(remote string) *http.Request {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = remote
		return r
	}
	assert.Equal(t, "192.0.2.7", clientOf(req("192.0.2.7:5000"), ""))
	assert.Equal(t, "2001:db8:1:2::/64", clientOf(req("[2001:db8:1:2::1]:5000"), ""))
	assert.Equal(t, "2001:db8:1:2::/64", clientOf(req("[2001:db8:1:2:ffff:1:2:3]:5000"), ""))
	assert.NotEqual(t, clientOf(req("[2001:db8:1:2::1]:1"), ""), clientOf(req("[2001:db8:1:3::1]:1"), ""))
	r := req("127.0.0.1:1")
	r.Header.Set("X-Client", "spoofed, 2001:db8:9:9::5")
	assert.Equal(t, "2001:db8:9:9::/64", clientOf(r, "X-Client"))
	r.Header.Set("X-Client", "not an address")
	assert.Equal(t, "not an address", clientOf(r, "X-Client"))
}
