// Package office reads office documents: Office Open XML (.docx, .xlsx,
// .pptx and their macro and template forms) and OpenDocument (.odt, .ods,
// .odp, .odg, and the flat .fodt ... forms), as formats of the table
// (doc/spec.md A4, A5). Their zip packages are opened by package
// archive, so the same limits hold, and every hit carries the part it is
// in (Hit.Member) with its line and column there.
package office

import (
	"bytes"
	"io"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/archive"
	"github.com/urix/urix/resolve"
)

// The formats' names, as --read-as and -t give them.
const (
	OOXMLName = "ooxml"
	ODFName   = "odf"
)

// OOXML is Office Open XML's entry of the format table.
var OOXML = &reader.Format{
	Name: OOXMLName,
	Extensions: []string{".docx", ".docm", ".dotx", ".dotm", ".xlsx", ".xlsm", ".xltx", ".xltm",
		".pptx", ".pptm", ".potx", ".potm", ".ppsx", ".ppsm"},
	MediaTypes: []string{
		"application/vnd.openxmlformats-officedocument.wordprocessingml.document",
		"application/vnd.openxmlformats-officedocument.wordprocessingml.template",
		"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
		"application/vnd.openxmlformats-officedocument.spreadsheetml.template",
		"application/vnd.openxmlformats-officedocument.presentationml.presentation",
		"application/vnd.openxmlformats-officedocument.presentationml.template",
		"application/vnd.openxmlformats-officedocument.presentationml.slideshow",
		"application/vnd.ms-word.document.macroenabled", "application/vnd.ms-word.document.macroenabled.12",
		"application/vnd.ms-word.template.macroenabled", "application/vnd.ms-word.template.macroenabled.12",
		"application/vnd.ms-excel.sheet.macroenabled", "application/vnd.ms-excel.sheet.macroenabled.12",
		"application/vnd.ms-excel.template.macroenabled", "application/vnd.ms-excel.template.macroenabled.12",
		"application/vnd.ms-powerpoint.presentation.macroenabled", "application/vnd.ms-powerpoint.presentation.macroenabled.12",
		"application/vnd.ms-powerpoint.template.macroenabled", "application/vnd.ms-powerpoint.template.macroenabled.12",
		"application/vnd.ms-powerpoint.slideshow.macroenabled", "application/vnd.ms-powerpoint.slideshow.macroenabled.12",
	},
	Sniff:      looksLikeOOXML,
	Binary:     true,
	OwnCharset: true,
	Read:       readOOXML,
}

// looksLikeOOXML reports whether b starts a zip whose first member is
// [Content_Types].xml, as Word, Excel, PowerPoint and LibreOffice write
// them; other orders are found by package archive (packageFormat).
func looksLikeOOXML(b []byte) bool {
	return firstMember(b) == "[Content_Types].xml"
}

// firstMember returns the name of the first local header of a zip.
func firstMember(b []byte) string {
	if len(b) < 30 || !bytes.HasPrefix(b, []byte("PK\x03\x04")) {
		return ""
	}
	n := int(b[26]) | int(b[27])<<8
	if len(b) < 30+n {
		return ""
	}
	return string(b[30 : 30+n])
}

// Office Open XML (ECMA-376; SPEC A4). Reported:
//
//	office-rel    the Target of every relationship with TargetMode="External"
//	              in every part's _rels/*.rels: hyperlinks, linked images,
//	              OLE objects, attached templates, in every part type
//	office-field  the URL of a HYPERLINK, INCLUDEPICTURE or INCLUDETEXT
//	              field code (w:instrText runs joined, w:fldSimple @w:instr),
//	              and of a spreadsheet formula's HYPERLINK("url", ...) (<f>)
//	              whose first argument is one string literal
//	(text kinds)  the URIs written in the text: the w:t / a:t / t runs of a
//	              paragraph (w:p, a:p, a shared string) joined, through
//	              package delimit
//
// Relationships and fields resolve against the document's own location
// (an external relative target names a file beside the package), or the
// HyperlinkBase its extended properties (docProps/app.xml) declare, as
// Word does (the base inside the content, B1); text URIs likewise. Internal relationships (styles, images in the package)
// are structure, not links, and are not reported.
func readOOXML(c *reader.Content, s reader.Sink) error {
	c, s = archive.Root(c, s)
	z, err := archive.OpenZip(c)
	if err != nil {
		return err
	}
	defer z.Close()
	m, err := archive.Begin(c, s)
	if err != nil {
		return err
	}
	defer m.End()
	base := hyperlinkBase(z, m.Sink(), c.Base)
	err = z.Each(func(e *archive.Entry) error {
		lower := strings.ToLower(e.Name)
		rels := strings.HasSuffix(lower, ".rels")
		if e.IsDir() || !rels && !strings.HasSuffix(lower, ".xml") || !m.Next() {
			return nil
		}
		r, err := z.Open(e, m.Budget())
		if err != nil {
			m.Warn(e.Name, err)
			return m.Sink().Err()
		}
		pc := m.Content(e.Name, r)
		if rels {
			err = readRels(pc, m.Sink(), base)
		} else {
			err = readParts(pc, m.Sink(), base)
		}
		if err != nil {
			m.Warn(e.Name, err)
		}
		return m.Sink().Err()
	})
	if z.Capped {
		m.Warn("", archive.ErrTooMany)
	}
	return err
}

