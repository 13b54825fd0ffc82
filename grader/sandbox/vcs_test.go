package sandbox_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// A build does not ask the version control system about the checkout it
// builds in: go build stamps a main package with the repository's state
// unless told not to, which ran git six times a build (about 70 ms of a
// 0.6 s build) and failed every build on a machine where the checkout
// is a repository but git is missing or broken. Here git is a script
// that fails and leaves a mark; a build must neither fail nor call it.
// (Where the sources are not a Git checkout go build would not call git
// anyway, and the test shows nothing. It does not look for .git to say
// so: Go's test cache keys a package's results by the times of the files
// its tests stat, and .git's moves with every git command and every
// clone, so this package's two minutes of tests ran again in every CI
// run.)
func TestBuildDoesNotRunGit(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "called")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "git"), []byte("#!/bin/sh\necho \"$@\" >> "+mark+"\nexit 1\n"), 0o755))
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))

	b := &sandbox.Builder{Root: builder.Root, Cache: t.TempDir()} // nothing cached: go build runs
	built, r, err := b.Build(context.Background(), iface.Lookup("tokenringsteps"), "solution.go", exercise(t, "token-ring", "solution.go"))
	require.NoError(t, err)
	require.Nil(t, r)
	assert.False(t, built.Cached)
	_, err = os.Stat(mark)
	assert.True(t, os.IsNotExist(err), "go build ran git")
}
