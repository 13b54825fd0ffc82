package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/serve"
)

// dmelab backup copies a database in use (the store stays open, as a
// server holds it), and the copy restores: a data directory holding it
// as dmelab.db opens with every submission.
func TestBackupCommand(t *testing.T) {
	data := t.TempDir()
	st, err := serve.OpenStore(data)
	require.NoError(t, err)
	defer st.Close()
	var ids []string
	for i := range 3 {
		id, _, err := st.Add(context.Background(), serve.Submission{ID: serve.NewID(), Exercise: "ra", File: "a.go",
			Source: []byte{'x', byte('0' + i)}, Client: "c"}, time.Now())
		require.NoError(t, err)
		ids = append(ids, id)
	}
	copyFile := filepath.Join(t.TempDir(), "copy.db")
	var out, errs bytes.Buffer
	code := run([]string{"backup", "--data", data, copyFile}, &out, &errs)
	require.Equal(t, exitOK, code, errs.String())
	assert.Contains(t, out.String(), "3 submissions (up to seq 3), 0 results")

	restored := t.TempDir()
	b, err := os.ReadFile(copyFile)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(restored, serve.DBFile), b, 0o644))
	st2, err := serve.OpenStore(restored)
	require.NoError(t, err)
	defer st2.Close()
	for _, id := range ids {
		rec, err := st2.Get(context.Background(), id)
		require.NoError(t, err)
		require.NotNil(t, rec, id)
		assert.Equal(t, serve.Queued, rec.Status)
	}

	errs.Reset()
	assert.Equal(t, exitUsage, run([]string{"backup", "--data", data, copyFile}, &out, &errs))
	assert.Contains(t, errs.String(), "already exists")
	errs.Reset()
	assert.Equal(t, exitUsage, run([]string{"backup", "--data", data}, &out, &errs))
	assert.Contains(t, errs.String(), "name one file")
	errs.Reset()
	assert.Equal(t, exitUsage, run([]string{"backup", "--data", t.TempDir(), filepath.Join(t.TempDir(), "x.db")}, &out, &errs))
	assert.Contains(t, errs.String(), "no database to back up")
	// With the server stopped (no WAL, no shared memory file) too.
	require.NoError(t, st.Close())
	out.Reset()
	assert.Equal(t, exitOK, run([]string{"backup", "--data", data, filepath.Join(t.TempDir(), "stopped.db")}, &out, &errs), errs.String())
	assert.Contains(t, out.String(), "3 submissions")
	out.Reset()
	assert.Equal(t, exitOK, run([]string{"backup", "-h"}, &out, &errs))
	assert.Contains(t, out.String(), "VACUUM INTO")
}
