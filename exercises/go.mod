// The exercises are not part of the dmelab module: each folder holds
// several files of the same package (starter, solution, mutants,
// alternative solutions) that are never built together. The grader maps
// one file at a time into the module with go build -overlay. This go.mod
// only keeps the go command's ./... patterns in the repository root from
// reaching in here.
module dmelab/exercises

go 1.26
