package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A backup taken while clients submit and workers grade restores with
// every submission accepted before it began, and the results stored
// before it: a server started on the copy grades the rest, and only
// those.
func TestBackupDuringLoad(t *testing.T) {
	g := newRecorder()
	g.delay = 10 * time.Millisecond
	o := testOptions(t, g)
	e := start(t, o)

	var (
		mu       sync.Mutex
		accepted []string
		wg       sync.WaitGroup
	)
	const clients, each = 4, 15
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				id := e.submit(fmt.Sprintf("c%d-%02d.go", c, i))
				mu.Lock()
				accepted = append(accepted, id)
				mu.Unlock()
			}
		}()
	}
	waitFor(t, "20 submissions", func() bool { mu.Lock(); defer mu.Unlock(); return len(accepted) >= 20 })
	mu.Lock()
	before := append([]string(nil), accepted...)
	mu.Unlock()
	doneBefore := map[string]bool{}
	for _, id := range before {
		if rec, _ := e.srv.Store().Get(t.Context(), id); rec != nil && rec.Status == Done {
			doneBefore[id] = true
		}
	}
	copyFile := filepath.Join(t.TempDir(), "backup.db")
	tally, err := Backup(t.Context(), o.DataDir, copyFile)
	require.NoError(t, err)
	wg.Wait()
	assert.GreaterOrEqual(t, tally.Submissions, int64(len(before)))
	assert.GreaterOrEqual(t, tally.Results, int64(len(doneBefore)))
	t.Logf("backup after %d accepted (%d graded): it holds %d submissions, %d results; %d accepted in all",
		len(before), len(doneBefore), tally.Submissions, tally.Results, clients*each)

	restored := t.TempDir()
	b, err := os.ReadFile(copyFile)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(restored, DBFile), b, 0o644))
	g2 := newRecorder()
	o2 := o
	o2.DataDir, o2.Grader = restored, g2
	e2 := start(t, o2)
	for _, id := range before {
		v := e2.await(id)
		require.Equal(t, Done, v.Status, id)
		if doneBefore[id] {
			assert.Equal(t, 0, g2.count(v.File), "%s was graded before the backup: its result is in the copy", v.File)
		}
	}
	counts, results, err := e2.srv.Store().Census(t.Context())
	require.NoError(t, err)
	assert.Equal(t, int(tally.Submissions), counts[Done]+counts[Queued]+counts[Running])
	assert.LessOrEqual(t, results, int(tally.Submissions))
}
