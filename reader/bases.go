package reader

import (
	"fmt"

	"github.com/urix/urix/resolve"
)

// BaseOf returns the base that a document's own base value v sets where
// the base parent is in effect (xml:base, JSON-LD's @base, an Office
// document's HyperlinkBase): v made absolute against parent, when the
// sink will use the result as a base (resolve.MaxBase: a chain of
// relative ones grew without end, doc/spec.md L7); else parent, as for a
// relative v with nothing to resolve it against.
func BaseOf(s Sink, parent, v string) string {
	if abs, ok := resolve.Absolute(v, s.Resolver(parent)); ok && s.Resolver(abs) != nil {
		return abs
	}
	return parent
}

// MaxBases is how many bytes of bases of their own (xml:base) the open
// elements of one document may hold. Each is at most resolve.MaxBase, but
// a relative xml:base of one byte makes a base as long as its parent's
// and one more: a thousand nested elements so held 480 MiB from 1 MB of
// XML (doc/spec.md L7). Real documents hold a few short ones.
const MaxBases = 256 << 10

// Bases counts the bytes of the bases that a document's open elements set
// for themselves, against MaxBases. The zero value is ready to use.
type Bases struct {
	n     int
	noted bool
}

// errBases is the note of an xml:base not used for MaxBases.
var errBases = Note(fmt.Errorf("xml:base: the bases of nested elements hold more than %d KiB: the deeper ones are not used", MaxBases>>10))

// Take reports whether an element may hold base, one of its own (not its
// parent's), and counts it; past MaxBases it does not, and s is warned
// once at where.
func (b *Bases) Take(s Sink, where, base string) bool {
	if b.n+len(base) > MaxBases {
		if !b.noted {
			b.noted = true
			s.Warn(where, errBases)
		}
		return false
	}
	b.n += len(base)
	return true
}

// Drop gives back the bytes of a base Take took, when its element ends.
func (b *Bases) Drop(base string) { b.n -= len(base) }
