package htmlbase

import (
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

// decodeReader returns r converted to UTF-8 (H5). UTF-8 input is returned
// unconverted, so that positions are byte offsets of the input.
func decodeReader(r io.Reader, declared string) (io.Reader, error) {
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(r, head)
	head = head[:n]
	switch {
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		r = bytes.NewReader(head)
	case err != nil:
		return bytes.NewReader(head), fmt.Errorf("htmlbase: %w", err)
	default:
		r = io.MultiReader(bytes.NewReader(head), r)
	}
	if e := sniff(head, declared); e != nil {
		r = transform.NewReader(r, e.NewDecoder())
	}
	return r, nil
}

// sniff returns the encoding of a document starting with head, or nil for
// UTF-8.
func sniff(head []byte, declared string) encoding.Encoding {
	switch {
	case bytes.HasPrefix(head, []byte("\xef\xbb\xbf")):
		return nil
	case bytes.HasPrefix(head, []byte("\xfe\xff")):
		return lookup("utf-16be")
	case bytes.HasPrefix(head, []byte("\xff\xfe")):
		return lookup("utf-16le")
	}
	if declared != "" {
		if e, ok := lookupLabel(declared); ok {
			return e
		}
	}
	if e, ok := prescan(head); ok {
		return e
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
		return nil
	}
	return lookup("windows-1252")
}

// lookupLabel resolves an encoding label by the one charset policy
// (package charset); UTF-8 gives (nil, true).
func lookupLabel(label string) (encoding.Encoding, bool) {
	e, _, ok := charset.Lookup(label)
	return e, ok
}

func lookup(label string) encoding.Encoding {
	e, _, _ := charset.Lookup(label)
	return e
}

// prescan looks for <meta charset=...> or <meta http-equiv=Content-Type
// content="...; charset=..."> in head. A meta that declares UTF-16 means
// UTF-8, as the HTML standard says.
func prescan(head []byte) (encoding.Encoding, bool) {
	if !hasMeta(head) {
		return nil, false
	}
	z := html.NewTokenizer(bytes.NewReader(head))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return nil, false
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
					return nil, true
				}
				return e, true
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
