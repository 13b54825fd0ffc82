// Package wasmdata merges the data segments of a WebAssembly module that
// lie close together in memory into fewer, larger ones.
//
// Why: Go's linker writes a module's initial memory as one active data
// segment per run of non-zero bytes, leaving out runs of zeros. A
// student's module (the Go runtime, the harness and one file) has about
// 32,000 of them, most two bytes long, eighteen apart: a table whose
// records are mostly zeros. wazero evaluates each segment's offset at
// every instantiation, with allocations of its own, and a grading starts
// about ten instances (one per hidden test): about 32,000 of an
// instance's 38,000 allocations, and about half of the 3 ms a compiled
// instance took to start on the project's machine. Filling the short gaps with
// the zeros that were left out gives the same memory in about a dozen
// segments, for some hundreds of kilobytes more in the module.
//
// Merge changes only what it can prove equal: every data segment must be
// active, in memory 0, at a constant offset (i32.const), and no two may
// overlap. Fresh linear memory is all zeros, so a merged segment writes
// what the original ones wrote, and zeros where they wrote nothing.
// A module with a data count section (which memory.init and data.drop
// need, and which would refer to segments by index) is left as it is,
// as is any module this package cannot read.
package wasmdata

import (
	"cmp"
	"encoding/binary"
	"slices"
)

const (
	sectionData      = 11
	sectionDataCount = 12
	opI32Const       = 0x41
	opEnd            = 0x0b
)

// DefaultGap is the gap the grader merges across. In a student's module
// nearly every gap is 8 to 37 bytes long (most of them 18); up to 64
// leaves about a dozen segments, for about 380 KB more in a 2.7 MB
// module (the zeros filled in, less the segments' own headers).
const DefaultGap = 64

// segment is an active data segment of memory 0 at a constant offset.
type segment struct {
	off  uint32
	data []byte
}

// Merge returns wasm with its data segments merged wherever at most
// maxGap bytes lie between the end of one and the start of the next, or
// wasm itself when it has nothing to merge or cannot be merged safely
// (see the package comment), or when the zeros to fill in would come to
// more than half the module's size (a student's module takes about a
// fifth, less the segments' headers saved; one whose data was written
// as short runs of zeros is not grown without bound, nor is memory for
// it allocated). The result is a new slice; wasm is not changed.
func Merge(wasm []byte, maxGap int) []byte {
	if out := merge(wasm, maxGap); out != nil {
		return out
	}
	return wasm
}

// merge is Merge, or nil where Merge returns wasm itself.
func merge(wasm []byte, maxGap int) []byte {
	d, ok := findData(wasm)
	if !ok || d.start < 0 || d.hasCount {
		return nil
	}
	segs, ok := readData(wasm[d.start:d.end])
	if !ok {
		return nil
	}
	merged := mergeSegments(segs, maxGap, len(wasm)/2)
	if merged == nil || len(merged) == len(segs) {
		return nil
	}
	body := writeData(merged)
	out := make([]byte, 0, len(wasm)-(d.end-d.start)+len(body)+5)
	out = append(out, wasm[:d.id]...)
	out = append(out, sectionData)
	out = binary.AppendUvarint(out, uint64(len(body)))
	out = append(out, body...)
	return append(out, wasm[d.end:]...)
}

// Segments is the number of data segments of wasm, 0 if it has no data
// section, or -1 if it is not a module Merge can read.
func Segments(wasm []byte) int {
	d, ok := findData(wasm)
	switch {
	case !ok:
		return -1
	case d.start < 0:
		return 0
	}
	count, n := uleb(wasm[d.start:d.end])
	if n == 0 {
		return -1
	}
	return int(count)
}

// dataSection is where a module's data section lies: its id at wasm[id],
// its body wasm[start:end] (start is -1 when there is none); hasCount is
// whether the module has a data count section.
type dataSection struct {
	id, start, end int
	hasCount       bool
}

// findData finds wasm's data section (see sections); ok is false when
// wasm is not a module it can read.
func findData(wasm []byte) (d dataSection, ok bool) {
	secs, ok := sections(wasm)
	if !ok {
		return d, false
	}
	d = dataSection{id: -1, start: -1, end: -1, hasCount: secs[sectionDataCount] != nil}
	if s := secs[sectionData]; s != nil {
		d.id, d.start, d.end = s.id, s.start, s.end
	}
	return d, true
}

