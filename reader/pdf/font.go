package pdf

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// font maps the codes of a string shown with it to text and widths
// (ISO 32000-1 clause 9.6–9.10): a ToUnicode CMap first, else the simple font's encoding
// (a base encoding and /Differences).
type font struct {
	cid     bool              // a Type0 font: codes of two bytes unless its CMaps say otherwise
	lens    []codeRange       // code space ranges of the ToUnicode CMap
	uni     map[uint32]string // ToUnicode
	enc     *[256]string      // simple fonts
	first   int
	widths  []float64
	cidW    map[uint32]float64
	dw      float64
	noWidth bool // no widths known: a guess is used
	mem     int  // the cost of uni (cmap.go)
	cut     bool // uni stopped at maxCMapCost
}

type codeRange struct {
	n      int
	lo, hi uint32
}

// glyph is one code of a shown string.
type glyph struct {
	text  string
	width float64 // in thousandths of the font size
	space bool    // the single-byte code 32 (word spacing applies)
}

// loadFont reads a font dictionary.
func (d *doc) loadFont(fd dict) *font {
	if d.spend(workStream) != nil {
		return nil
	}
	f := &font{dw: 1000}
	sub, _ := d.resolve(fd["Subtype"]).(name)
	if st, ok := d.resolve(fd["ToUnicode"]).(*stream); ok {
		data, err := d.decode(st)
		if err == nil {
			err = d.spend(workCMap * int64(len(data)))
		}
		if err == nil && !f.parseCMap(data) {
			err = errCMap
		}
		d.capped(err)
	}
	if sub == "Type0" {
		f.cid = true
		if desc := d.resolveArray(fd["DescendantFonts"]); len(desc) > 0 {
			dd := d.resolveDict(desc[0])
			if v, ok := d.int(dd["DW"]); ok {
				f.dw = float64(v)
			}
			f.cidWidths(d, d.resolveArray(dd["W"]))
		}
		if len(f.lens) == 0 {
			f.lens = []codeRange{{2, 0, 0xffff}}
		}
		return f
	}
	f.enc = d.encoding(fd)
	if fc, ok := d.int(fd["FirstChar"]); ok && fc >= 0 && fc < 256 {
		f.first = int(fc)
	}
	for _, w := range d.resolveArray(fd["Widths"]) {
		if len(f.widths) >= 256 {
			break
		}
		f.widths = append(f.widths, d.num(w))
	}
	if len(f.widths) == 0 && sub != "Type3" {
		base, _ := d.resolve(fd["BaseFont"]).(name)
		if w := standardWidths(string(base)); w != nil {
			f.first = 32
			for _, x := range w {
				f.widths = append(f.widths, float64(x))
			}
		}
	}
	f.noWidth = len(f.widths) == 0
	return f
}

func (f *font) cidWidths(d *doc, w array) {
	f.cidW = map[uint32]float64{}
	for i := 0; i < len(w) && len(f.cidW) < maxCMap; {
		first, ok := d.int(w[i])
		if !ok || i+1 >= len(w) {
			return
		}
		if ws, ok := d.resolve(w[i+1]).(array); ok {
			for k, x := range ws {
				f.cidW[uint32(first)+uint32(k)] = d.num(x)
			}
			i += 2
			continue
		}
		last, _ := d.int(w[i+1])
		if i+2 >= len(w) || last-first > maxCMap {
			return
		}
		v := d.num(w[i+2])
		for c := first; c <= last && len(f.cidW) < maxCMap; c++ {
			f.cidW[uint32(c)] = v
		}
		i += 3
	}
}

// glyphAt returns the glyph of the code that starts at s[i] and the index
// after that code. A shown string is read a glyph at a time, never as a
// slice of glyphs: a string of 4 MiB (the object cap) would be a slice of
// 128 MiB (doc/spec.md P8).
func (f *font) glyphAt(s str, i int) (glyph, int) {
	n := 1
	if f.cid || len(f.lens) > 0 {
		n = f.codeLen(s[i:])
	}
	n = min(n, len(s)-i)
	var code uint32
	for k := 0; k < n; k++ {
		code = code<<8 | uint32(s[i+k])
	}
	g := glyph{space: n == 1 && code == 32}
	if t, ok := f.uni[code]; ok {
		g.text = t
	} else if f.enc != nil && code < 256 {
		g.text = f.enc[code]
	} else if !f.cid && code < 256 {
		g.text = string(rune(code))
	}
	switch {
	case f.cid:
		g.width = f.dw
		if w, ok := f.cidW[code]; ok {
			g.width = w
		}
	case int(code) >= f.first && int(code)-f.first < len(f.widths):
		g.width = f.widths[int(code)-f.first]
	default:
		g.width = 500
	}
	return g, i + n
}

