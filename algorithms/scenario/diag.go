package scenario

import (
	"errors"

	"dmelab/algorithms/diag"
)

// Diagnostics turns what Load, Parse or Run reported about src into
// diag.Diagnostics, their columns converted from this package's bytes to
// UTF-16 units. It is the one way a scenario's errors leave Go: the
// playground and the HTTP API both call it, so they place every problem
// alike. The positions must be in src (Load's and Parse's are; an
// included file's are not). No error: an empty list, never nil, so JSON
// shows [].
func Diagnostics(src string, err error) []diag.Diagnostic {
	out := []diag.Diagnostic{}
	if err == nil {
		return out
	}
	var list ErrorList
	var one *Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = ErrorList{one}
	default:
		list = ErrorList{{Msg: err.Error()}}
	}
	// Lines as the scanner splits them: a lone "\r" ends one too.
	text := diag.Lines(src)
	for _, e := range list {
		out = append(out, text.At(e.Pos.Line, e.Pos.Col, e.Msg))
	}
	return out
}
