package sandbox

import (
	"testing"

	"dmelab/grader/iface"
)

// FuzzPrecheck: a student's file, whatever it holds, gets problems or a
// pass, never a panic.
func FuzzPrecheck(f *testing.F) {
	for _, s := range []string{
		"package ra\n\nimport \"dmelab/algorithms/rasteps\"\n\ntype Node struct{ *rasteps.Vars }\n",
		"package ra\nimport . \"os\"\n//go:linkname x y\nfunc f() { go f() }\n",
		"package main\n/*line x.go:1*/\n",
		"package ra\n\nimport r \"dmelab/algorithms/rasteps\"\n\ntype Node struct{ *r.Vars; x int }\n",
		"\xff\xfe",
	} {
		f.Add([]byte(s))
	}
	in := iface.Lookup("rasteps")
	f.Fuzz(func(t *testing.T, src []byte) {
		if r := Precheck("f.go", src, in); r != nil {
			for _, p := range r.Problems {
				if p.Line < 0 || p.Msg == "" {
					t.Fatalf("bad problem %+v", p)
				}
			}
		}
	})
}

// FuzzCompileErrors: go build's output is read without panics.
func FuzzCompileErrors(f *testing.F) {
	f.Add("# x\n/tmp/a/student.go:7:32: undefined: y\n/tmp/a/main.go:3:1: z\n", "package ra\n")
	f.Fuzz(func(t *testing.T, out, src string) {
		for _, p := range compileErrors(out, "f.go", []byte(src), map[string]string{"F": "func F(n int) int"}) {
			if p.Msg == "" {
				t.Fatal("empty message")
			}
		}
	})
}