// readData reads a data section's segments; any segment that is not
// active in memory 0 at an i32.const offset, or that overlaps another,
// is not read (ok false).
func readData(b []byte) (segs []segment, ok bool) {
	count, n := uleb(b)
	if n == 0 || count > uint64(len(b)) {
		return nil, false
	}
	b = b[n:]
	segs = make([]segment, 0, count)
	for range count {
		flag, n := uleb(b)
		if n == 0 || flag != 0 || len(b) < n+1 || b[n] != opI32Const {
			return nil, false
		}
		b = b[n+1:]
		off, n := sleb32(b)
		if n == 0 || len(b) < n+1 || b[n] != opEnd {
			return nil, false
		}
		b = b[n+1:]
		size, n := uleb(b)
		if n == 0 || uint64(len(b)-n) < size {
			return nil, false
		}
		segs = append(segs, segment{off: uint32(off), data: b[n : n+int(size)]})
		b = b[n+int(size):]
	}
	if len(b) != 0 {
		return nil, false
	}
	slices.SortStableFunc(segs, func(a, b segment) int { return cmp.Compare(a.off, b.off) })
	for i := 1; i < len(segs); i++ {
		if uint64(segs[i-1].off)+uint64(len(segs[i-1].data)) > uint64(segs[i].off) {
			return nil, false
		}
	}
	return segs, true
}

// mergeSegments joins sorted, disjoint segments whose gap is at most
// maxGap bytes: each run of them becomes one segment spanning the run,
// with zeros in the gaps. If that would take more than maxZeros zeros in
// all, it returns nil, before allocating anything.
func mergeSegments(segs []segment, maxGap, maxZeros int) []segment {
	type run struct{ i, j int }
	var runs []run
	zeros := uint64(0)
	for i := 0; i < len(segs); {
		j, end := i+1, uint64(segs[i].off)+uint64(len(segs[i].data))
		for j < len(segs) && uint64(segs[j].off)-end <= uint64(max(maxGap, 0)) {
			zeros += uint64(segs[j].off) - end
			end = uint64(segs[j].off) + uint64(len(segs[j].data))
			j++
		}
		runs = append(runs, run{i, j})
		i = j
	}
	if zeros > uint64(max(maxZeros, 0)) {
		return nil
	}
	out := make([]segment, 0, len(runs))
	for _, r := range runs {
		i, j := r.i, r.j
		last := segs[j-1]
		end := uint64(last.off) + uint64(len(last.data))
		if j == i+1 {
			out = append(out, segs[i])
			continue
		}
		data := make([]byte, end-uint64(segs[i].off))
		for _, s := range segs[i:j] {
			copy(data[s.off-segs[i].off:], s.data)
		}
		out = append(out, segment{off: segs[i].off, data: data})
	}
	return out
}

// writeData encodes segments as a data section's body.
func writeData(segs []segment) []byte {
	size := 5
	for _, s := range segs {
		size += 2 + 5 + 1 + 5 + len(s.data)
	}
	b := make([]byte, 0, size)
	b = binary.AppendUvarint(b, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0, opI32Const)
		b = appendSleb(b, int64(int32(s.off)))
		b = append(b, opEnd)
		b = binary.AppendUvarint(b, uint64(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// uleb reads an unsigned LEB128 number (binary.Uvarint's encoding) of
// at most 32 bits and five bytes, as WebAssembly's u32; n is 0 when b
// does not start with one.
func uleb(b []byte) (v uint64, n int) {
	v, n = binary.Uvarint(b[:min(len(b), 5)])
	if n <= 0 || v > 0xffffffff {
		return 0, 0
	}
	return v, n
}

// sleb32 reads a signed LEB128 number of at most 32 bits.
func sleb32(b []byte) (v int64, n int) {
	shift := 0
	for n < len(b) && n < 5 {
		c := b[n]
		n++
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if c&0x40 != 0 {
				v -= 1 << shift
			}
			if v < -1<<31 || v > 1<<31-1 {
				return 0, 0
			}
			return v, n
		}
	}
	return 0, 0
}

// appendSleb appends v as a signed LEB128 number.
func appendSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