// codeLen is the length of the code at the start of s by the code space
// ranges (ISO 32000-1 clause 9.7.6.2).
func (f *font) codeLen(s str) int {
	if len(f.lens) == 0 {
		return 2
	}
	for n := 1; n <= 4 && n <= len(s); n++ {
		var c uint32
		for k := 0; k < n; k++ {
			c = c<<8 | uint32(s[k])
		}
		for _, r := range f.lens {
			if r.n == n && c >= r.lo && c <= r.hi {
				return n
			}
		}
	}
	return f.lens[0].n
}

// textString decodes a text string (ISO 32000-1 clause 7.9.2.2): UTF-16BE or UTF-8 with a
// byte-order mark, UTF-8 when it is valid UTF-8, else PDFDocEncoding (read as Latin-1, which it is
// for every character a URI or file name uses).
func textString(s str) string {
	if strings.HasPrefix(string(s), "\xfe\xff") {
		return utf16be(s[2:])
	}
	if strings.HasPrefix(string(s), "\xef\xbb\xbf") {
		return string(s[3:])
	}
	if utf8.ValidString(string(s)) {
		return string(s) // UTF-8 without a mark, as some producers write
	}
	b := make([]rune, 0, len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, rune(s[i]))
	}
	return string(b)
}

// encoding builds a simple font's code-to-text table.
func (d *doc) encoding(fd dict) *[256]string {
	base := name("StandardEncoding")
	var diffs array
	switch e := d.resolve(fd["Encoding"]).(type) {
	case name:
		base = e
	case dict:
		if b, ok := d.resolve(e["BaseEncoding"]).(name); ok {
			base = b
		}
		diffs = d.resolveArray(e["Differences"])
	}
	var own map[int]string
	if base == "StandardEncoding" && !hasBase(d, fd["Encoding"]) {
		// No base encoding named: an embedded Type 1 program's own
		// encoding is the base (ISO 32000-1 clause 9.6.6.1), as
		// TeX's Computer Modern fonts have (code 14 is "ffi").
		own = d.type1Encoding(fd)
	}
	shared := baseTables()[""]
	if bt, ok := baseTables()[base]; ok {
		shared = bt
	}
	if len(own) == 0 && len(diffs) == 0 {
		return shared // most fonts: one table for all
	}
	t := *shared
	for c, g := range own {
		if text, ok := glyphText(g); ok {
			t[c] = text
		}
	}
	code := 0
	for _, x := range diffs {
		switch v := d.resolve(x).(type) {
		case int64:
			code = int(v)
		case name:
			if code >= 0 && code < 256 {
				if g, ok := glyphText(string(v)); ok {
					t[code] = g
				}
			}
			code++
		}
	}
	return &t
}

// baseTables are the base encodings' code-to-text tables, read only:
// WinAnsi, MacRoman, and for any other name the standard encoding as
// Latin-1 with its two quotes. They are made the first time a font is
// read, not when urix starts.
var baseTables = sync.OnceValue(func() map[name]*[256]string {
	return map[name]*[256]string{
		"WinAnsiEncoding":  baseTable(charmap.Windows1252),
		"MacRomanEncoding": baseTable(charmap.Macintosh),
		"":                 baseTable(nil),
	}
})

func baseTable(cm *charmap.Charmap) *[256]string {
	var t [256]string
	for i := range t {
		switch {
		case cm != nil:
			t[i] = string(cm.DecodeByte(byte(i)))
		case i == 0x27:
			t[i] = "\u2019"
		case i == 0x60:
			t[i] = "\u2018"
		default:
			t[i] = string(rune(i))
		}
	}
	return &t
}

