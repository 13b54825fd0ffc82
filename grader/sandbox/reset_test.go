package sandbox_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"dmelab/algorithms/explore"
	"dmelab/algorithms/sim"
	"dmelab/grader/iface"
	"dmelab/grader/sandbox"
	"dmelab/grader/wasmdata"
)

// A fresh instance is the running one put back as its start left it:
// what the code kept in a package variable is gone, as from an instance
// started anew (countingCalls).
func TestFreshInstancesForgetWhatTheCodeKept(t *testing.T) {
	code := countingCalls(t)
	sb, r, err := start(t, "rasteps", code, sandboxLimits())
	require.NoError(t, err)
	require.Nil(t, r)
	_, err = explore.Check(explore.Config{Alg: iface.Lookup("rasteps").Algorithm("ra-benari", sb.Call),
		Sim: sim.Config{N: 2}, Opts: sim.Options{Requests: 1}})
	require.NoError(t, err)
	var req []byte
	for _, q := range sandbox.Requests(sb) {
		a, _ := sandbox.Answer(sb, q)
		b, _ := sandbox.Answer(sb, q)
		if !bytes.Equal(a, b) { // a P11: its answer counts the calls
			req = q
			break
		}
	}
	require.NotNil(t, req, "a request whose answer counts the calls")

	sb.Fresh()
	require.Equal(t, 1, sandbox.PutBacks(sb), "put back, not started anew")
	first, err := sandbox.Answer(sb, req)
	require.NoError(t, err)
	second, err := sandbox.Answer(sb, req)
	require.NoError(t, err)
	require.NotEqual(t, first, second, "the instance keeps its count between calls")

	restore := sb.Isolate()
	again, err := sandbox.Answer(sb, req)
	require.NoError(t, err)
	restore()
	assert.Equal(t, first, again, "the count forgotten")
	assert.Equal(t, 3, sandbox.PutBacks(sb))

	// The same as an instance started anew answers.
	sb2, r, err := start(t, "rasteps", code, sandboxLimits())
	require.NoError(t, err)
	require.Nil(t, r)
	anew, err := sandbox.Answer(sb2, req)
	require.NoError(t, err)
	assert.Equal(t, first, anew)
}

// The sandbox's own clocks and random source give what wazero's
// defaults give: a module's start, which reads both clocks and the
// random source into its memory (Go's runtime keeps its start time and
// its seeds), leaves the same memory either way.
func TestSourcesReadAsWazeros(t *testing.T) {
	wasm := built(t, exercise(t, "ra-steps", "solution.go"))
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	defer rt.Close(ctx)
	_, err := wasi_snapshot_preview1.Instantiate(ctx, rt)
	require.NoError(t, err)
	cm, err := rt.CompileModule(ctx, wasm)
	require.NoError(t, err)
	memory := func(name string, config wazero.ModuleConfig) []byte {
		mod, err := rt.InstantiateModule(ctx, cm, config.WithName(name).WithStartFunctions("_initialize"))
		require.NoError(t, err)
		b, ok := mod.Memory().Read(0, mod.Memory().Size())
		require.True(t, ok)
		return bytes.Clone(b)
	}
	wazeros := memory("defaults", wazero.NewModuleConfig())
	assert.Equal(t, wazeros, memory("again", wazero.NewModuleConfig()), "a start is the same every time")
	assert.Equal(t, wazeros, memory("own", sandbox.SourcesConfig(wazero.NewModuleConfig())))
	other := func() int64 { return 7 }
	assert.NotEqual(t, wazeros, memory("other clock", wazero.NewModuleConfig().WithNanotime(other, 1)),
		"the start reads the clock into memory (else this test could not fail)")
	assert.NotEqual(t, wazeros, memory("other seed", wazero.NewModuleConfig().WithRandSource(bytes.NewReader(make([]byte, 4096)))),
		"and the random source")
}

// counter is a module with the harness's exports whose dmelab_call
// counts its calls in a global (exported as the Builder exports them)
// and answers with that many bytes: the count lives in no memory.
func counter() []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	section := func(id byte, body ...byte) {
		b = append(append(b, id, byte(len(body))), body...)
	}
	name := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	section(1, 2, 0x60, 0, 1, 0x7f, 0x60, 1, 0x7f, 1, 0x7f) // () -> i32, (i32) -> i32
	section(3, 2, 0, 1)                                     // dmelab_buf, dmelab_call
	section(5, 1, 0, 1)                                     // one page
	section(6, 1, 0x7f, 1, 0x41, 0, 0x0b)                   // a mutable i32, 0
	var exp []byte
	exp = append(append(exp, 4), name("memory")...)
	exp = append(append(exp, 2, 0), name("dmelab_buf")...)
	exp = append(append(exp, 0, 0), name("dmelab_call")...)
	exp = append(append(exp, 0, 1), name(wasmdata.GlobalPrefix+"0")...)
	section(7, append(exp, 3, 0)...)
	section(10, 2,
		4, 0, 0x41, 0, 0x0b, // dmelab_buf: the buffer at 0
		11, 0, 0x23, 0, 0x41, 1, 0x6a, 0x24, 0, 0x23, 0, 0x0b) // dmelab_call: ++count, answer count bytes
	return b
}

// A put-back instance has its globals set back too: a count kept in a
// global, not in memory, starts again from its start's.
func TestPutBackSetsGlobalsBack(t *testing.T) {
	sb, err := sandbox.Start(context.Background(), counter(), sandboxLimits(), sandbox.Options{})
	require.NoError(t, err)
	defer sb.Close()
	answer := func() int {
		ans, err := sandbox.Answer(sb, []byte{1})
		require.NoError(t, err)
		return len(ans)
	}
	require.Equal(t, 1, answer())
	require.Equal(t, 2, answer(), "the global counts")
	sb.Fresh()
	require.Equal(t, 1, sandbox.PutBacks(sb))
	assert.Equal(t, 1, answer(), "the count set back")
}
