package sandbox_test

import (
	"time"

	"dmelab/grader/sandbox"
)

func sandboxLimits() sandbox.Limits {
	return sandbox.Limits{Call: 2 * time.Second, Total: 20 * time.Second, Memory: 64 << 20, Log: 4096}
}
