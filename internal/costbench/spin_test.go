package costbench

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const panDone = `(Spin Version 6.5.2 -- 6 December 2019)
	+ Partial Order Reduction

Full statespace search for:
	assertion violations	+
	invalid end states	+

State-vector 148 byte, depth reached 111, errors: 0
  1844002 states, stored
  5098204 states, matched
  6942206 transitions (= stored+matched)
pan: elapsed time 3.32 seconds
`

const panMemLim = `Depth=      93 States=    1e+06 Transitions= 5.33e+06 Memory=  2206.887	t=      6.1 R=   2e+05
Depth=      93 States=  1.9e+07 Transitions= 1.13e+08 Memory=  8150.539	t=      175 R=   1e+05
pan: reached -DMEMLIM bound
	8.5e+09 bytes used
pan: out of memory
`

const panViolation = `pan:1: assertion violated (incs==1) (at depth 15)
pan: wrote ra_benari.pml.trail
Warning: Search not completed
State-vector 108 byte, depth reached 22, errors: 1
       16 states, stored
        0 states, matched
       16 transitions (= stored+matched)
`

func TestParsePan(t *testing.T) {
	assert.Equal(t, Pan{States: 1844002, Transitions: 6942206, Complete: true}, ParsePan(panDone))
	assert.Equal(t, Pan{States: 19000000, Stopped: "memory limit"}, ParsePan(panMemLim))
	assert.Equal(t, Pan{States: 16, Transitions: 16, Errors: 1, Complete: true}, ParsePan(panViolation))
	interrupted := "Interrupted\n" + panDone
	assert.Equal(t, Pan{States: 1844002, Transitions: 6942206, Stopped: "interrupted"}, ParsePan(interrupted))
	assert.Equal(t, Pan{Stopped: "no report"}, ParsePan(""))
}

func TestFormat(t *testing.T) {
	assert.Equal(t, "0", Thousands(0))
	assert.Equal(t, "999", Thousands(999))
	assert.Equal(t, "1,844,002", Thousands(1844002))
	assert.Equal(t, "-1,000", Thousands(-1000))
	assert.Equal(t, "78 MiB", MiB(78*1<<20+1000))
}
