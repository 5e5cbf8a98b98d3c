package json

import (
	"bytes"
	"encoding/base64"
	stdjson "encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/css"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

// read reads doc with the JSON reader (nested bodies with HTML, text and
// JSON) and checks that every hit's raw text is the input's at its
// offsets.
func read(t testing.TB, doc string, r io.Reader) *readertest.Sink {
	t.Helper()
	s := &readertest.Sink{Formats: []*reader.Format{html.Format, Format, text.Format}}
	if r == nil {
		r = strings.NewReader(doc)
	}
	if err := Read(&reader.Content{R: r, Name: "f.json", Base: "file:///d/f.json"}, s); err != nil {
		t.Fatalf("Read: %v", err)
	}
	for _, h := range s.Hits {
		if h.Offset < 0 || h.End > int64(len(doc)) || h.Offset > h.End {
			t.Fatalf("hit %q at [%d,%d) outside the input of %d bytes", h.URI, h.Offset, h.End, len(doc))
		}
		if h.Offset < h.End && h.Kind != "html-attr" && h.Kind != "html-text" && doc[h.Offset:h.End] != h.Raw {
			t.Errorf("hit %q: raw %q, the input has %q at [%d,%d)", h.URI, h.Raw, doc[h.Offset:h.End], h.Offset, h.End)
		}
	}
	return s
}

type want struct {
	uri, raw, kind string
	line, col      int
}

func check(t *testing.T, s *readertest.Sink, ws []want) {
	t.Helper()
	if len(s.Hits) != len(ws) {
		for _, h := range s.Hits {
			t.Logf("got %q raw %q kind %s %d:%d", h.URI, h.Raw, h.Kind, h.Line, h.Col)
		}
		t.Fatalf("%d hits, want %d", len(s.Hits), len(ws))
	}
	for i, w := range ws {
		h := s.Hits[i]
		if h.URI != w.uri || w.raw != "" && h.Raw != w.raw || h.Kind != w.kind || w.line != 0 && (h.Line != w.line || h.Col != w.col) {
			t.Errorf("hit %d: %q raw %q kind %s at %d:%d, want %q raw %q kind %s at %d:%d",
				i, h.URI, h.Raw, h.Kind, h.Line, h.Col, w.uri, w.raw, w.kind, w.line, w.col)
		}
	}
}

func TestStrings(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		want      []want
	}{
		{"escaped solidus and \\u0026", `{"url":"https:\/\/har.example\/api?a=1\u0026b=2"}`,
			[]want{{"https://har.example/api?a=1&b=2", `https:\/\/har.example\/api?a=1\u0026b=2`, "space", 1, 9}}},
		{"cut at \\u0026 by the text reader", `["http://ex.org/p\u0026q=2"]`,
			[]want{{"http://ex.org/p&q=2", `http://ex.org/p\u0026q=2`, "space", 1, 3}}},
		{"surrogate pair", `["\ud83d\ude00 http://ex.org/\u00e9 y"]`,
			[]want{{"http://ex.org/\u00e9", `http://ex.org/\u00e9`, "space", 1, 16}}},
		{"text with \\n", `{"d":"first line\nsee http://ex.org/a\tand <http://ex.org/b>"}`,
			[]want{{"http://ex.org/a", "", "space", 1, 23}, {"http://ex.org/b", "<http://ex.org/b>", "angle", 1, 44}}},
		{"object key", "{\n  \"http://key.example/\": 1}",
			[]want{{"http://key.example/", "", "space", 2, 4}}},
		{"lines", "[1,\n2,\n  \"http://l3.example/\"]",
			[]want{{"http://l3.example/", "", "space", 3, 4}}},
		{"json lines", "{\"a\":\"http://a.example/\"}\n{\"b\":\"http://b.example/\"}\n",
			[]want{{"http://a.example/", "", "space", 1, 7}, {"http://b.example/", "", "space", 2, 7}}},
		{"structure is not text", `{"a": 1, "b": http://bare.example/}`, nil},
		{"escaped quote does not end the string", `["a\"http://q.example/\" b"]`,
			[]want{{"http://q.example/", `\"http://q.example/\"`, "quote", 1, 4}}},
	} {
		t.Run(tc.name, func(t *testing.T) { check(t, read(t, tc.doc, nil), tc.want) })
	}
}

