package wasmdata

import (
	"encoding/binary"
	"strconv"
	"strings"
)

const (
	sectionImport = 2
	sectionGlobal = 6
	sectionExport = 7
	exportGlobal  = 3
)

// GlobalPrefix starts the names ExportGlobals gives the globals it
// exports: GlobalPrefix + "0", "1", and so on, by index.
const GlobalPrefix = "dmelab_global_"

// ExportGlobals returns wasm with each of its globals exported as
// GlobalPrefix and its index, or wasm itself when it has none, imports
// one, already exports a name with the prefix, or is not a module it can
// read. The result is a new slice; wasm is not changed.
//
// Why: a host that puts an instance back as it was after its start needs
// its globals besides its memory (Go keeps its stack pointer and the
// running goroutine in them), and only exported globals can be read and
// set from outside. Exporting changes nothing the module does.
func ExportGlobals(wasm []byte) []byte {
	if out := exportGlobals(wasm); out != nil {
		return out
	}
	return wasm
}

func exportGlobals(wasm []byte) []byte {
	secs, ok := sections(wasm)
	if !ok {
		return nil
	}
	imp, glob, exp := secs[sectionImport], secs[sectionGlobal], secs[sectionExport]
	if glob == nil || exp == nil || imp != nil && importsGlobal(wasm[imp.start:imp.end]) {
		return nil
	}
	globals, n := uleb(wasm[glob.start:glob.end])
	if n == 0 || globals == 0 {
		return nil
	}
	body := wasm[exp.start:exp.end]
	count, n := uleb(body)
	if n == 0 || !exportNamesFree(body[n:], count) {
		return nil
	}
	out := make([]byte, 0, len(wasm)+int(globals)*24+10)
	out = append(out, wasm[:exp.id]...)
	var b []byte
	b = binary.AppendUvarint(b, count+globals)
	b = append(b, body[n:]...)
	for i := range globals {
		name := GlobalPrefix + strconv.FormatUint(i, 10)
		b = binary.AppendUvarint(b, uint64(len(name)))
		b = append(b, name...)
		b = append(b, exportGlobal)
		b = binary.AppendUvarint(b, i)
	}
	out = append(out, sectionExport)
	out = binary.AppendUvarint(out, uint64(len(b)))
	out = append(out, b...)
	return append(out, wasm[exp.end:]...)
}

// section is where one section of a module lies: its id at wasm[id],
// its body wasm[start:end].
type section struct{ id, start, end int }

// sections walks wasm's sections, checking that each is well formed and
// that none of those numbered 1 to 12 (the known ones, which a module
// holds at most once) comes twice; ok is false when one does.
func sections(wasm []byte) (secs map[byte]*section, ok bool) {
	if len(wasm) < 8 || string(wasm[:4]) != "\x00asm" || binary.LittleEndian.Uint32(wasm[4:8]) != 1 {
		return nil, false
	}
	secs = map[byte]*section{}
	for p := 8; p < len(wasm); {
		size, n := uleb(wasm[p+1:])
		body := p + 1 + n
		if n == 0 || uint64(len(wasm)-body) < size {
			return nil, false
		}
		end := body + int(size)
		if id := wasm[p]; id != 0 {
			if secs[id] != nil {
				return nil, false
			}
			secs[id] = &section{p, body, end}
		}
		p = end
	}
	return secs, true
}

// importsGlobal reports whether an import section's body imports a
// global (whose index would come before the module's own), or cannot be
// read.
func importsGlobal(b []byte) bool {
	count, n := uleb(b)
	if n == 0 {
		return true
	}
	b = b[n:]
	for range count {
		for range 2 { // the module's and the field's names
			size, n := uleb(b)
			if n == 0 || uint64(len(b)-n) < size {
				return true
			}
			b = b[n+int(size):]
		}
		if len(b) == 0 {
			return true
		}
		kind := b[0]
		b = b[1:]
		switch kind {
		case 0: // a function: its type's index
			_, n := uleb(b)
			if n == 0 {
				return true
			}
			b = b[n:]
		case 1: // a table: its element type, then its limits
			if len(b) == 0 {
				return true
			}
			if b = limits(b[1:]); b == nil {
				return true
			}
		case 2: // a memory: its limits
			if b = limits(b); b == nil {
				return true
			}
		default: // a global, or what this package does not know
			return true
		}
	}
	return len(b) != 0
}

// limits skips a table's or memory's limits (flags, minimum, maximum if
// the flags say so); nil if they cannot be read or are of a kind this
// package does not know (a 64-bit memory's).
func limits(b []byte) []byte {
	flags, n := uleb(b)
	if n == 0 || flags > 3 {
		return nil
	}
	b = b[n:]
	for range 1 + flags&1 {
		_, n := uleb(b)
		if n == 0 {
			return nil
		}
		b = b[n:]
	}
	return b
}

// exportNamesFree reports whether the count exports of an export
// section's entries b can be read and none is named with GlobalPrefix.
func exportNamesFree(b []byte, count uint64) bool {
	for range count {
		size, n := uleb(b)
		if n == 0 || uint64(len(b)-n) < size {
			return false
		}
		if strings.HasPrefix(string(b[n:n+int(size)]), GlobalPrefix) {
			return false
		}
		b = b[n+int(size):]
		if len(b) == 0 {
			return false
		}
		_, n = uleb(b[1:])
		if n == 0 {
			return false
		}
		b = b[1+n:]
	}
	return len(b) == 0
}
