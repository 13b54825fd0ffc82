package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every command answers "dmelab help NAME" and "dmelab NAME -h" alike,
// on stdout with exit 0, saying what it does and its flags (the README
// sends readers there for a command's flags).
func TestEveryCommandHasHelp(t *testing.T) {
	for name := range commands {
		t.Run(name, func(t *testing.T) {
			code, out, errs := runCLI("help", name)
			assert.Equal(t, exitOK, code, errs)
			assert.Empty(t, errs)
			assert.Contains(t, out, "dmelab "+name)
			assert.NotContains(t, out, "commands:", "the command's help, not the list of commands")
			code2, out2, _ := runCLI(name, "-h")
			assert.Equal(t, exitOK, code2)
			assert.Equal(t, out, out2)
		})
	}
	_, out, _ := runCLI("help", "check")
	assert.Contains(t, out, "-nodes int")
	_, out, _ = runCLI("counter", "--help")
	assert.True(t, strings.Contains(out, "-procs int"), out)
}
