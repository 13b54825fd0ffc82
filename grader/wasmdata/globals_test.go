package wasmdata

import (
	"context"
	"encoding/binary"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// withGlobals is a module with the given imports section body (nil: none),
// two globals (a mutable i32 holding 7, an immutable i64 holding -2) and
// an export section of the names given (each exporting memory 0).
func withGlobals(imports []byte, exports ...string) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	section := func(id byte, body []byte) {
		b = append(b, id)
		b = binary.AppendUvarint(b, uint64(len(body)))
		b = append(b, body...)
	}
	if imports != nil {
		section(sectionImport, imports)
	}
	section(5, []byte{1, 0, 1}) // memory: one page
	section(sectionGlobal, []byte{2, 0x7f, 1, opI32Const, 7, opEnd, 0x7e, 0, 0x42, 0x7e, opEnd})
	exp := binary.AppendUvarint(nil, uint64(len(exports)))
	for _, name := range exports {
		exp = binary.AppendUvarint(exp, uint64(len(name)))
		exp = append(exp, name...)
		exp = append(exp, 2, 0) // memory 0
	}
	section(sectionExport, exp)
	return b
}

// Every global comes out exported, by index, with its value; the module
// is otherwise the same to wazero.
func TestExportGlobals(t *testing.T) {
	ctx := context.Background()
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	in := withGlobals(nil, "memory")
	out := ExportGlobals(in)
	require.NotEqual(t, in, out)
	mod, err := rt.InstantiateWithConfig(ctx, out, wazero.NewModuleConfig().WithName("a"))
	require.NoError(t, err)
	assert.NotNil(t, mod.ExportedMemory("memory"))
	g0, g1 := mod.ExportedGlobal(GlobalPrefix+"0"), mod.ExportedGlobal(GlobalPrefix+"1")
	require.NotNil(t, g0)
	require.NotNil(t, g1)
	assert.Equal(t, uint64(7), g0.Get())
	assert.Equal(t, int64(-2), int64(g1.Get()))
	m, ok := g0.(api.MutableGlobal)
	require.True(t, ok, "a mutable global stays mutable")
	m.Set(9)
	assert.Equal(t, uint64(9), g0.Get())
	_, ok = g1.(api.MutableGlobal)
	assert.False(t, ok, "an immutable one stays immutable")
	assert.Equal(t, out, ExportGlobals(out), "a module with the names exported is left as it is")
}

// A module ExportGlobals cannot read, or one whose globals' indices it
// does not know (an imported global comes first), is left as it is;
// imports of other kinds are read past.
func TestExportGlobalsLeavesWhatItCannotRead(t *testing.T) {
	importOf := func(kind byte, desc ...byte) []byte {
		return append([]byte{1, 1, 'm', 1, 'f', kind}, desc...)
	}
	for name, wasm := range map[string][]byte{
		"not a module":     []byte("\x00asm\x02\x00\x00\x00"),
		"cut short":        withGlobals(nil, "memory")[:20],
		"imported global":  withGlobals(importOf(3, 0x7f, 0), "memory"),
		"unknown import":   withGlobals(importOf(9), "memory"),
		"a name it writes": withGlobals(nil, GlobalPrefix+"x"),
		"no globals":       []byte("\x00asm\x01\x00\x00\x00"),
	} {
		assert.Equal(t, wasm, ExportGlobals(wasm), name)
	}
	for name, imp := range map[string][]byte{
		"function": importOf(0, 0),
		"table":    importOf(1, 0x70, 1, 1, 2),
		"memory":   importOf(2, 0, 1),
	} {
		// The import is not satisfied here: only the rewrite is looked at.
		in := withGlobals(imp, "memory")
		out := ExportGlobals(in)
		assert.NotEqual(t, in, out, name)
		secs, ok := sections(out)
		require.True(t, ok, name)
		exp := out[secs[sectionExport].start:secs[sectionExport].end]
		n, _ := uleb(exp)
		assert.Equal(t, uint64(3), n, name)
	}
}

// A Go module: every global exported, the module starts as before, and
// the exported values are the instance's.
func TestGoModuleExportsItsGlobals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	ctx := context.Background()
	in := goModule(t)
	out := ExportGlobals(Merge(in, DefaultGap))
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	wasi_snapshot_preview1.MustInstantiate(ctx, rt)
	mod, err := rt.InstantiateWithConfig(ctx, out, wazero.NewModuleConfig().WithStartFunctions())
	require.NoError(t, err)
	n := 0
	for mod.ExportedGlobal(GlobalPrefix+strconv.Itoa(n)) != nil {
		n++
	}
	assert.Positive(t, n, "a Go module has globals")
	assert.Equal(t, memory(t, in), memory(t, out))
}

// FuzzExportGlobals: whatever the bytes, ExportGlobals does not panic,
// and a module it changes is still one wazero takes, with the same
// functions and memories exported, and is not changed again.
func FuzzExportGlobals(f *testing.F) {
	f.Add(withGlobals(nil, "memory"))
	f.Add(withGlobals([]byte{1, 1, 'm', 1, 'f', 1, 0x70, 1, 1, 2}, "memory", "x"))
	f.Add(withGlobals([]byte{1, 1, 'm', 1, 'f', 3, 0x7f, 0}))
	f.Add([]byte("\x00asm\x01\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, wasm []byte) {
		out := ExportGlobals(wasm)
		if string(out) == string(wasm) {
			return
		}
		require.Equal(t, out, ExportGlobals(out), "exporting again changes nothing")
		ctx := context.Background()
		rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithMemoryLimitPages(256))
		defer rt.Close(ctx)
		cm, err := rt.CompileModule(ctx, wasm)
		if err != nil {
			return // not a module wazero takes; what ExportGlobals made need not be one either
		}
		cm2, err := rt.CompileModule(ctx, out)
		require.NoError(t, err)
		assert.Equal(t, len(cm.ExportedFunctions()), len(cm2.ExportedFunctions()))
		assert.Equal(t, len(cm.ExportedMemories()), len(cm2.ExportedMemories()))
	})
}
