package sandbox

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSizeWords(t *testing.T) {
	for n, want := range map[int64]string{
		1 << 30: "1 GiB", 64 << 20: "64 MiB", 3 << 29: "1.5 GiB", 16423 << 16: "1.0 GiB", 1536: "1.5 KiB", 300: "300 bytes",
	} {
		assert.Equal(t, want, SizeWords(n), n)
	}
}

func TestWroteTooMuch(t *testing.T) {
	assert.True(t, wroteTooMuch("compile: writing output: write $WORK/b001/_pkg_.a: file too large\n", nil))
	assert.True(t, wroteTooMuch("", errors.New("signal: file size limit exceeded")))
	assert.False(t, wroteTooMuch("student.go:3:2: undefined: x\n", nil))
	assert.False(t, wroteTooMuch(`/tmp/b/student.go:9:14: cannot use "file too large" (untyped string constant) as int value`+"\n", errors.New("exit status 1")))
}
