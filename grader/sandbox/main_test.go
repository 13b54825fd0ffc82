package sandbox_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
)

// builder is shared by the package's tests: one cache of compiled
// modules in a temporary directory, so each distinct file is compiled
// once per test run.
var builder *sandbox.Builder

func TestMain(m *testing.M) {
	root, err := sandbox.FindRoot(".")
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "dmelab-sandbox-test-")
	if err != nil {
		panic(err)
	}
	builder = &sandbox.Builder{Root: root, Cache: dir}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func exercise(t *testing.T, parts ...string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(append([]string{builder.Root, "exercises"}, parts...)...))
	require.NoError(t, err)
	return src
}

// start builds src for interface name and starts it.
func start(t *testing.T, name string, src []byte, lim sandbox.Limits) (*sandbox.Sandbox, *sandbox.Refusal, error) {
	t.Helper()
	in := iface.Lookup(name)
	if r := sandbox.Precheck("submission.go", src, in); r != nil {
		return nil, r, nil
	}
	b, r, err := builder.Build(context.Background(), in, "submission.go", src)
	require.NoError(t, err)
	if r != nil {
		return nil, r, nil
	}
	sb, err := sandbox.Start(context.Background(), b.Wasm, lim, sandbox.Options{})
	if err == nil {
		t.Cleanup(sb.Close)
	}
	return sb, nil, err
}

// primed returns a new cache directory that holds the toolchain of the
// shared builder (see direct.go), so that a Builder on it builds
// directly from its first build, as a Builder does after its first.
func primed(t *testing.T) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(builder.Cache, "toolchain-*"))
	if len(files) == 0 {
		_, r, err := builder.Build(context.Background(), iface.Lookup("rasteps"), "solution.go", exercise(t, "ra-steps", "solution.go"))
		require.NoError(t, err)
		require.Nil(t, r)
		files, _ = filepath.Glob(filepath.Join(builder.Cache, "toolchain-*"))
	}
	require.NotEmpty(t, files, "the shared builder has learnt its toolchain")
	dir := t.TempDir()
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644))
	}
	return dir
}
