package main

import (
	"errors"
	"os"
	"path/filepath"

	"dmelab/grader/grade"
	"dmelab/grader/sandbox"
)

// newGrader builds the grader grade and validate use: root is the dmelab
// module's sources ("" finds them from the working directory or the
// binary), cache the compiled modules ("" the user cache directory).
func newGrader(root, cache string, engine sandbox.Engine) (*grade.Grader, error) {
	if root == "" {
		if wd, err := os.Getwd(); err == nil {
			root, _ = sandbox.FindRoot(wd)
		}
		if root == "" {
			if exe, err := os.Executable(); err == nil {
				root, _ = sandbox.FindRoot(filepath.Dir(exe))
			}
		}
		if root == "" {
			return nil, errors.New("cannot find the dmelab sources (grading compiles the submission with them): run inside the repository, or give --root DIR or DMELAB_ROOT")
		}
	}
	if cache == "" {
		cache = sandbox.DefaultCache()
	}
	return &grade.Grader{
		Builder: &sandbox.Builder{Root: root, Cache: cache},
		Sandbox: sandbox.Options{Engine: engine, CacheDir: filepath.Join(cache, "wazero")},
	}, nil
}
