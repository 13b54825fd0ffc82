package sandbox

// ScanGroup lists the processes of a process group and their memory.
var ScanGroup = scanGroup
