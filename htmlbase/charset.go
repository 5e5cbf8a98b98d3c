package htmlbase

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/urix/urix/htmlbase/charset"
)

// sniffLen is how much of the document the meta prescan looks at (HTML
// standard, "prescan a byte stream to determine its encoding").
const sniffLen = 1024

// decodeReader returns r converted to UTF-8 (H5) and the canonical name of
// the encoding decided on. UTF-8 input is returned unconverted, so that
// positions are byte offsets of the input.
//
// When the encoding is only a guess (no BOM, no declared charset, no meta
// in the first sniffLen bytes), the reader returned is a *lateSwitch: a
// <meta charset> met later in the document may still change the encoding
// for the bytes after it (see lateSwitch).
func decodeReader(r io.Reader, declared string) (io.Reader, string, error) {
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(r, head)
	head = head[:n]
	switch {
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		r = bytes.NewReader(head)
	case err != nil:
		return bytes.NewReader(head), "utf-8", fmt.Errorf("htmlbase: %w", err)
	default:
		r = io.MultiReader(bytes.NewReader(head), r)
	}
	e, name, tentative := sniff(head, declared)
	if tentative {
		return newLateSwitch(r, e, name), name, nil
	}
	if e != nil {
		r = transform.NewReader(r, e.NewDecoder())
	}
	return r, name, nil
}

// sniff returns the encoding of a document starting with head (nil for
// UTF-8), its canonical name, and whether it is a guess that a later
// <meta charset> may change (the HTML standard's "tentative" confidence
// without a declaration).
func sniff(head []byte, declared string) (encoding.Encoding, string, bool) {
	switch {
	case bytes.HasPrefix(head, []byte("\xef\xbb\xbf")):
		return nil, "utf-8", false
	case bytes.HasPrefix(head, []byte("\xfe\xff")):
		return lookup("utf-16be"), "utf-16be", false
	case bytes.HasPrefix(head, []byte("\xff\xfe")):
		return lookup("utf-16le"), "utf-16le", false
	}
	if declared != "" {
		if e, name, ok := charset.Lookup(declared); ok {
			return e, name, false
		}
	}
	if e, name, ok := prescan(head); ok {
		return e, name, false
	}
	// No declaration: UTF-8 unless the bytes say otherwise. A rune cut by
	// the end of head does not count against UTF-8.
	h := head
	for i := len(h) - 1; i >= 0 && i > len(h)-4; i-- {
		if utf8.RuneStart(h[i]) {
			if !utf8.FullRune(h[i:]) {
				h = h[:i]
			}
			break
		}
	}
	if utf8.Valid(h) {
		return nil, "utf-8", true
	}
	return lookup("windows-1252"), "windows-1252", true
}

func lookup(label string) encoding.Encoding {
	e, _, _ := charset.Lookup(label)
	return e
}

// prescan looks for <meta charset=...> or <meta http-equiv=Content-Type
// content="...; charset=..."> in head. A meta that declares UTF-16 means
// UTF-8, as the HTML standard says.
func prescan(head []byte) (encoding.Encoding, string, bool) {
	if !hasMeta(head) {
		return nil, "", false
	}
	z := html.NewTokenizer(bytes.NewReader(head))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return nil, "", false
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			if string(name) != "meta" {
				continue
			}
			var label []byte
			contentType, hasContent := false, false
			var content []byte
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "charset":
					label = v
				case "http-equiv":
					contentType = asciiEqualFold(trimSpace(v), "content-type")
				case "content":
					content, hasContent = v, true
				}
			}
			if label == nil && contentType && hasContent {
				label = charsetFromContent(content)
			}
			if label == nil {
				continue
			}
			if e, name, ok := charset.Lookup(string(trimSpace(label))); ok {
				if name == "utf-16be" || name == "utf-16le" {
					return nil, "utf-8", true
				}
				return e, name, true
			}
		}
	}
}

// charsetFromContent extracts the charset from a Content-Type value (HTML
// standard, "algorithm for extracting a character encoding from a meta
// element").
func charsetFromContent(s []byte) []byte {
	for {
		i := indexFold(s, "charset")
		if i < 0 {
			return nil
		}
		s = s[i+len("charset"):]
		s = trimLeftSpace(s)
		if len(s) == 0 || s[0] != '=' {
			continue
		}
		s = trimLeftSpace(s[1:])
		if len(s) == 0 {
			return nil
		}
		if q := s[0]; q == '"' || q == '\'' {
			if j := bytes.IndexByte(s[1:], q); j >= 0 {
				return s[1 : 1+j]
			}
			return nil
		}
		j := 0
		for j < len(s) && !isSpace(s[j]) && s[j] != ';' {
			j++
		}
		return s[:j]
	}
}

// hasMeta reports whether head contains "<meta", any case.
func hasMeta(head []byte) bool {
	for i := 0; ; i++ {
		j := bytes.IndexByte(head[i:], '<')
		if j < 0 {
			return false
		}
		i += j
		if hasPrefixFold(head[i+1:], "meta") {
			return true
		}
	}
}

