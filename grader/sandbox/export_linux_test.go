package sandbox

// ScanGroup lists the processes of a process group and their memory.
var ScanGroup = scanGroup

// ObserveBuilds reports each build's peak resident memory to f (nil
// stops).
func ObserveBuilds(f func(peak int64, over bool)) {
	if f == nil {
		observeBuild = nil
		return
	}
	observeBuild = func(u buildUsage) { f(u.Peak, u.OverMemory) }
}
