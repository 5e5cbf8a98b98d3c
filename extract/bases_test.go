package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urix/urix/resolve"
)

// TestLongBaseNotUsed: a base longer than resolve.MaxBase is not used,
// with one note an input: an HTML <base> of 200 KB, whose every link was
// printed 200 KB long (2.6 GB of output from 400 KB), leaves the links to
// the document's URL; a chain of relative JSON-LD @base values, which
// grew by one step each and was parsed again each time (work that grew
// with the square of the input), stops growing at MaxBase.
func TestLongBaseNotUsed(t *testing.T) {
	long := "http://h.example/" + strings.Repeat("a", 200<<10) + "/"
	html := `<base href="` + long + `"><a href="x">1</a><a href="y">2</a>`
	hits, warns := collect(t, mustNew(t, Options{Type: HTML}), "p.html", "http://page.example/d/p.html", []byte(html))
	if got := strings.Join(uris(hits), " "); got != "http://page.example/d/x http://page.example/d/y" {
		t.Errorf("hits %.120q", got)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].Error(), "a base of more than 8 KiB is not used") || len(warns[0].Error()) > 300 {
		t.Errorf("warnings %.300v", warns)
	}

	var ld strings.Builder
	ld.WriteString(`[{"@base": "http://h.example/"}`)
	steps := 2 * resolve.MaxBase / 10
	for range steps {
		ld.WriteString(`, {"@base": "aaaaaaaaa/"}`)
	}
	ld.WriteString(`, {"@id": "x"}]`)
	hits, _ = collect(t, mustNew(t, Options{Type: "json"}), "d.jsonld", "", []byte(ld.String()))
	last := hits[len(hits)-1].URI
	if len(hits) != steps+2 || len(last) > resolve.MaxBase+1 || len(last) < resolve.MaxBase-10 || !strings.HasSuffix(last, "/x") {
		t.Errorf("%d hits, the last of %d bytes: %.40q", len(hits), len(last), last)
	}
}

// TestResolversBoundedByBytes: the parsed bases an input keeps hold at
// most maxResolverBytes of text, and one more base.
func TestResolversBoundedByBytes(t *testing.T) {
	j := &job{x: mustNew(t, Options{})}
	for i := range 1000 {
		base := fmt.Sprintf("http://h%d.example/%s", i, strings.Repeat("a", resolve.MaxBase-30))
		if j.resolver(base) == nil {
			t.Fatalf("base %d did not parse", i)
		}
		held := 0
		for b := range j.resolvers {
			held += len(b)
		}
		if held > maxResolverBytes+resolve.MaxBase || held != j.resolverBytes {
			t.Fatalf("after %d bases: %d bytes held, %d counted", i+1, held, j.resolverBytes)
		}
	}
}