// lateSwitch is the reader the tokenizer reads when the encoding is a
// guess (UTF-8, or windows-1252 for bytes that are not UTF-8): it lets the
// first <meta charset> (or http-equiv Content-Type) that the reader meets
// past the prescan change the encoding, as the HTML standard's parser does
// ("change the encoding"). The standard may re-read the document from the
// start; urix cannot read a stream twice, so it changes the decoder on the
// fly for the bytes after the meta's '>', which the standard allows when
// the bytes before it read the same in both encodings (they do in practice:
// a document with no declaration in its first 1024 bytes that is meant to
// be read as another encoding has its bytes before the meta mostly ASCII).
//
// When the guess is UTF-8 the bytes reach the tokenizer as they are, and
// a change takes back the bytes it read past the meta tag (unread) and
// reads them again through the new decoder. When the guess is
// windows-1252 they reach it decoded, and cannot be taken back: they come
// in pieces that end right after the '>' that follows a "<meta", so that
// neither the tokenizer nor the decoder holds bytes past a meta tag when
// it is reported (a '>' inside a quoted attribute value of that meta ends
// the piece too early; the switch then applies a little later). A change
// to an encoding that is not ASCII-compatible (ISO-2022-JP) is ignored:
// the tokenizer could not have read the bytes before it. Once a meta has
// decided (or confirmed) the encoding, later ones change nothing.
type lateSwitch struct {
	src  io.Reader // the input
	gate *metaGate // the input in pieces, for a windows-1252 guess; nil for UTF-8
	cur  io.Reader // the input, the gate, or a decoder over it
	name string    // the encoding in use
	done bool      // the encoding is certain
	// unread gives back the bytes the tokenizer read from cur past the
	// current token and forgets them, and the error cur returned with
	// them, if any (set by the reader).
	unread func() ([]byte, error)
}

func newLateSwitch(r io.Reader, e encoding.Encoding, name string) *lateSwitch {
	s := &lateSwitch{src: r, cur: r, name: name}
	if e != nil {
		s.gate = &metaGate{br: bufio.NewReaderSize(r, 16<<10)}
		s.cur = transform.NewReader(s.gate, e.NewDecoder())
	}
	return s
}

func (s *lateSwitch) Read(p []byte) (int, error) { return s.cur.Read(p) }

// change applies a charset label met in a <meta> after the prescan. It
// reports whether the decoder changed.
func (s *lateSwitch) change(label []byte) bool {
	if s.done {
		return false
	}
	e, name, ok := charset.Lookup(string(trimSpace(label)))
	if !ok {
		return false // an unknown label changes nothing, and decides nothing
	}
	s.done = true
	if s.gate != nil {
		s.gate.off = true
	}
	if name == "utf-16be" || name == "utf-16le" {
		e, name = nil, "utf-8"
	}
	if name == s.name || name == "iso-2022-jp" || e != nil && !charset.ASCIICompatible(name, e) {
		return false
	}
	s.name = name
	var in io.Reader = s.gate
	if s.gate == nil {
		// The bytes past the meta tag, as they are, then the rest.
		rest, err := s.unread()
		in = io.MultiReader(bytes.NewReader(rest), s.src)
		if err != nil {
			in = io.MultiReader(bytes.NewReader(rest), errReader{err})
		}
	}
	s.cur = in
	if e != nil {
		s.cur = transform.NewReader(in, e.NewDecoder())
	}
	return true
}

// errReader returns its error, as the input did.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// metaGate hands out the bytes of br in pieces that end right after the
// first '>' that follows a "<meta" (any case), until off.
type metaGate struct {
	br  *bufio.Reader
	off bool
}

func (g *metaGate) Read(p []byte) (int, error) {
	if g.off || len(p) == 0 {
		return g.br.Read(p)
	}
	if g.br.Buffered() == 0 {
		if _, err := g.br.Peek(1); err != nil {
			return 0, err
		}
	}
	buf, _ := g.br.Peek(min(len(p), g.br.Buffered()))
	cut := metaCut(buf)
	if cut == 0 {
		// buf starts with a "<meta" (or what may be the start of one)
		// whose '>' has not come yet:
		// wait for more; a tag longer than that goes out whole.
		buf, _ := g.br.Peek(min(len(p), g.br.Size()))
		if cut = metaCut(buf); cut == 0 {
			cut = len(buf)
		}
	}
	return g.br.Read(p[:cut])
}

// metaCut returns how many bytes of buf to hand out: up to and including
// the '>' after the first "<meta"; up to that "<meta" when its '>' is not
// in buf; up to a '<' at the end of buf that may start a "<meta"; all of
// buf otherwise.
func metaCut(buf []byte) int {
	for i := 0; i < len(buf); i++ {
		k := bytes.IndexByte(buf[i:], '<')
		if k < 0 {
			break
		}
		i += k
		if i+1 < len(buf) && buf[i+1]|0x20 != 'm' {
			continue // the common case, checked first
		}
		rest := buf[i+1:]
		if len(rest) < 4 {
			if asciiEqualFold(rest, "meta"[:len(rest)]) {
				return i
			}
			continue
		}
		if hasPrefixFold(rest, "meta") {
			if j := bytes.IndexByte(rest, '>'); j >= 0 {
				return i + 1 + j + 1
			}
			return i
		}
	}
	return len(buf)
}
