package extract

import (
	"slices"
	"testing"

	"github.com/urix/urix/resolve"
)

// TestHTMLDocumentURLModes: in --spec whatwg a meta refresh before the
// <base> and an empty form action are resolved against the document's
// URL, as a browser does; the RFC modes resolve them against the base
// (H2). Likewise only --spec whatwg drops an invalid srcset candidate and
// a custom property's URL (H3).
func TestHTMLDocumentURLModes(t *testing.T) {
	page := `<meta http-equiv=refresh content="0; url=r.html"><base href="http://b.example/d/">` +
		`<form action=""></form><img srcset="s.png 1x 2x"><div style="--x: url(c.png)"></div><a href=a.html>a</a>`
	tests := []struct {
		mode resolve.Mode
		want []string
	}{
		{resolve.WHATWG, []string{"http://h.example/p/r.html", "http://h.example/p/page.html", "http://b.example/d/a.html"}},
		{resolve.RFC3986, []string{"http://b.example/d/r.html", "http://b.example/d/", "http://b.example/d/s.png", "http://b.example/d/c.png", "http://b.example/d/a.html"}},
		{resolve.RFC2396, []string{"http://b.example/d/r.html", "http://b.example/d/", "http://b.example/d/s.png", "http://b.example/d/c.png", "http://b.example/d/a.html"}},
	}
	for _, tt := range tests {
		x := mustNew(t, Options{Base: "http://h.example/p/page.html", Resolve: resolve.Options{Mode: tt.mode}})
		hits, warns := collect(t, x, "page.html", "", []byte(page))
		if got := uris(hits); !slices.Equal(got, tt.want) || len(warns) > 0 {
			t.Errorf("mode %v: %q, warnings %v; want %q", tt.mode, got, warns, tt.want)
		}
	}
}