func TestJSONLD(t *testing.T) {
	doc := `{"@context": ["https://www.w3.org/ns/activitystreams", {"@base": "http://b.example/dir/", "@vocab": "http://v.example/#"}],
 "@id": "item/1", "knows": {"@id": "_:b0"}, "type": {"@id": "schema:Person"}, "name": "see http://text.example/"}`
	s := read(t, doc, nil)
	check(t, s, []want{
		{"https://www.w3.org/ns/activitystreams", "", "json-ld", 1, 16},
		{"http://b.example/dir/", "", "json-ld", 1, 67},
		{"http://v.example/#", "", "json-ld", 1, 102},
		{"http://b.example/dir/item/1", "item/1", "json-ld", 2, 10},
		{"http://text.example/", "", "space", 2, 92},
	})
	if s.Hits[3].Attr != "@id" || s.Hits[3].Base != "http://b.example/dir/" {
		t.Errorf("@id hit: attr %q base %q", s.Hits[3].Attr, s.Hits[3].Base)
	}
	// The base ends with its JSON Lines record.
	s = read(t, "{\"@base\": \"http://b.example/\"}\n{\"@id\": \"x\"}\n", nil)
	if n := len(s.Hits); n != 2 || s.Hits[1].URI != "file:///d/x" {
		t.Errorf("second record's @id: %+v", s.Hits)
	}
}

// TestStreamed: the hits are the same read one byte at a time.
func TestStreamed(t *testing.T) {
	doc := `{"a": "http:\/\/x.example\/\u0041", "b": ["\ud83d\ude00 http://y.example/\ud83d\ude00", "<http://z.example/\n>"],` +
		"\n" + `"@id": "http://ld.example/"}`
	whole := read(t, doc, nil).Hits
	one := read(t, doc, iotest.OneByteReader(strings.NewReader(doc))).Hits
	if fmt.Sprint(whole) != fmt.Sprint(one) || len(whole) != 4 {
		t.Errorf("whole: %v\none byte at a time: %v", whole, one)
	}
}

// TestLongString: a string of many megabytes is read in pieces, its hits
// all found at their places, none twice, one cut at a piece's end whole.
func TestLongString(t *testing.T) {
	var b strings.Builder
	b.WriteString(`["`)
	n := 0
	for b.Len() < 5<<20 {
		fmt.Fprintf(&b, "word \\n http:\\/\\/long.example\\/%d\\u0026x ", n)
		n++
	}
	b.WriteString(`"]`)
	s := read(t, b.String(), nil)
	if len(s.Hits) != n {
		t.Fatalf("%d hits, want %d", len(s.Hits), n)
	}
	for i, h := range s.Hits {
		if want := fmt.Sprintf("http://long.example/%d&x", i); h.URI != want {
			t.Fatalf("hit %d: %q, want %q", i, h.URI, want)
		}
	}
}

func TestDeep(t *testing.T) {
	doc := strings.Repeat(`{"a":[`, 70000) + `"http://deep.example/"` + strings.Repeat(`]}`, 70000)
	s := read(t, doc, nil)
	if len(s.Hits) != 1 || s.Hits[0].URI != "http://deep.example/" || len(s.Warnings) != 1 {
		t.Errorf("hits %v warnings %q", s.Hits, s.Warnings)
	}
}

func TestDamaged(t *testing.T) {
	s := read(t, `{"a": "http://ok.example/", "b": "http://cut.example/`, nil)
	if len(s.Hits) != 2 || len(s.Warnings) == 0 {
		t.Errorf("hits %v warnings %q", s.Hits, s.Warnings)
	}
	s = read(t, `]]}} "http://after.example/" {{`, nil)
	if len(s.Hits) != 1 {
		t.Errorf("hits %v", s.Hits)
	}
}

func TestSniff(t *testing.T) {
	for doc, want := range map[string]bool{
		`{"a": [1, 2.5e3, true, null, "x\u00e9"]}`: true,
		"\n [ {} ]\n":               true,
		"{\"a\":1}\n{\"b\":2}\n":    true,
		`"just a string"`:           false,
		`[link](http://x.example/)`: false,
		`{not json}`:                false,
		`[1, 2`:                     false,
		`{"a": 1} trailing`:         false,
		`[2024-01-01] log line`:     false,
		"{\"a\": \"raw\nnewline\"}": false,
	} {
		if got := LooksLikeJSON([]byte(doc)); got != want {
			t.Errorf("LooksLikeJSON(%q) = %v, want %v", doc, got, want)
		}
	}
	head := []byte(`{"a": "` + strings.Repeat("x", sniffLen))[:sniffLen]
	if !LooksLikeJSON(head) {
		t.Errorf("a head cut inside a string is not JSON")
	}
	if bytes.HasPrefix(head, []byte("[")) {
		t.Fatal()
	}
}

