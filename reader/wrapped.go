package reader

import (
	"strconv"
	"strings"
)

// Wrapped lists the wrappers removed from a hit's URI by
// extract.Options.Unwrap, outermost first (doc/spec.md U1); the zero
// value lists none. It is a value that compares with ==, as a Hit does
// (printer.Record writes it as a JSON array).
type Wrapped struct {
	s string // each wrapper as its length in decimal, ':' and the wrapper
}

// MakeWrapped returns the Wrapped that lists list.
func MakeWrapped(list []string) Wrapped {
	if len(list) == 0 {
		return Wrapped{}
	}
	var b strings.Builder
	for _, w := range list {
		b.WriteString(strconv.Itoa(len(w)))
		b.WriteByte(':')
		b.WriteString(w)
	}
	return Wrapped{b.String()}
}

// List returns the wrappers, outermost first; nil for none.
func (w Wrapped) List() []string {
	var list []string
	for s := w.s; s != ""; {
		n, rest, _ := strings.Cut(s, ":")
		k, _ := strconv.Atoi(n)
		list = append(list, rest[:k])
		s = rest[k:]
	}
	return list
}

// IsZero reports whether w lists no wrapper.
func (w Wrapped) IsZero() bool { return w.s == "" }
