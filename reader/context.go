package reader

import (
	"strings"
	"unicode/utf8"
)

// Context bounds: the bytes of a hit's line kept before and after it.
const contextBefore, contextAfter = 80, 160

// breaks are the line breaks and tabs a context line shows as spaces.
var breaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ")

// ContextLine returns the line of text around text[start:end], the lines a
// hit spans joined by spaces, at most contextBefore bytes before it and
// contextAfter after, "…" where the line goes on; tabs become spaces and
// bytes that are not UTF-8 U+FFFD. It is a hit's Context (doc/spec.md §7).
func ContextLine(text []byte, start, end int) string {
	if start < 0 || end > len(text) || start > end {
		return ""
	}
	from := start
	for from > 0 && text[from-1] != '\n' && start-from < contextBefore {
		from--
	}
	to := end
	for to < len(text) && text[to] != '\n' && to-end < contextAfter {
		to++
	}
	for from < start && !utf8.RuneStart(text[from]) {
		from++
	}
	for to > end && to < len(text) && !utf8.RuneStart(text[to]) {
		to--
	}
	line := strings.ToValidUTF8(string(text[from:to]), "\uFFFD")
	line = strings.TrimSpace(breaks.Replace(line))
	if from > 0 && text[from-1] != '\n' {
		line = "…" + line
	}
	if to < len(text) && text[to] != '\n' && text[to] != '\r' {
		line += "…"
	}
	return line
}