func TestHAR(t *testing.T) {
	css := base64.StdEncoding.EncodeToString([]byte(`a { background: url(img/bg.png) } see http://css.example/`))
	doc := `{"log": {"version": "1.2", "pages": [{"title": "http://page.example/"}], "entries": [
 {"_initiator": {"url": "http://init.example/a.js"},
  "request": {"method": "GET", "url": "http://har.example/dir/page", "headers": [{"name": "Referer", "value": "http://ref.example/"}]},
  "response": {"status": 200, "headers": [{"name": "Link", "value": "<\/style.css>; rel=preload, <http://other.example/x>; rel=next"},
     {"name": "Content-Location", "value": "/moved/page"}],
   "content": {"mimeType": "text/html; charset=utf-8", "text": "<a href=\"sub\/x.html\">x<\/a>\n<p>http://body.example/"}, "redirectURL": ""}},
 {"request": {"url": "http://har.example/old"},
  "response": {"status": 301, "redirectURL": "new", "headers": [{"value": "/new", "name": "location"}],
   "content": {"text": "` + css + `", "mimeType": "text/plain", "encoding": "base64"}}},
 {"response": {"status": 200, "content": {"text": "not base64 http://bad.example/", "mimeType": "text/plain", "encoding": "base64"}},
  "request": {"url": "http://har.example/late"}}
]}}`
	s := read(t, doc, nil)
	type hw struct{ uri, kind, page string }
	var got []hw
	for _, h := range s.Hits {
		got = append(got, hw{h.URI, h.Kind, h.Page})
	}
	wantHits := []hw{
		{"http://page.example/", "space", ""},
		{"http://init.example/a.js", "space", "http://har.example/dir/page"},
		{"http://har.example/dir/page", "har-request", "http://har.example/dir/page"},
		{"http://ref.example/", "space", "http://har.example/dir/page"},
		{"http://har.example/style.css", "http-link", "http://har.example/dir/page"},
		{"http://other.example/x", "http-link", "http://har.example/dir/page"},
		{"http://har.example/moved/page", "http-location", "http://har.example/dir/page"},
		{"http://har.example/moved/sub/x.html", "html-attr", "http://har.example/dir/page"},
		{"http://body.example/", "html-text", "http://har.example/dir/page"},
		{"http://har.example/old", "har-request", "http://har.example/old"},
		{"http://har.example/new", "har-redirect", "http://har.example/old"},
		{"http://har.example/new", "http-location", "http://har.example/old"},
		{"http://css.example/", "space", "http://har.example/old"},
		{"http://har.example/late", "har-request", "http://har.example/late"},
		{"http://bad.example/", "space", "http://har.example/late"},
	}
	if fmt.Sprint(got) != fmt.Sprint(wantHits) {
		t.Errorf("got\n%v\nwant\n%v", got, wantHits)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "HAR entry 3") {
		t.Errorf("warnings %q", s.Warnings)
	}
	for _, h := range s.Hits {
		if h.Kind == "http-location" && h.Status == 0 {
			t.Errorf("%s: no status", h.URI)
		}
	}
}

// TestBorrowSameHits: read with reader.Options.Borrow (as the command line
// reads), hits share the decoded strings, one scanner serves every
// string, and a HAR entry's hits held until its request URL is read are
// copies: the hits are those of a read that copies each (doc/spec.md PF3).
func TestBorrowSameHits(t *testing.T) {
	doc := `{"log": {"entries": [{"comment": "https:\/\/c.example\/ http://d.example/", "x": "https:\/\/xx.example\/xxxxxxxxxx",` +
		` "response": {"content": {"text": "see https:\/\/a.example\/x and http://b.example/y\u0026z"}},` +
		` "request": {"url": "http://h.example/p"}},` +
		` {"response": {"content": {"text": "https:\/\/e.example\/ then \"mailto:f@example.org\""}}, "request": {"url": "http://h.example/q"}}]}}` +
		"\n" + `["x https:\/\/g.example\/\n\u0068ttp://h.example/", "http://i.example/"]`
	for _, r := range []func() io.Reader{
		func() io.Reader { return strings.NewReader(doc) },
		func() io.Reader { return iotest.OneByteReader(strings.NewReader(doc)) },
	} {
		want := read(t, doc, r())
		s := &readertest.Sink{Formats: []*reader.Format{html.Format, Format, text.Format}, Opts: reader.Options{Borrow: true}}
		if err := Read(&reader.Content{R: r(), Name: "f.json", Base: "file:///d/f.json"}, s); err != nil {
			t.Fatal(err)
		}
		if len(s.Hits) != len(want.Hits) || len(s.Hits) < 8 {
			t.Fatalf("%d hits with Borrow, %d without", len(s.Hits), len(want.Hits))
		}
		for i := range s.Hits {
			if g, w := s.Hits[i], want.Hits[i]; g.URI != w.URI || g.Raw != w.Raw || g.Offset != w.Offset || g.Page != w.Page {
				t.Errorf("hit %d with Borrow: %q raw %q at %d (%s), without: %q raw %q at %d (%s)", i, g.URI, g.Raw, g.Offset, g.Page, w.URI, w.Raw, w.Offset, w.Page)
			}
		}
	}
}

