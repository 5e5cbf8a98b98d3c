package unwrap

import "testing"

func TestClean(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://example.com/a?utm_source=x&utm_medium=y", "https://example.com/a"},
		{"https://example.com/a?utm_source=x&id=1&UTM_Campaign=z#top", "https://example.com/a?id=1#top"},
		{"https://example.com/a?id=1&fbclid=IwAR0&b=%2F+c", "https://example.com/a?id=1&b=%2F+c"},
		{"https://example.com/a?gclid=1&dclid=2&msclkid=3&mc_cid=4&mc_eid=5&_hsenc=6&_hsmi=7&igshid=8&yclid=9", "https://example.com/a"},
		{"https://example.com/a?utm_source=x#f?utm_source=y", "https://example.com/a#f?utm_source=y"},
		{"https://example.com/a?q=1&&utm_source=x", "https://example.com/a?q=1&"},                // the empty parameter stays
		{"https://example.com/a?utm_source", "https://example.com/a"},                            // no value
		{"https://example.com/a?x=utm_source&utm=1", "https://example.com/a?x=utm_source&utm=1"}, // values and "utm" itself stay
		{"https://example.com/a?utm_=1&ref=a", "https://example.com/a?utm_=1&ref=a"},
		{"https://example.com/a?", "https://example.com/a?"},
		{"https://example.com/a#x?fbclid=1", "https://example.com/a#x?fbclid=1"},
		{"https://example.com/a?mtm_campaign=x&pk_kwd=y&k=v", "https://example.com/a?k=v"},
		{"https://example.com/a?fbclid=1?fbclid=2", "https://example.com/a"}, // one parameter "fbclid" = "1?fbclid=2"
		{"mailto:a@example.org?subject=x&utm_source=y", "mailto:a@example.org?subject=x"},
		{"no query", "no query"},
	} {
		if got := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCleanDoesNotAllocate(t *testing.T) {
	uri := "https://example.com/search?q=urix&page=2&lang=en#results"
	if n := testing.AllocsPerRun(100, func() { Clean(uri) }); n != 0 {
		t.Errorf("Clean of a clean URI: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { URL(uri) }); n != 0 {
		t.Errorf("URL of no wrapper: %v allocations, want 0", n)
	}
}
