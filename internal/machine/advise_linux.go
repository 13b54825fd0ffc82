package machine

import (
	"syscall"
	"unsafe"
)

// Advise asks Linux to back array (a []uint32, []uint64 or []byte the
// search has just made, see explore.Config.Fresh) with huge pages where
// it can. With transparent huge pages set to "madvise", as on the
// project's machines, memory is otherwise in pages of 4 KiB, and a table
// of gigabytes read at random misses the processor's table of pages at
// nearly every read. The advice is only that: a kernel without huge
// pages refuses it, and the array is used as it is.
func Advise(array any) {
	var p unsafe.Pointer
	var n uintptr
	switch a := array.(type) {
	case []uint32:
		if len(a) > 0 {
			p, n = unsafe.Pointer(&a[0]), uintptr(len(a))*4
		}
	case []uint64:
		if len(a) > 0 {
			p, n = unsafe.Pointer(&a[0]), uintptr(len(a))*8
		}
	case []byte:
		if len(a) > 0 {
			p, n = unsafe.Pointer(&a[0]), uintptr(len(a))
		}
	}
	if p == nil {
		return
	}
	// madvise wants a range that starts on a page: the whole pages
	// within the array.
	const page = 4096
	b := unsafe.Slice((*byte)(p), n)
	off := (page - uintptr(p)%page) % page
	if off >= n {
		return
	}
	b = b[off : off+(n-off)/page*page]
	if len(b) > 0 {
		_ = syscall.Madvise(b, madvHugepage)
	}
}

// madvHugepage is MADV_HUGEPAGE, which package syscall does not name.
const madvHugepage = 14
