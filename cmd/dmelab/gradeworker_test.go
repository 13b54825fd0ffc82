package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math"
	"os"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/report"
)

// dmelab grade-worker grades the requests it reads on stdin, one after
// another, each answered with a result and then a ready line, and ends
// when stdin does; without --exercises it is a usage error.
func TestGradeWorker(t *testing.T) {
	var out, errs bytes.Buffer
	assert.Equal(t, exitUsage, run([]string{"grade-worker"}, &out, &errs))
	assert.Contains(t, errs.String(), "usage: dmelab grade-worker")
	assert.Equal(t, exitOK, run([]string{"grade-worker", "--help"}, &out, &errs))

	src, err := os.ReadFile("../../exercises/token-ring/solution.go")
	require.NoError(t, err)
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	require.NoError(t, enc.Encode(map[string]any{"exercise": "token-ring", "file": "ring.go", "src": src}))
	require.NoError(t, enc.Encode(map[string]any{"exercise": "no-such-exercise", "file": "ring.go", "src": src}))
	r, w, err := os.Pipe()
	require.NoError(t, err)
	go func() { w.Write(in.Bytes()); w.Close() }()
	stdin := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = stdin; r.Close(); debug.SetMemoryLimit(math.MaxInt64) }()

	out.Reset()
	errs.Reset()
	require.Equal(t, exitOK, run([]string{"grade-worker", "--exercises", "../../exercises"}, &out, &errs), errs.String())
	type answer struct {
		Result *report.Result
		Error  string
		Ready  bool
	}
	var got []answer
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var a answer
		require.NoError(t, json.Unmarshal(sc.Bytes(), &a), sc.Text())
		got = append(got, a)
	}
	require.Len(t, got, 4, out.String())
	require.NotNil(t, got[0].Result)
	assert.Equal(t, report.Graded, got[0].Result.Status)
	assert.Equal(t, got[0].Result.MaxScore, got[0].Result.Score, "the reference solution gets full marks")
	assert.Equal(t, "ring.go", got[0].Result.File)
	assert.True(t, got[1].Ready)
	assert.Contains(t, got[2].Error, "no exercise")
	assert.True(t, got[3].Ready)
}
