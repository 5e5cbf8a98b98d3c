package sources

import (
	"strings"
	"testing"
)

// IsURL says what the lower-case copy of the name it once made said: an
// http:// or https:// prefix in any case, nothing else.
func TestIsURLAsLowerCase(t *testing.T) {
	names := []string{"http://a", "HTTPS://A", "HtTp://x", "https:/x", "http:", "", "h", "notes.txt",
		"ftp://a", "httpſ://a", "http\u212a://", "https//a", "HTTP://", "./http://a", "http:///"}
	for _, name := range names {
		lower := strings.ToLower(name)
		want := strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://")
		if got := IsURL(name); got != want {
			t.Errorf("IsURL(%q) = %v, want %v", name, got, want)
		}
	}
}
