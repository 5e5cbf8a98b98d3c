package htmlbase

import (
	"bytes"
	"io"
	"sync"

	"github.com/urix/urix/internal/lines"
)

// MaxAttrs is how many attributes of one tag the tokenizer is given
// (doc/spec.md L1): golang.org/x/net/html keeps the span of every
// attribute of a tag, so a tag with a million attributes would cost
// hundreds of megabytes. Real tags have tens.
const MaxAttrs = 10000

// attrGuard passes a document on to the tokenizer with the attributes of
// a tag past MaxAttrs blanked out: their bytes become spaces, so every
// position stays what it is in the input, and the tokenizer sees a tag
// with MaxAttrs attributes.
//
// Only a tag of 2×MaxAttrs bytes or more can hold that many (" a" is the
// shortest attribute), and real tags are short, so the guard keeps the
// last bytes it passed on (window) and looks at a token only once it has
// grown past 2×MaxAttrs bytes: the reader tells it where each token starts
// (tokStart). If that token is a tag, the guard reads it from its start:
// it counts the white space runs outside its quoted values, a run
// standing for one attribute, and blanks what comes past MaxAttrs up to
// the tag's '>'. Reads are cut to chunkLen bytes, so a token's start is
// still in the window when it is looked at.
type attrGuard struct {
	r        io.Reader
	tokStart int64 // where the token being read starts (set by the reader)
	pos      int64 // bytes passed on so far
	window   []byte
	kept     *[]byte // window's buffer, from windows
	winAt    int64   // the offset of window[0]
	judged   int64   // the token start last looked at, -1 for none
	watching bool    // the token is a long tag, read by scan
	// scan's state, in a long tag
	inTag  bool
	quote  byte // the quote of the value being read, 0 outside one
	lastEq bool // the last non-space byte in the tag was '='
	space  bool // the last byte was white space
	attrs  int  // white space runs in this tag so far
	cut    bool // the tag is past MaxAttrs: blank up to its '>'
	passed bool // the bytes being read were passed on already: no blanking
	onCut  func()
	// The newlines of the bytes passed on are counted in bulk, from the
	// window, as positions are asked for (lineAt): up to counted, the
	// line is line, which starts at lineStart.
	counted, lineStart int64
	line               int
}

const (
	chunkLen  = 16 << 10              // the most one read passes on
	windowLen = 2*MaxAttrs + chunkLen // what the window must hold
)

// windows keep the guards' windows for the next documents: a document is
// often a page of a WARC, and a window grows to some hundred kilobytes.
var windows = sync.Pool{New: func() any { return new([]byte) }}

// newAttrGuard returns a guard of r; release gives its window back.
func newAttrGuard(r io.Reader, onCut func()) *attrGuard {
	w := windows.Get().(*[]byte)
	return &attrGuard{r: r, judged: -1, window: (*w)[:0], kept: w, onCut: onCut, line: 1}
}

// release gives the guard's window back for another document.
func (g *attrGuard) release() {
	*g.kept = g.window[:0]
	windows.Put(g.kept)
	g.window, g.kept = nil, nil
}

func (g *attrGuard) Read(p []byte) (int, error) {
	if len(p) > chunkLen {
		p = p[:chunkLen]
	}
	n, err := g.r.Read(p)
	b := p[:n]
	if g.watching {
		g.scan(b)
		if !g.inTag { // the long tag ended in b
			g.watching = false
		}
	} else if g.tokStart != g.judged && g.pos+int64(n)-g.tokStart > 2*MaxAttrs && g.tokStart >= g.winAt {
		g.judged = g.tokStart
		g.long(g.window[g.tokStart-g.winAt:], b)
	}
	// Keep the last windowLen bytes, compacting now and then.
	if len(g.window)+n > 4*windowLen {
		drop := len(g.window) - windowLen
		// The newlines of the bytes dropped are counted first, up to
		// the token being read: the reader counts a token that starts
		// before the window itself (countToken).
		g.countTo(min(g.winAt+int64(drop), g.tokStart))
		g.window = g.window[:copy(g.window, g.window[drop:])]
		g.winAt += int64(drop)
	}
	g.window = append(g.window, b...)
	g.pos += int64(n)
	return n, err
}

