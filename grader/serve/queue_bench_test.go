package serve

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// BenchmarkQueue measures what a full queue costs a waiting student's
// page (Position, asked about once a second by each) and a worker
// (Claim): 50 clients with 20 submissions each waiting (MaxQueue's
// thousand) after 10 each graded.
func BenchmarkQueue(b *testing.B) {
	st, err := OpenStore(b.TempDir())
	require.NoError(b, err)
	defer st.Close()
	st.noCkpt = true
	ctx := context.Background()
	now := time.Now()
	add := func(c int) {
		_, _, err := st.Add(ctx, Submission{ID: NewID(), Exercise: "ra", File: "a.go", Source: []byte("x"), Client: fmt.Sprint("client", c)}, now)
		require.NoError(b, err)
	}
	for range 10 {
		for c := range 50 {
			add(c)
		}
		for range 50 {
			j, err := st.Claim(ctx, now, time.Minute, 3)
			require.NoError(b, err)
			require.NoError(b, st.Complete(ctx, j, []byte(`{}`), now))
		}
	}
	for range 20 {
		for c := range 50 {
			add(c)
		}
	}
	var last int64
	require.NoError(b, st.r.QueryRow(`SELECT max(seq) FROM submissions`).Scan(&last))
	b.Run("Position", func(b *testing.B) {
		for b.Loop() {
			n, err := st.Position(ctx, last)
			require.NoError(b, err)
			require.Equal(b, 999, n)
		}
	})
	b.Run("Claim", func(b *testing.B) {
		for b.Loop() {
			j, err := st.Claim(ctx, now, time.Minute, 3)
			require.NoError(b, err)
			require.NotNil(b, j)
			b.StopTimer()
			add(int(j.Seq % 50)) // the queue stays full
			b.StartTimer()
		}
	})
}