// readRels reports the external targets of a relationships part,
// streamed through the parts' scanner: only a Relationship tag is held,
// and lines are counted as the part is read (doc/spec.md A4, L7).
func readRels(c *reader.Content, s reader.Sink, base string) error {
	sc := newScanner(c.R, tokenLimit(s))
	for s.Err() == nil {
		switch sc.next() {
		case tokEOF:
			return sc.err
		case tokStart:
			if string(local(sc.name)) == "Relationship" {
				relationship(c, s, sc, base)
			}
		}
	}
	return s.Err()
}

// relationship reports the target of the Relationship tag sc holds when
// its TargetMode is External. Of an attribute given twice the last
// counts, as encoding/xml, which read these parts before, gave it.
func relationship(c *reader.Content, s reader.Sink, sc *scanner, base string) {
	var vs, ve int
	external, found := false, false
	eachAttr(sc.raw, func(name []byte, s, e int) bool {
		switch string(local(name)) {
		case "Target":
			vs, ve, found = s, e, true
		case "TargetMode":
			external = strings.EqualFold(string(unescape(sc.raw[s:e])), "External")
		}
		return true
	})
	if !found || !external {
		return
	}
	target := string(unescape(sc.raw[vs:ve]))
	if strings.TrimSpace(target) == "" {
		return
	}
	start, end := sc.off+int64(vs), sc.off+int64(ve)
	sl, scol := sc.at(start)
	el, ecol := sc.at(end)
	sp := reader.Span{Line: sl, Col: scol, EndLine: el, EndCol: ecol, Start: start, End: end}
	h := new(reader.Hit) // one per relationship
	h.Set(c, "office-rel", strings.TrimSpace(target), string(sc.raw[vs:ve]), sp, 0)
	h.Element, h.Attr, h.Source = "Relationship", "Target", resolve.FromMarkup
	h.SameDocument = target[0] == '#'
	s.Report(h, base)
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// fieldURL returns the target of a field code that links out: HYPERLINK,
// INCLUDEPICTURE or INCLUDETEXT with its first argument, "#anchor"
// appended for HYPERLINK's \l switch; "" for other fields and for a
// HYPERLINK to a bookmark of the document only.
func fieldURL(code string) string {
	args := fieldArgs(code)
	if len(args) < 2 {
		return ""
	}
	switch strings.ToUpper(args[0]) {
	case "HYPERLINK", "INCLUDEPICTURE", "INCLUDETEXT":
	default:
		return ""
	}
	url, anchor := "", ""
	for i := 1; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "\\") && len(a) == 2 {
			if (a == "\\l" || a == "\\L") && i+1 < len(args) {
				anchor = args[i+1]
			}
			if a != "\\d" && a != "\\D" && a != "\\c" && a != "\\!" && a != "\\m" {
				i++ // a switch with an argument
			}
			continue
		}
		if url == "" {
			url = a
		}
	}
	if url == "" {
		return ""
	}
	if anchor != "" && !strings.Contains(url, "#") {
		url += "#" + anchor
	}
	return url
}

// fieldArgs splits a field code into its words: quoted ones unquoted,
// with "\\" standing for one backslash inside quotes.
func fieldArgs(code string) []string {
	var args []string
	for i := 0; i < len(code); {
		for i < len(code) && (code[i] == ' ' || code[i] == '\t' || code[i] == '\n' || code[i] == '\r') {
			i++
		}
		if i >= len(code) {
			break
		}
		if code[i] == '"' {
			var b strings.Builder
			i++
			for i < len(code) && code[i] != '"' {
				if code[i] == '\\' && i+1 < len(code) && code[i+1] == '\\' {
					i++
				}
				b.WriteByte(code[i])
				i++
			}
			i++
			args = append(args, b.String())
			continue
		}
		j := i
		for j < len(code) && code[j] != ' ' && code[j] != '\t' && code[j] != '\n' && code[j] != '\r' {
			j++
		}
		args = append(args, code[i:j])
		i = j
	}
	return args
}

// hyperlinkBase returns the base of the document's relative links: the
// HyperlinkBase of docProps/app.xml made absolute against the document's
// own base, else that base.
func hyperlinkBase(z *archive.Zip, s reader.Sink, base string) string {
	var hb string
	_ = z.Each(func(e *archive.Entry) error {
		if e.Name != "docProps/app.xml" {
			return nil
		}
		if b, err := z.ReadSmall(e, 1<<20); err == nil {
			if i := bytes.Index(b, []byte("<HyperlinkBase>")); i >= 0 {
				b = b[i+len("<HyperlinkBase>"):]
				if j := bytes.Index(b, []byte("</HyperlinkBase>")); j >= 0 {
					hb = strings.TrimSpace(string(b[:j]))
				}
			}
		}
		return io.EOF
	})
	if hb == "" {
		return base
	}
	return reader.BaseOf(s, base, resolve.EscapeInvalid(xmlUnescape(hb)))
}

// xmlUnescape undoes the predefined entities of XML text.
func xmlUnescape(v string) string {
	if !strings.Contains(v, "&") {
		return v
	}
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", "\"", "&apos;", "'", "&amp;", "&").Replace(v)
}
