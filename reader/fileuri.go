package reader

import (
	"path/filepath"
	"strings"
)

// FileURI returns the file:// URI of an absolute path, percent-encoding the
// bytes that may not stand in a URI path (Section 5.1.3 for local files).
// It runs once a file of a walk: a table look-up a byte, not a search of
// the set of bytes kept.
func FileURI(abs string) string {
	abs = filepath.ToSlash(abs)
	if !strings.HasPrefix(abs, "/") {
		abs = "/" + abs // Windows: C:/x -> /C:/x
	}
	i := 0
	for i < len(abs) && fileURIKeeps[abs[i]] {
		i++
	}
	if i == len(abs) {
		return "file://" + abs // most paths: one string, made at once
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len("file://") + len(abs) + 16)
	b.WriteString("file://")
	b.WriteString(abs[:i])
	for ; i < len(abs); i++ {
		c := abs[i]
		if fileURIKeeps[c] {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// fileURIKeeps marks the bytes a file:// URI's path keeps as they are:
// unreserved, sub-delims, ':', '@' and '/'. Every other byte, each byte
// of a UTF-8 sequence among them, is percent-encoded.
var fileURIKeeps = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune("-._~/!$&'()*+,;=:@", rune(c))
	}
	return t
}()
