package wasmdata

import (
	"context"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// seg is a data segment as a test writes it: flag 0 (active, memory 0)
// at an i32.const offset, unless raw is set (written as it is).
type seg struct {
	off  int32
	data string
	raw  []byte
}

// module is a WebAssembly module with one memory of pages pages, the
// given data segments and, if dataCount, a data count section.
func module(pages int, dataCount bool, segs ...seg) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	section := func(id byte, body []byte) {
		b = append(b, id)
		b = binary.AppendUvarint(b, uint64(len(body)))
		b = append(b, body...)
	}
	section(5, []byte{1, 0, byte(pages)}) // memory: one, min pages
	if dataCount {
		section(12, binary.AppendUvarint(nil, uint64(len(segs))))
	}
	if len(segs) > 0 {
		body := binary.AppendUvarint(nil, uint64(len(segs)))
		for _, s := range segs {
			if s.raw != nil {
				body = append(body, s.raw...)
				continue
			}
			body = append(body, 0, opI32Const)
			body = appendSleb(body, int64(s.off))
			body = append(body, opEnd)
			body = binary.AppendUvarint(body, uint64(len(s.data)))
			body = append(body, s.data...)
		}
		section(11, body)
	}
	section(0, []byte("\x01xtail")) // a custom section after the data: "x", holding "tail"
	return b
}

// memory instantiates wasm in wazero without running anything and
// returns its first page of memory.
func memory(t testing.TB, wasm []byte) []byte {
	t.Helper()
	ctx := context.Background()
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	wasi_snapshot_preview1.MustInstantiate(ctx, rt) // a Go module's imports
	mod, err := rt.InstantiateWithConfig(ctx, wasm, wazero.NewModuleConfig().WithStartFunctions())
	require.NoError(t, err)
	mem, ok := mod.Memory().Read(0, mod.Memory().Size())
	require.True(t, ok)
	return append([]byte(nil), mem...)
}

// count is the number of data segments of wasm, which must be a module.
func count(t testing.TB, wasm []byte) int {
	t.Helper()
	n := Segments(wasm)
	require.GreaterOrEqual(t, n, 0, "not a module")
	return n
}

func TestMergesCloseSegmentsIntoTheSameMemory(t *testing.T) {
	// Out of order, as Go's linker writes its two runs of data; gaps of
	// 2, 3 and 100 bytes, and a negative offset's bit pattern is not
	// needed here (one page).
	in := module(1, false,
		seg{off: 300, data: "late"},
		seg{off: 10, data: "abc"},
		seg{off: 15, data: "de"},
		seg{off: 20, data: "fgh"},
		seg{off: 200, data: "far"},
	)
	out := Merge(in, 10)
	assert.Equal(t, 5, count(t, in))
	assert.Equal(t, 3, count(t, out), "10–23, 200–203 and 300–304")
	assert.Equal(t, memory(t, in), memory(t, out))
	assert.Equal(t, []byte("tail"), out[len(out)-4:], "the sections after the data are kept")

	// All five into one would fill in 283 zeros: more than half the
	// module's size, which Merge does not grow it by.
	assert.Equal(t, in, Merge(in, 1000))
	long := strings.Repeat("x", 200)
	big := module(1, false, seg{off: 10, data: long}, seg{off: 215, data: long}, seg{off: 500, data: long})
	all := Merge(big, 1000)
	assert.Equal(t, 1, count(t, all), "90 zeros in a module of 650 bytes")
	assert.Equal(t, memory(t, big), memory(t, all))

	assert.Equal(t, in, Merge(in, 1), "no gap of one byte or less: nothing to merge")
	assert.Equal(t, 5, count(t, in), "the input is not changed")
}

func TestAdjacentSegmentsMerge(t *testing.T) {
	in := module(1, false, seg{off: 0, data: "ab"}, seg{off: 2, data: "cd"})
	out := Merge(in, 0)
	assert.Equal(t, 1, count(t, out))
	assert.Equal(t, memory(t, in), memory(t, out))
}

// What Merge cannot prove equal, it leaves as it is.
func TestLeavesModulesItCannotMerge(t *testing.T) {
	passive := append([]byte{1}, binary.AppendUvarint(nil, 2)...)
	passive = append(passive, "pq"...)
	globalOffset := []byte{0, 0x23, 0, opEnd, 1, 'x'} // global.get 0
	memory1 := []byte{2, 1, opI32Const, 0, opEnd, 1, 'x'}
	for name, wasm := range map[string][]byte{
		"overlapping segments": module(1, false, seg{off: 10, data: "abcd"}, seg{off: 12, data: "xy"}),
		// Sorted by offset, the later segment would be written first. p
		// and q lie far from the others, so that merging them alone
		// fills in one zero, well within Merge's bound on zeros.
		"overlapping, and others to merge": module(1, false, seg{off: 12, data: "xy"}, seg{off: 10, data: "abcd"}, seg{off: 300, data: "p"}, seg{off: 302, data: "q"}),
		"a data count section":             module(1, true, seg{off: 0, data: "a"}, seg{off: 4, data: "b"}),
		"a passive segment":                module(1, false, seg{off: 0, data: "a"}, seg{raw: passive}, seg{off: 4, data: "b"}),
		"an offset from a global":          module(1, false, seg{off: 0, data: "a"}, seg{raw: globalOffset}),
		"another memory":                   module(1, false, seg{off: 0, data: "a"}, seg{raw: memory1}),
		"no data":                          module(1, false),
		"one segment":                      module(1, false, seg{off: 0, data: "a"}),
		"not a module":                     []byte("hello, world"),
		"empty":                            nil,
	} {
		assert.Equal(t, wasm, Merge(wasm, 100), name)
	}
	// Cut short anywhere, a module is left as it is.
	whole := module(1, false, seg{off: 0, data: "a"}, seg{off: 4, data: "b"})
	for n := range len(whole) - 8 { // without the custom section, it is whole
		assert.Equal(t, whole[:n], Merge(whole[:n], 100), "cut at %d", n)
	}
}

