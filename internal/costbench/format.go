package costbench

import (
	"fmt"
	"strconv"
)

// Thousands writes n with commas between groups of three digits.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return neg + s
}

// MiB writes a byte count in mebibytes.
func MiB(b int64) string { return fmt.Sprintf("%d MiB", (b+1<<19)>>20) }
