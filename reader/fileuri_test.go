package reader

import (
	"fmt"
	"strings"
	"testing"
)

// TestFileURI: the path is kept where RFC 3986 allows its bytes in a
// path (unreserved, sub-delims, ':', '@', '/') and percent-encoded
// elsewhere, each byte of a UTF-8 sequence on its own; every byte value
// is tried at the start, in the middle and at the end of a path.
func TestFileURI(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"/home/ann/notes.txt", "file:///home/ann/notes.txt"},
		{"/tmp/a b/c#d?e%f", "file:///tmp/a%20b/c%23d%3Fe%25f"},
		{"/srv/café/ü.html", "file:///srv/caf%C3%A9/%C3%BC.html"},
		{"/x/!$&'()*+,;=:@-._~", "file:///x/!$&'()*+,;=:@-._~"},
	} {
		if got := FileURI(tc.path); got != tc.want {
			t.Errorf("FileURI(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
	keep := func(c byte) bool {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/!$&'()*+,;=:@", c) >= 0
	}
	for c := 0; c < 256; c++ {
		b := string([]byte{byte(c)})
		want := b
		if !keep(byte(c)) {
			want = fmt.Sprintf("%%%02X", c)
		}
		for _, p := range []string{"/" + b + "x", "/x" + b + "y", "/x" + b} {
			w := "file://" + strings.Replace(p, b, want, 1)
			if got := FileURI(p); got != w {
				t.Fatalf("FileURI(%q) = %q, want %q", p, got, w)
			}
		}
	}
}
