package resolve

import (
	"strconv"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"
)

// This file is the document-encoding rule for queries (SPEC R2): in a page
// that is not UTF-8, the query of a special URL (other than ws and wss) is
// percent-encoded in the page's encoding (URL Standard section 4.4, query
// state: "percent-encode after encoding", section 1.3). Code points the
// encoding cannot hold become "&#N;", percent-encoded: "%26%23N%3B".
//
// The encoders are golang.org/x/text's, with the differences from the
// Encoding Standard's encoders that matter here made good: ISO-2022-JP
// has its own encoder below (x/text has no Roman state, writes half-width
// katakana with ESC ( I, and encodes U+000E, U+000F and ESC, which the
// standard treats as errors); Shift_JIS and EUC-JP map U+00A5 to 0x5C,
// U+203E to 0x7E and U+2212 as U+FF0D; Shift_JIS writes U+0080 as 0x80 and
// the private use area U+E000..U+E757 as its user-defined rows; gb18030
// refuses U+E5E5.

// queryEncoding is a document encoding other than UTF-8.
type queryEncoding struct {
	name string // its WHATWG name (Encoding Standard section 4.2), or ""
	enc  encoding.Encoding
}

// newQueryEncoding returns the query encoding for e, or nil for UTF-8.
// UTF-16BE, UTF-16LE and replacement give UTF-8: the Encoding Standard's
// "get an output encoding".
func newQueryEncoding(e encoding.Encoding) *queryEncoding {
	if e == nil {
		return nil
	}
	name, err := htmlindex.Name(e)
	if err != nil {
		name = "" // not one the Encoding Standard names: x/text as it is
	}
	switch name {
	case "utf-8", "utf-16be", "utf-16le", "replacement":
		return nil
	}
	return &queryEncoding{name: name, enc: e}
}

// appendQuery percent-encodes s after encoding it (URL Standard section
// 1.3, "percent-encode after encoding"): each byte of the encoded form
// that is ASCII and not in set is written as it is, every other as %HH;
// a code point the encoding cannot hold as "%26%23" N "%3B".
func (q *queryEncoding) appendQuery(dst []byte, s string, set uint8) []byte {
	if q.name == "iso-2022-jp" {
		return appendISO2022JP(dst, s, set)
	}
	var (
		tr  transform.Transformer
		buf [16]byte
	)
	for _, r := range s {
		if r < utf8.RuneSelf {
			dst = appendPctByte(dst, byte(r), set)
			continue
		}
		if b, ok := q.fixed(r); ok {
			for _, c := range b {
				dst = appendPctByte(dst, c, set)
			}
			continue
		}
		if q.refuses(r) {
			dst = appendNCR(dst, r)
			continue
		}
		if r == 0x2212 && (q.name == "shift_jis" || q.name == "euc-jp") {
			r = 0xFF0D
		}
		if tr == nil {
			tr = q.enc.NewEncoder()
		}
		tr.Reset()
		var src [utf8.UTFMax]byte
		n, _, err := tr.Transform(buf[:], src[:utf8.EncodeRune(src[:], r)], true)
		if err != nil || n == 0 {
			dst = appendNCR(dst, r)
			continue
		}
		for _, c := range buf[:n] {
			dst = appendPctByte(dst, c, set)
		}
	}
	return dst
}

// fixed returns the bytes the Encoding Standard's encoder gives r where
// x/text's differs, with ok true.
func (q *queryEncoding) fixed(r rune) (b []byte, ok bool) {
	switch q.name {
	case "shift_jis":
		switch {
		case r == 0x80:
			return []byte{0x80}, true
		case r == 0xA5:
			return []byte{0x5C}, true
		case r == 0x203E:
			return []byte{0x7E}, true
		case 0xE000 <= r && r <= 0xE757:
			// The user-defined area: index jis0208 pointers 8836 and up.
			ptr := 8836 + int(r-0xE000)
			lead, trail := ptr/188, ptr%188
			leadOff, trailOff := 0x81, 0x40
			if lead >= 0x1F {
				leadOff = 0xC1
			}
			if trail >= 0x3F {
				trailOff = 0x41
			}
			return []byte{byte(lead + leadOff), byte(trail + trailOff)}, true
		}
	case "euc-jp":
		switch r {
		case 0xA5:
			return []byte{0x5C}, true
		case 0x203E:
			return []byte{0x7E}, true
		}
	}
	return nil, false
}

// refuses reports whether the Encoding Standard's encoder has no bytes
// for r where x/text's has some.
func (q *queryEncoding) refuses(r rune) bool {
	return r == 0xE5E5 && (q.name == "gb18030" || q.name == "gbk")
}