var update = flag.Bool("update", false, "rewrite the golden files")

// TestChromiumHAR: a HAR saved by Chromium (testdata/README) gives the
// hits of its golden, each judged by hand and the set of URIs the one jq
// decodes (bench/har_oracle.sh): request URLs, the redirect and its
// Location, the Link header's targets against the request URL, and the
// HTML, CSS and JSON bodies read by their type with the request URL as
// base (doc/spec.md JS1); the base64 PNGs give nothing.
func TestChromiumHAR(t *testing.T) {
	data, err := os.ReadFile("testdata/chromium.har")
	if err != nil {
		t.Fatal(err)
	}
	read := func(r io.Reader) *readertest.Sink {
		s := &readertest.Sink{Formats: []*reader.Format{html.Format, css.Format, Format, text.Format}}
		if err := Read(&reader.Content{R: r, Name: "chromium.har", Base: "file:///d/chromium.har"}, s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := read(bytes.NewReader(data))
	if one := read(iotest.OneByteReader(bytes.NewReader(data))); !slices.Equal(s.Hits, one.Hits) {
		t.Errorf("one byte at a time:\n%v\nwhole:\n%v", one.Hits, s.Hits)
	}
	var b bytes.Buffer
	for _, h := range s.Hits {
		line, _ := stdjson.Marshal(struct {
			URI, Raw, Kind, Attr, Header, Page string
			Line, Col                          int
			Offset, End                        int64
		}{h.URI, h.Raw, h.Kind, h.Attr, h.Header, h.Page, h.Line, h.Col, h.Offset, h.End})
		b.Write(append(line, '\n'))
	}
	for _, w := range s.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	if *update {
		os.WriteFile("testdata/chromium.golden", b.Bytes(), 0o644)
		return
	}
	want, err := os.ReadFile("testdata/chromium.golden")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("hits differ from testdata/chromium.golden (go test -update to rewrite):\n%s", b.Bytes())
	}
}

// TestHARBodyBudget: a response body held past bodyFree is charged to the
// one memory budget (doc/spec.md L10a) and given back when its entry is
// read; when the budget has no room, the body is read by the text rules
// as it comes, with a warning, and its URIs are still found.
func TestHARBodyBudget(t *testing.T) {
	body := strings.Repeat("see http://body.example/p ", 40000) // 1 MiB
	doc := `{"log": {"entries": [{"request": {"url": "http://h.example/"}, "response": {"content": {"mimeType": "text/plain", "text": "` +
		body + `"}}}]}}`
	left := limit.Memory.Left()
	s := read(t, doc, nil)
	if len(s.Hits) != 40001 || len(s.Warnings) != 0 || limit.Memory.Left() != left {
		t.Fatalf("%d hits, warnings %q, budget left %d of %d", len(s.Hits), s.Warnings, limit.Memory.Left(), left)
	}
	if !limit.Memory.TryAcquire(left - 1<<20) {
		t.Fatal("the budget is in use")
	}
	defer limit.Memory.Release(left - 1<<20)
	s = read(t, doc, nil)
	if len(s.Hits) != 40001 || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "no room in the memory budget") || limit.Memory.Left() != 1<<20 {
		t.Fatalf("with no room: %d hits, warnings %q, budget left %d", len(s.Hits), s.Warnings, limit.Memory.Left())
	}
}

