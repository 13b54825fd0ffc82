//go:build !linux

package machine

// Advise does nothing but on Linux (see advise_linux.go).
func Advise(array any) {}
