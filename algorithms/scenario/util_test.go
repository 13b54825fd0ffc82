package scenario

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// examples returns every scenario file under testdata.
func examples(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("testdata", "*.scn"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

// allScenarios adds the tutorial's files (some fail on purpose) to the
// examples: every scenario file the parser should round-trip.
func allScenarios(t testing.TB) []string {
	more, err := filepath.Glob(filepath.Join("testdata", "*", "*.scn"))
	require.NoError(t, err)
	return append(examples(t), more...)
}

func read(t testing.TB, path string) []byte {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// testdataRead reads included files, named relative to testdata.
func testdataRead(name string) ([]byte, error) {
	return os.ReadFile(filepath.Join("testdata", filepath.FromSlash(name)))
}

// noPos returns a deep copy of f with every position zeroed, so that two
// parses of differently laid out text can be compared.
func noPos(f *File) *File {
	c := reflect.New(reflect.TypeOf(*f))
	c.Elem().Set(reflect.ValueOf(*f))
	g := c.Interface().(*File)
	g.Name = ""
	zero(reflect.ValueOf(g).Elem())
	return g
}

var posType = reflect.TypeOf(Pos{})

func zero(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == posType {
			v.Set(reflect.Zero(posType))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			zero(v.Field(i))
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		e := v.Elem()
		if v.Kind() == reflect.Pointer {
			c := reflect.New(e.Type())
			c.Elem().Set(e)
			v.Set(c)
			zero(c.Elem())
			return
		}
		c := reflect.New(e.Type()).Elem()
		c.Set(e)
		zero(c)
		v.Set(c)
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		v.Set(c)
		for i := 0; i < c.Len(); i++ {
			zero(c.Index(i))
		}
	}
}