// TestInertColonSkip: a string whose colons all stand between two digits
// ("10:30") or before no URI character ("Note: see") is not given to the
// text rules unless it may hold a hit in angle brackets
// ("<h323:1@x.example>", delimit.InertColon); over strings made of such
// pieces, raw or escaped, closed or cut by the end of the input, the
// reader's hits are those the text rules find in the decoded string.
func TestInertColonSkip(t *testing.T) {
	pieces := []string{"<", "h323", "1", ":", "\\u003a", "\\u003c", "\\u0031", "\\u2011", "\\/", "@x.example", " ", "URL:", "\\n", "\n", "//", "\\\""}
	fixed := []string{"http:\n//x.example", "https:\r\n//x.example/a", "Note:\n//x", `http:\/\/x.example`, `Note: http:\/\/x.example`, `http:\u002f/x.example`, `10:30 <h323:1@x.example>`, `a:`, `mailto:a@x.example`}
	seen := 0
	for n := range 1000000 + len(fixed) {
		var b strings.Builder
		for k := n; n < 1000000; k /= len(pieces) {
			b.WriteString(pieces[k%len(pieces)])
			if k < len(pieces) {
				break
			}
		}
		raw := b.String()
		if n >= 1000000 {
			raw = fixed[n-1000000]
		}
		var dec string
		if err := stdjson.Unmarshal([]byte(`"`+strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(raw)+`"`), &dec); err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		var want []string
		for _, h := range delimit.Find([]byte(dec), delimit.Options{}) {
			want = append(want, h.URI)
		}
		// The string closed, and cut by the end of the input.
		for _, doc := range []string{`{"k": "` + raw + `"}`, `{"k": "` + raw} {
			var got []string
			for _, h := range read(t, doc, nil).Hits {
				got = append(got, h.URI)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%q: hits %q, the text rules find %q", doc, got, want)
			}
		}
		seen += len(want)
	}
	if seen == 0 {
		t.Fatal("no string with a hit among the generated ones")
	}
}

// TestMarks: the bitmaps of 64 bytes at a time (where the machine has
// AVX2) are those of a byte at a time, whatever the bytes past the end,
// and the scan from one mark to the next stops where a test of each
// byte does.
func TestMarks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("ab\"\\:\n\x00\x80\xff#{}[],")
	r := &jreader{buf: make([]byte, bufSize+slack), marks: new(marks)}
	simd := strSIMD
	defer func() { strSIMD = simd }()
	for range 20000 {
		for k := range r.buf[:300] {
			r.buf[k] = alphabet[rng.IntN(len(alphabet))]
			if rng.IntN(3) > 0 {
				r.buf[k] = 'a' + byte(rng.IntN(26))
			}
		}
		r.n = rng.IntN(257)
		var got [2]marks
		for k, v := range []bool{false, simd} {
			strSIMD = v
			*r.marks = marks{}
			r.mark()
			got[k] = *r.marks
		}
		if got[0] != got[1] {
			t.Fatalf("marks of %q differ: %x %x, %x %x", r.buf[:r.n], got[0].ev[:6], got[1].ev[:6], got[0].st[:6], got[1].st[:6])
		}
		i := rng.IntN(r.n + 1)
		for _, m := range []struct {
			bits *[markWords]uint64
			stop *[256]bool
		}{{&r.marks.ev, &structStop}, {&r.marks.st, &strStop}} {
			if got, want := nextMark(m.bits, i), i+skip(m.stop, r.buf[i:r.n]); got != want {
				t.Fatalf("nextMark(%q, %d) = %d, want %d", r.buf[:r.n], i, got, want)
			}
		}
	}
}

// TestKeyNames: keyNames, which mayBeKeyName's test is built from, are
// the names the switches of keyName and harKey know; keyName answers
// each of them (and mayBeKeyName lets it) and nothing for other keys.
func TestKeyNames(t *testing.T) {
	fset := token.NewFileSet()
	var cases []string
	for _, file := range []string{"json.go", "har.go"} {
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "keyName" && fn.Name.Name != "harKey" {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if cc, ok := n.(*ast.CaseClause); ok {
					for _, e := range cc.List {
						if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							s, _ := strconv.Unquote(lit.Value)
							cases = append(cases, s)
						}
					}
				}
				return true
			})
		}
	}
	slices.Sort(cases)
	names := slices.Sorted(slices.Values(keyNames))
	if !slices.Equal(cases, names) {
		t.Fatalf("the switches know %q, keyNames %q", cases, names)
	}
	for _, k := range keyNames {
		if got := keyName([]byte(k)); got != k || !mayBeKeyName([]byte(k)) {
			t.Errorf("keyName(%q) = %q, mayBeKeyName %v", k, got, mayBeKeyName([]byte(k)))
		}
		for _, other := range []string{k[1:], k + "x", "x" + k, strings.ToUpper(k), k[:len(k)-1] + "#"} {
			if got := keyName([]byte(other)); got != "" {
				t.Errorf("keyName(%q) = %q, want none", other, got)
			}
		}
	}
}
