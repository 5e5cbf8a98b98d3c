package hostile

import (
	"bufio"
	"strings"
)

// The hostile cases of the LaTeX and BibTeX reader (doc/spec.md TX1):
// sources whose references the reader finds itself, all of them, with no
// URI in the text between them to report them by, and one entry of
// nothing but url fields.
func init() {
	Cases = append(Cases, texCases...)
}

var texCases = []Case{
	{"tex-many-urls", ".tex", `n/8 \url{a} lines, no URI in the text`,
		repeated("\\url{http://tex.example/first}\n", "\\url{a}\n", "\\url{http://tex.example/last}\n")},
	{"bib-many-urls", ".bib", "n/17 @misc{k,url={a}} entries, no URI in the text",
		repeated("@misc{first, url = {http://bib.example/first}}\n", "@misc{k,url={a}}\n", "@misc{last, url = {http://bib.example/last}}\n")},
	{"bib-one-entry-many-fields", ".bib", "one @misc entry of n/8 url={a} fields (entries of 990,000 bytes past that)", bibManyFields},
}

// bibManyFields writes entries of url={a} fields only, each of at most
// 990,000 bytes (within the reader's 1 MiB window, so that it is read as
// an entry), to about n bytes.
func bibManyFields(w *bufio.Writer, n int) {
	const field = "url={a},"
	w.WriteString("@misc{first, url = {http://bib.example/first}}\n")
	fields := strings.Repeat(field, min(990000/len(field), max(1, n/len(field))))
	for left := n; left > 0; {
		k := min(len(fields), max(1, left/len(field))*len(field))
		w.WriteString("@misc{k," + fields[:k] + "}\n")
		left -= k + len("@misc{k,}\n")
	}
	w.WriteString("@misc{last, url = {http://bib.example/last}}\n")
}