// glyphNames are the glyph names of the ASCII characters and a few more
// (Adobe Glyph List).
var glyphNames = map[string]string{
	"space": " ", "exclam": "!", "quotedbl": "\"", "numbersign": "#", "dollar": "$", "percent": "%",
	"ampersand": "&", "quotesingle": "'", "quoteright": "\u2019", "quoteleft": "\u2018", "parenleft": "(",
	"parenright": ")", "asterisk": "*", "plus": "+", "comma": ",", "hyphen": "-", "minus": "-", "period": ".",
	"slash": "/", "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
	"seven": "7", "eight": "8", "nine": "9", "colon": ":", "semicolon": ";", "less": "<", "equal": "=",
	"greater": ">", "question": "?", "at": "@", "bracketleft": "[", "backslash": "\\", "bracketright": "]",
	"asciicircum": "^", "underscore": "_", "grave": "`", "braceleft": "{", "bar": "|", "braceright": "}",
	"asciitilde": "~", "similar": "\u223c", "nbspace": "\u00a0", "endash": "\u2013", "emdash": "\u2014", "bullet": "\u2022",
	"quotedblleft": "\u201c", "quotedblright": "\u201d", "fi": "fi", "fl": "fl", "ff": "ff", "ffi": "ffi",
	"ffl": "ffl", "softhyphen": "\u00ad", "eacute": "é", "egrave": "è", "aacute": "á", "agrave": "à",
	"udieresis": "ü", "odieresis": "ö", "adieresis": "ä", "germandbls": "ß", "ccedilla": "ç",
}

// glyphText is the text of a glyph name: a listed name, a letter,
// "uniXXXX" or "uXXXX[XX]"; a suffix after "." is dropped.
func glyphText(g string) (string, bool) {
	if i := strings.IndexByte(g, '.'); i > 0 {
		g = g[:i]
	}
	if t, ok := glyphNames[g]; ok {
		return t, true
	}
	if len(g) == 1 && (g[0] >= 'a' && g[0] <= 'z' || g[0] >= 'A' && g[0] <= 'Z') {
		return g, true
	}
	if strings.HasPrefix(g, "uni") && len(g) >= 7 {
		if v, err := strconv.ParseUint(g[3:7], 16, 32); err == nil {
			return string(rune(v)), true
		}
	}
	if strings.HasPrefix(g, "u") && len(g) >= 5 && len(g) <= 7 {
		if v, err := strconv.ParseUint(g[1:], 16, 32); err == nil {
			return string(rune(v)), true
		}
	}
	return "", false
}

// hasBase says whether an /Encoding names a base encoding.
func hasBase(d *doc, e any) bool {
	switch v := d.resolve(e).(type) {
	case name:
		return true
	case dict:
		_, ok := d.resolve(v["BaseEncoding"]).(name)
		return ok
	}
	return false
}

// type1Dup is one entry of a Type 1 program's encoding array, compiled
// the first time a Type 1 program is read, not when urix starts.
var type1Dup = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`dup\s+(\d+)\s*/([^\s/\[\]{}()<>]+)\s+put`)
})

// maxType1Clear caps the bytes of a Type 1 program read for its encoding.
const maxType1Clear = 64 << 10

// type1Encoding is the built-in encoding of the embedded Type 1 program
// of a simple font (the clear-text part's /Encoding array: "dup 14 /ffi
// put"), code by code; nil for none or StandardEncoding.
func (d *doc) type1Encoding(fd dict) map[int]string {
	desc := d.resolveDict(fd["FontDescriptor"])
	st, ok := d.resolve(desc["FontFile"]).(*stream)
	if !ok {
		return nil
	}
	most := int64(maxType1Clear)
	if n, ok := d.int(st.d["Length1"]); ok && n > 0 && n < most {
		most = n
	}
	data, _ := d.decodeRaw(st, true, most)
	i := bytes.Index(data, []byte("/Encoding"))
	if i < 0 {
		return nil
	}
	data = data[i:]
	if j := bytes.Index(data, []byte("eexec")); j >= 0 {
		data = data[:j]
	}
	if j := bytes.Index(data, []byte(" def")); j >= 0 && bytes.Contains(data[:j], []byte("StandardEncoding")) {
		return nil
	}
	m := map[int]string{}
	for _, sub := range type1Dup().FindAllSubmatch(data, 256) {
		if c, err := strconv.Atoi(string(sub[1])); err == nil && c >= 0 && c < 256 {
			m[c] = string(sub[2])
		}
	}
	return m
}
