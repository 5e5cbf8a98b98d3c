package hostile

import (
	"bufio"
	"fmt"
	"strings"
)

// The hostile cases of the formats of the web and the desk (doc/spec.md
// JS1, CS1, IC1, TX1): JSON nested deep and one string of n bytes, a HAR whose body says
// base64 and is not, a folded calendar line of n bytes, a quoted-printable
// vCard value of n bytes, and the unclosed constructs of CSS and TeX.
func init() {
	Cases = append(Cases, formatCases...)
}

var formatCases = []Case{
	{"json-deep", ".json", "objects and arrays nested n/6 deep",
		repeated(`{"first": "http://json.example/first", "a": `, `{"b":[`, `"http://json.example/deep"`)},
	{"json-huge-string", ".json", "one string of n bytes, a URI every 64 bytes, escapes among them",
		repeated(`{"before": "http://json.example/before", "s": "`, `see http:\/\/json.example\/p?a=1\u0026b=2 \n and more `, `", "after": "http://json.example/after"}`)},
	{"json-one-string", ".json", "one string of n bytes with no break at all",
		repeated(`["http://json.example/before", "`, "a", `", "http://json.example/after"]`)},
	{"har-bad-base64", ".har", "a HAR whose response body of n bytes says base64 and is not", harBadBase64},
	{"ics-folded-line", ".ics", "one DESCRIPTION folded every 75 bytes to n bytes, URIs in it", icsFolded},
	{"vcf-qp-soft-breaks", ".vcf", "one vCard 2.1 NOTE in quoted-printable, a soft line break every 76 bytes to n bytes, URIs in it", vcfQP},
	{"css-unclosed-url", ".css", "url( repeated n/4 times, never closed", repeated("a{background:url(http://css.example/first)}\n", "url(", "")},
	{"css-long-comment", ".css", "a comment of n bytes, then a url()",
		repeated("a{background:url(first.png)}/*", "url(in-comment.png) ", "*/ b{background:url(after.png)}\n")},
	{"tex-unclosed-href", ".tex", `\href{ repeated, never closed`, repeated(`\url{http://tex.example/first} `, `\href{`, "\n")},
	{"bib-unclosed-entry", ".bib", "@misc{ repeated, never closed", repeated("@misc{a, url = {http://bib.example/first}}\n", "@misc{k, url = {", "\n")},
}

// harBadBase64 writes a HAR of one entry whose body of about n bytes
// claims base64 and holds text with URIs, then a second entry.
func harBadBase64(w *bufio.Writer, n int) {
	w.WriteString(`{"log": {"version": "1.2", "entries": [{"request": {"url": "http://har.example/first"},` +
		`"response": {"status": 200, "content": {"mimeType": "text/html", "encoding": "base64", "text": "`)
	fill(w, `not base64 <a href=\"http://har.example/in-body\">x<\/a> `, n)
	w.WriteString(`"}}}, {"request": {"url": "http://har.example/second"}, "response": {"status": 200}}]}}` + "\n")
}

// icsFolded writes a calendar whose DESCRIPTION is about n bytes folded
// at 75 octets, a URI every few lines.
func icsFolded(w *bufio.Writer, n int) {
	w.WriteString("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nURL:http://ics.example/first\r\nDESCRIPTION:")
	folded(w, n, len("DESCRIPTION:"), "\r\n ", 1, func(i int) string {
		return fmt.Sprintf("see http://ics.example/%d\\, then %s ", i, strings.Repeat("x", i%40))
	})
	w.WriteString("\r\nURL:http://ics.example/after\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
}

// vcfQP writes a vCard 2.1 whose NOTE is about n bytes of quoted-printable
// text, a soft line break every 76 bytes, a URI every few lines.
func vcfQP(w *bufio.Writer, n int) {
	w.WriteString("BEGIN:VCARD\r\nVERSION:2.1\r\nURL:http://vcf.example/first\r\nNOTE;ENCODING=QUOTED-PRINTABLE:")
	folded(w, n, len("NOTE;ENCODING=QUOTED-PRINTABLE:"), "=\r\n", 0, func(i int) string {
		return fmt.Sprintf("see http://vcf.example/%d?a=3D1 caf=C3=A9=0D=0A%s ", i, strings.Repeat("x", i%40))
	})
	w.WriteString("\r\nURL:http://vcf.example/after\r\nEND:VCARD\r\n")
}

// folded writes the words word(0), word(1), ... to about n bytes, as a
// line that starts at column col and is broken by brk at column 75, the
// next line going on at column next.
func folded(w *bufio.Writer, n, col int, brk string, next int, word func(int) string) {
	for size, i := 0, 0; size < n; i++ {
		for _, c := range []byte(word(i)) {
			if col == 75 {
				w.WriteString(brk)
				col, size = next, size+len(brk)
			}
			w.WriteByte(c)
			col++
			size++
		}
	}
}
