package stepwire

import (
	"reflect"
	"strconv"
)

// describe is fmt's %v of a panic's value, written without fmt: this
// package is in every module the grader builds, and fmt (with the
// reflection it brings) was an eighth of a module that has no other use
// for it, that much more for wazero to ready or compile at every grading.
//
// It prints as fmt does strings, errors, Stringers, numbers and booleans
// (of named types too), structs, arrays and slices of those, nil, and a
// pointer to a struct, array or slice when it is the panic's value. A
// value whose Error or String method panics is said to be one ("a value
// whose String method panicked", where fmt prints its own marker).
//
// Any other value is named by its type ("a value of type ra.node"): one
// holding a map, a pointer, channel or function that is not nil, or a
// value whose Error or String method fmt would call. Each of those would
// bring a part of reflection into every module (maps alone 50 KB of
// code, calling a method 80 KB), for a panic that code seldom makes.
//
// The text is cut at MaxPanic bytes, as the answer carries no more: a
// value that holds itself (a slice in one of its own elements) ends
// there rather than never.
func describe(r any) (s string) {
	switch x := r.(type) {
	case string:
		return x
	case error:
		defer methodPanicked(&s, "Error")
		return x.Error()
	case interface{ String() string }:
		defer methodPanicked(&s, "String")
		return x.String()
	}
	p := printer{}
	if !p.value(reflect.ValueOf(r), 0) {
		return "a value of type " + reflect.TypeOf(r).String()
	}
	return string(p.b[:min(len(p.b), MaxPanic)])
}

// methodPanicked, deferred, replaces *s when the method called panicked.
func methodPanicked(s *string, method string) {
	if recover() != nil {
		*s = "a value whose " + method + " method panicked"
	}
}

var (
	errorType    = reflect.TypeFor[error]()
	stringerType = reflect.TypeFor[interface{ String() string }]()
)

// printer writes values as fmt's %v, up to MaxPanic bytes.
type printer struct{ b []byte }

func (p *printer) full() bool { return len(p.b) > MaxPanic }

// value writes v at depth (0: the panic's value itself, whose methods
// describe has asked already). It reports false for a value it does not
// print as fmt would.
func (p *printer) value(v reflect.Value, depth int) bool {
	if p.full() {
		return true
	}
	if depth > 0 && v.IsValid() && v.Kind() != reflect.Interface && v.CanInterface() &&
		(v.Type().Implements(errorType) || v.Type().Implements(stringerType)) {
		// fmt would call the method. Calling it here would need
		// reflect.Value.Interface, which brings reflection's method
		// calls into every module (80 KB of code).
		return false
	}
	switch v.Kind() {
	case reflect.Invalid:
		p.b = append(p.b, "<nil>"...)
	case reflect.String:
		p.b = append(p.b, v.String()...)
	case reflect.Bool:
		p.b = strconv.AppendBool(p.b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.b = strconv.AppendInt(p.b, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		p.b = strconv.AppendUint(p.b, v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		p.b = strconv.AppendFloat(p.b, v.Float(), 'g', -1, v.Type().Bits())
	case reflect.Complex64, reflect.Complex128:
		p.b = append(p.b, strconv.FormatComplex(v.Complex(), 'g', -1, v.Type().Bits())...)
	case reflect.Struct:
		p.b = append(p.b, '{')
		for i := range v.NumField() {
			if i > 0 {
				p.b = append(p.b, ' ')
			}
			if !p.value(v.Field(i), depth+1) {
				return false
			}
		}
		p.b = append(p.b, '}')
	case reflect.Array, reflect.Slice:
		p.b = append(p.b, '[')
		for i := 0; i < v.Len() && !p.full(); i++ {
			if i > 0 {
				p.b = append(p.b, ' ')
			}
			if !p.value(v.Index(i), depth+1) {
				return false
			}
		}
		p.b = append(p.b, ']')
	case reflect.Interface:
		return p.value(v.Elem(), depth+1)
	case reflect.Pointer:
		// Only the panic's value itself is followed, as fmt does (a
		// pointer inside it is an address: no loops).
		if depth == 0 && !v.IsNil() {
			switch v.Elem().Kind() {
			case reflect.Array, reflect.Slice, reflect.Struct, reflect.Map:
				p.b = append(p.b, '&')
				return p.value(v.Elem(), depth+1)
			}
		}
		return p.null(v)
	case reflect.Chan, reflect.Func, reflect.UnsafePointer, reflect.Map:
		return p.null(v)
	default:
		return false
	}
	return true
}

// null writes a nil pointer, channel, function or map as fmt does
// ("<nil>", "map[]"), and reports false for another: fmt writes a
// pointer's address, which says nothing to a student, and reading it
// (reflect.Value.Pointer) would bring reflection's method calls into
// every module.
func (p *printer) null(v reflect.Value) bool {
	switch {
	case !v.IsNil():
		return false
	case v.Kind() == reflect.Map:
		p.b = append(p.b, "map[]"...)
	default:
		p.b = append(p.b, "<nil>"...)
	}
	return true
}