// long looks at a token past 2×MaxAttrs bytes: passed, its bytes passed
// on already, and b, the ones about to be. A tag is read from its start,
// the bytes passed on counted but not blanked, and watched up to its end.
func (g *attrGuard) long(passed, b []byte) {
	if len(passed) < 2 || passed[0] != '<' || !isTagStart(passed[1]) {
		return // a text or comment: nothing to count
	}
	g.watching = true
	g.inTag, g.quote, g.lastEq, g.space, g.attrs, g.cut = true, 0, false, false, 0, false
	g.passed = true
	g.scan(passed[1:])
	g.passed = false
	if g.inTag {
		g.scan(b)
	}
	if !g.inTag {
		g.watching = false
	}
}

// scan reads b in a watched tag and after it, blanking what must be.
func (g *attrGuard) scan(b []byte) {
	for i := 0; i < len(b); {
		switch {
		case !g.inTag:
			return // the watched tag ended: the tokens after it are short or kept
		case g.quote != 0:
			k := bytes.IndexByte(b[i:], g.quote)
			end := len(b)
			if k >= 0 {
				end = i + k + 1
				g.quote = 0
			}
			g.blank(b[i:end])
			i = end
		default:
			i = g.inside(b, i)
		}
	}
}

// tagByte classes the bytes of a tag outside its values: 0 for the bytes
// that change nothing (names, '='), the others by what they do.
var tagByte = [256]uint8{'>': 1, '"': 2, '\'': 2, ' ': 3, '\t': 3, '\n': 3, '\r': 3, '\f': 3}

// inside reads the bytes of a tag outside its values from b[i] to a quote
// that opens a value or the tag's '>', and returns where it stopped.
func (g *attrGuard) inside(b []byte, i int) int {
	for i < len(b) {
		start := i
		for i < len(b) && tagByte[b[i]] == 0 {
			i++
		}
		if i > start {
			g.lastEq, g.space = b[i-1] == '=', false
			g.blank(b[start:i])
			if i == len(b) {
				return i
			}
		}
		c := b[i]
		switch tagByte[c] {
		case 1:
			g.inTag = false
			return i + 1
		case 2:
			if g.lastEq {
				g.quote = c // a quote opens a value only after '='
			}
			g.lastEq, g.space = false, false
			g.blank(b[i : i+1])
			if g.quote != 0 {
				return i + 1
			}
		case 3:
			if !g.space {
				g.space = true
				if g.attrs++; g.attrs > MaxAttrs && !g.cut {
					g.cut = true
					if g.onCut != nil {
						g.onCut()
					}
				}
			}
		}
		i++
	}
	return i
}

// blank turns b into spaces past the cut, in bytes not passed on yet.
func (g *attrGuard) blank(b []byte) {
	if g.cut && !g.passed {
		for i := range b {
			b[i] = ' '
		}
	}
}

func isTagStart(c byte) bool { return c == '/' || 'a' <= c|0x20 && c|0x20 <= 'z' }

// unpass forgets the last n bytes passed on, which the tokenizer gave
// back to be read again (lateSwitch): the last read's at most, all in the
// window.
func (g *attrGuard) unpass(n int) {
	n = min(n, len(g.window)) // cannot be more: no panic if it were
	g.window = g.window[:len(g.window)-n]
	g.pos -= int64(n)
}

// lineAt returns the line and column (1-based, in bytes) of offset off
// of the stream passed on: an offset no earlier than the last one asked
// for, and in the window or where counting stopped (countToken).
func (g *attrGuard) lineAt(off int64) (line, col int) {
	g.countTo(off)
	return g.line, int(off-g.lineStart) + 1
}

// countTo counts the newlines of the window up to offset off.
func (g *attrGuard) countTo(off int64) {
	if off <= g.counted {
		return
	}
	if g.counted < g.winAt || off > g.pos {
		// Not in the window: cannot be (the window is counted before it
		// drops bytes, a long token by the reader), and not a panic.
		g.counted = off
		return
	}
	g.count(g.window[g.counted-g.winAt:off-g.winAt], g.counted)
}

// countToken counts the newlines of raw, a token starting at offset at
// (where counting stopped) that the window no longer holds from its
// start.
func (g *attrGuard) countToken(raw []byte, at int64) {
	if at == g.counted {
		g.count(raw, at)
	}
}

// count counts the newlines of b, the bytes from offset at.
func (g *attrGuard) count(b []byte, at int64) {
	if n, last := lines.Newlines(b); n > 0 {
		g.line += n
		g.lineStart = at + int64(last) + 1
	}
	g.counted = at + int64(len(b))
}