func TestSegmentsCounts(t *testing.T) {
	assert.Equal(t, 0, Segments(module(1, false)))
	assert.Equal(t, 2, Segments(module(1, false, seg{off: 0, data: "a"}, seg{off: 9, data: "b"})))
	assert.Equal(t, -1, Segments([]byte("hello, world")))
	assert.Equal(t, -1, Segments(module(1, false, seg{off: 0, data: "a"})[:14]), "cut in the data section's header")
}

func TestSizesAreU32(t *testing.T) {
	for _, c := range []struct {
		b []byte
		v uint64
		n int
	}{
		{[]byte{0}, 0, 1},
		{[]byte{0x80, 0x01}, 128, 2},
		{[]byte{0x80, 0x80, 0x00}, 0, 3}, // not minimal, as WebAssembly allows
		{[]byte{0xff, 0xff, 0xff, 0xff, 0x0f}, 1<<32 - 1, 5},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x10}, 0, 0},       // 2^32
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 0, 0}, // six bytes
		{[]byte{0x80}, 0, 0},
		{nil, 0, 0},
	} {
		v, n := uleb(c.b)
		assert.Equal(t, c.v, v, "% x", c.b)
		assert.Equal(t, c.n, n, "% x", c.b)
	}
}

func TestOffsetsKeepTheirBits(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, 127, 128, 8191, 8192, 1<<31 - 1, -1, -64, -65, -1 << 31} {
		b := appendSleb(nil, v)
		got, n := sleb32(b)
		assert.Equal(t, len(b), n, "%d", v)
		assert.Equal(t, v, got)
	}
	_, n := sleb32([]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0})
	assert.Zero(t, n, "longer than 32 bits")
}

// goModule builds a small Go program for wasip1, as the grader builds
// its modules (its data segments are the runtime's, mostly).
func goModule(t testing.TB) []byte {
	t.Helper()
	dir := t.TempDir()
	src := `package main

import "fmt"

var table = [...]struct{ a, b uint16; pad [16]byte }{{1, 0, [16]byte{}}, {2, 3, [16]byte{}}, {0, 4, [16]byte{}}}

func main() { fmt.Println(table[1].a, "hello") }
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module m\n\ngo 1.22\n"), 0o600))
	wasmPath := filepath.Join(dir, "m.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasmPath, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "GOWORK=off", "GOFLAGS=")
	outText, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", outText)
	wasm, err := os.ReadFile(wasmPath)
	require.NoError(t, err)
	return wasm
}

// A Go module: its memory after its data segments is the same merged,
// in a small fraction of the segments.
func TestGoModuleKeepsItsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	in := goModule(t)
	out := Merge(in, DefaultGap)
	before, after := count(t, in), count(t, out)
	t.Logf("%d data segments, %d bytes → %d segments, %d bytes", before, len(in), after, len(out))
	assert.Less(t, after*20, before, "a twentieth of the segments or fewer")
	assert.Equal(t, memory(t, in), memory(t, out))
	assert.Equal(t, out, Merge(out, DefaultGap), "merging again changes nothing")
}

// BenchmarkMerge is what merging adds to each build of a student's
// module (make bench-grade).
func BenchmarkMerge(b *testing.B) {
	in := goModule(b)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		Merge(in, DefaultGap)
	}
}

// FuzzMerge: whatever the bytes, Merge does not panic, and a module it
// changes has the same memory as before, wherever wazero takes it, and
// does not change again.
func FuzzMerge(f *testing.F) {
	f.Add(module(1, false, seg{off: 300, data: "late"}, seg{off: 10, data: "abc"}, seg{off: 15, data: "de"}), 4)
	f.Add(module(1, false, seg{off: 0, data: "ab"}, seg{off: 2, data: "cd"}), 0)
	f.Add(module(1, true, seg{off: 0, data: "a"}, seg{off: 4, data: "b"}), 10)
	f.Add([]byte("\x00asm\x01\x00\x00\x00"), 1)
	f.Fuzz(func(t *testing.T, wasm []byte, gap int) {
		gap %= 1 << 16
		before := Segments(wasm)
		out := Merge(wasm, gap)
		if string(out) == string(wasm) {
			return
		}
		require.Less(t, Segments(out), before, "a merge leaves fewer segments")
		ctx := context.Background()
		// At most 16 MiB of memory: a module asking for more is not
		// instantiated, rather than taking the fuzzing process's memory.
		rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithMemoryLimitPages(256))
		defer rt.Close(ctx)
		if _, err := rt.CompileModule(ctx, wasm); err != nil {
			return // not a module wazero takes; what Merge made need not be one either
		}
		if mod, err := rt.InstantiateWithConfig(ctx, wasm, wazero.NewModuleConfig().WithName("a").WithStartFunctions()); err == nil {
			if mem := mod.Memory(); mem != nil {
				want, _ := mem.Read(0, mem.Size())
				mod2, err := rt.InstantiateWithConfig(ctx, out, wazero.NewModuleConfig().WithName("b").WithStartFunctions())
				require.NoError(t, err)
				got, _ := mod2.Memory().Read(0, mod2.Memory().Size())
				require.Equal(t, want, got)
			}
		}
		require.Equal(t, out, Merge(out, gap), "merging again changes nothing")
	})
}
