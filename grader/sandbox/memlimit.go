package sandbox

import (
	"fmt"
	"regexp"
	"strconv"
)

// memoryPages is how wazero refuses a module whose memory section asks
// for more than WithMemoryLimitPages ("section memory: min 16423 pages
// (1 Gi) over limit of 1024 pages (64 Mi)").
var memoryPages = regexp.MustCompile(`section memory: min (\d+) pages .*over limit`)

// memoryOverLimit is the Failure for a module whose initial memory is
// over the limit: a student's package variable such as [1<<30]byte puts
// its size in the module's memory section, and that is the student's
// code running out of memory, not the grader failing.
func memoryOverLimit(err error, limit int64) *Failure {
	m := memoryPages.FindStringSubmatch(err.Error())
	if m == nil {
		return nil
	}
	pages, _ := strconv.ParseInt(m[1], 10, 64)
	return &Failure{Msg: fmt.Sprintf("the file's package variables ran out of memory (the limit is %d MiB): the module starts with %s", limit>>20, SizeWords(pages<<16))}
}