// appendPctByte writes one encoded byte: as it is when it is ASCII and not
// in set, %HH otherwise.
func appendPctByte(dst []byte, c byte, set uint8) []byte {
	if c >= 0x80 || pctSets[c]&set != 0 {
		return append(dst, '%', upperHex[c>>4], upperHex[c&15])
	}
	return append(dst, c)
}

// appendNCR writes the error of an encoder for r: "&#N;" percent-encoded.
func appendNCR(dst []byte, r rune) []byte {
	dst = append(dst, "%26%23"...)
	dst = strconv.AppendInt(dst, int64(r), 10)
	return append(dst, "%3B"...)
}

// appendISO2022JP is percent-encode after encoding with the Encoding
// Standard's ISO-2022-JP encoder (section 12.2.2), a transcription of its
// steps. JIS X 0208 codes come from x/text's EUC-JP encoder, whose two
// bytes are those codes plus 0x80.
func appendISO2022JP(dst []byte, s string, set uint8) []byte {
	e := iso2022JP{dst: dst, set: set}
	for _, r := range s {
		for e.encode(r) {
		}
	}
	if e.state != isoASCII {
		e.escape(isoASCII)
	}
	return e.dst
}

// The ISO-2022-JP encoder's states.
const (
	isoASCII = iota
	isoRoman
	isoJIS0208
)

// iso2022JP is the state of the ISO-2022-JP encoder, writing to dst.
type iso2022JP struct {
	dst   []byte
	set   uint8
	state int
	tr    transform.Transformer // EUC-JP, made on first use
	buf   [8]byte
	src   [utf8.UTFMax]byte
}

// escape switches to state, writing its escape sequence.
func (e *iso2022JP) escape(state int) {
	seq := "(B"
	switch state {
	case isoRoman:
		seq = "(J"
	case isoJIS0208:
		seq = "$B"
	}
	e.state = state
	e.dst = append(e.dst, "%1B"...)
	e.dst = appendPctByte(e.dst, seq[0], e.set)
	e.dst = appendPctByte(e.dst, seq[1], e.set)
}

// encode is the encoder's handler for the code point r. It reports
// whether r must be handled again, in the state it switched to ("prepend
// code point to ioQueue").
func (e *iso2022JP) encode(r rune) bool {
	switch {
	case (e.state == isoASCII || e.state == isoRoman) && (r == 0x0E || r == 0x0F || r == 0x1B):
		e.dst = appendNCR(e.dst, 0xFFFD)
	case e.state == isoASCII && r < utf8.RuneSelf:
		e.dst = appendPctByte(e.dst, byte(r), e.set)
	case e.state == isoRoman && (r < utf8.RuneSelf && r != 0x5C && r != 0x7E || r == 0xA5 || r == 0x203E):
		c := byte(r)
		switch r {
		case 0xA5:
			c = 0x5C
		case 0x203E:
			c = 0x7E
		}
		e.dst = appendPctByte(e.dst, c, e.set)
	case r < utf8.RuneSelf: // in Roman or JIS X 0208: back to ASCII first
		e.escape(isoASCII)
		return true
	case r == 0xA5 || r == 0x203E: // to Roman first
		e.escape(isoRoman)
		return true
	default:
		return e.encodeJIS0208(r)
	}
	return false
}

// encodeJIS0208 encodes r as a JIS X 0208 code, or as an error when it has
// none; like encode it reports whether r must be handled again.
func (e *iso2022JP) encodeJIS0208(r rune) bool {
	if r == 0x2212 {
		r = 0xFF0D
	}
	if 0xFF61 <= r && r <= 0xFF9F {
		r = isoKatakana[r-0xFF61]
	}
	if e.tr == nil {
		e.tr = japanese.EUCJP.NewEncoder()
	}
	e.tr.Reset()
	n, _, err := e.tr.Transform(e.buf[:], e.src[:utf8.EncodeRune(e.src[:], r)], true)
	if err != nil || n != 2 || e.buf[0] < 0xA1 || e.buf[1] < 0xA1 {
		if e.state == isoJIS0208 {
			e.escape(isoASCII)
			return true
		}
		e.dst = appendNCR(e.dst, r)
		return false
	}
	if e.state != isoJIS0208 {
		e.escape(isoJIS0208)
	}
	e.dst = appendPctByte(e.dst, e.buf[0]-0x80, e.set)
	e.dst = appendPctByte(e.dst, e.buf[1]-0x80, e.set)
	return false
}

// isoKatakana is the Encoding Standard's index ISO-2022-JP katakana: the
// full-width forms of U+FF61..U+FF9F.
var isoKatakana = []rune("。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン゛゜")
