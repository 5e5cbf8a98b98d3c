package extract

import (
	"strconv"

	"github.com/urix/urix/printer"

	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestMailGolden reads every message and mbox under testdata/mail with
// File, as the command does, and compares the hits (JSON Lines) and the
// warnings with NAME.golden. Run with -update to rewrite the goldens, then
// read the diff.
//
// The cases (SPEC §4, issue 5):
//
//	qp.eml              quoted-printable: soft breaks, =3D, UTF-8 escapes, trailing =20
//	base64.eml          base64 text body (positions pinned to the body start)
//	alternative.eml     multipart/alternative under a top-level Content-Location
//	content-base.eml    quoted, folded Content-Base (RFC 2110) and Appendix D's relative links
//	mhtml.eml           multipart/related (MHTML): Content-Base inherited, relative Content-Locations
//	html-base.eml       an HTML part whose <base href> overrides Content-Location
//	flowed.eml          format=flowed with DelSp=yes, quoting, space-stuffing, signature
//	flowed-nodelsp.eml  format=flowed without DelSp
//	rfc822.eml          nested message/rfc822 with its own Content-Base and multipart
//	latin1.eml          ISO-8859-1 8bit body, RFC 2047 header
//	sjis.eml            Shift_JIS 8bit body
//	iso2022jp.eml       ISO-2022-JP body and B-encoded Subject
//	two.mbox            two messages, >From and >>From lines, message numbers and Message-IDs
//	list.eml            List-* and Archived-At headers; <...> in other headers not read (M3)
//	bad-boundary.eml    damaged: the boundary never comes
//	bad-base64.eml      damaged: a line that is not base64
//	bad-charset.eml     damaged: unknown charset, truncated multipart
//	qp-breaks.eml       quoted-printable: =XX escapes before hits, encoded line breaks =0A and =0D=0A
//	calendar.eml        text/calendar invitation and text/vcard card: folded URL, LOCATION and DESCRIPTION lines unfolded
func TestMailGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/mail/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, file := range files {
		ext := filepath.Ext(file)
		if ext != ".eml" && ext != ".mbox" {
			continue
		}
		n++
		t.Run(filepath.Base(file), func(t *testing.T) {
			checkSpans(t, file)
			got := mailOutput(t, file, Options{})
			compareGolden(t, strings.TrimSuffix(file, ext)+".golden", got, "TestMailGolden")
		})
	}
	if n < 15 {
		t.Errorf("only %d golden messages found", n)
	}
}

// compareGolden compares got with the golden file, or rewrites the file
// with -update (then read the diff: a golden is never approved unread).
func compareGolden(t *testing.T, golden, got, test string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test -run %s -update, then git diff)\ngot:\n%s\nwant:\n%s", golden, test, got, want)
	}
}

// lineColAt returns the 1-based line and byte column of offset off in doc,
// as every hit must report them.
func lineColAt(doc string, off int64) (line, col int) {
	return 1 + strings.Count(doc[:off], "\n"), int(off) - strings.LastIndexByte(doc[:off], '\n')
}

// storedForm says how the text of each golden message is stored, so that
// checkSpans can decode a hit's bytes in the file and compare them with its
// raw text: by default as they are.
var storedForm = map[string]func([]byte) string{
	"qp.eml":        qpDecode,
	"qp-breaks.eml": qpDecode,
	"two.mbox":      func(b []byte) string { return qpDecode(bytes.ReplaceAll(b, []byte("\n>From"), []byte("\nFrom"))) },
	"mhtml.eml":     qpDecode,
	"latin1.eml":    func(b []byte) string { s, _ := charmap.ISO8859_1.NewDecoder().Bytes(b); return string(s) },
	"sjis.eml":      func(b []byte) string { s, _ := japanese.ShiftJIS.NewDecoder().Bytes(b); return string(s) },
	"iso2022jp.eml": func(b []byte) string { s, _ := japanese.ISO2022JP.NewDecoder().Bytes(b); return string(s) },
	"flowed.eml":    func(b []byte) string { return unflow(b, true) },
	"calendar.eml":  unfoldLines,
}

// unfoldLines unfolds iCalendar and vCard lines (RFC 5545 §3.1): a line
// break followed by a space or tab goes, with that character.
func unfoldLines(b []byte) string {
	for _, fold := range []string{"\r\n ", "\r\n\t", "\n ", "\n\t"} {
		b = bytes.ReplaceAll(b, []byte(fold), nil)
	}
	return string(b)
}

// checkSpans checks that every hit of a golden message points at its own
// text in the file: the bytes from offset to end, decoded as the message
// stores them, are the hit's raw text (for an HTML attribute, the element
// that holds it). Hits in base64 bodies point at the body's first line and
// have no length; they are left out.
func checkSpans(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	decode := storedForm[filepath.Base(file)]
	if decode == nil {
		decode = func(b []byte) string { return string(b) }
	}
	x := mustNew(t, Options{})
	err = x.File(file, func(h *Hit) error {
		if h.End == h.Offset {
			return nil // base64: pinned
		}
		if h.End > int64(len(data)) || h.Offset < 0 {
			t.Errorf("%s: %+v lies outside the file", file, h)
			return nil
		}
		stored := decode(data[h.Offset:h.End])
		line, col := lineColAt(string(data), h.Offset)
		switch {
		case line != h.Line || col != h.Col:
			t.Errorf("%s: %q at %d:%d, but its offset %d is %d:%d", file, h.Raw, h.Line, h.Col, h.Offset, line, col)
		case h.Kind == "html-attr":
			if len(stored) <= len(h.Element) || !strings.EqualFold(stored[:len(h.Element)+1], "<"+h.Element) {
				t.Errorf("%s: %s@%s span holds %q, not the element", file, h.Element, h.Attr, stored)
			}
		case stored != h.Raw:
			t.Errorf("%s: span [%d,%d) holds %q (decoded), raw is %q", file, h.Offset, h.End, stored, h.Raw)
		}
		return nil
	}, nil)
	if err != nil {
		t.Error(err)
	}
}

// qpDecode decodes quoted-printable leniently, as mail readers do.
func qpDecode(b []byte) string {
	var out []byte
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '=' && i+1 < len(b) && b[i+1] == '\n':
			i++
		case b[i] == '=' && i+2 < len(b) && isHex(b[i+1]) && isHex(b[i+2]):
			v, _ := strconv.ParseUint(string(b[i+1:i+3]), 16, 8)
			out = append(out, byte(v))
			i += 2
		default:
			out = append(out, b[i])
		}
	}
	return string(out)
}

func isHex(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }

// unflow joins format=flowed lines (RFC 3676): a line ending in a space
// continues on the next, behind the quote markers and stuffing.
func unflow(b []byte, delsp bool) string {
	lines := strings.Split(string(b), "\n")
	out := lines[0]
	for _, l := range lines[1:] {
		l = strings.TrimLeft(l, ">")
		l = strings.TrimPrefix(l, " ")
		if delsp {
			out = strings.TrimSuffix(out, " ")
		}
		out += l
	}
	return out
}

// mailOutput runs File on file and returns its hits as JSON Lines, then
// its warnings, one per line. The file:// URI of the test directory is
// replaced by file:///TESTDATA so that goldens do not depend on the checkout.
func mailOutput(t *testing.T, file string, opts Options) string {
	t.Helper()
	x, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var out, warns strings.Builder
	err = x.File(file, func(h *Hit) error {
		b, err := json.Marshal(printer.RecordOf(h))
		if err != nil {
			t.Fatal(err)
		}
		out.Write(b)
		out.WriteByte('\n')
		return nil
	}, func(err error) {
		fmt.Fprintf(&warns, "warning: %v\n", err)
	})
	if err != nil {
		fmt.Fprintf(&warns, "error: %v\n", err)
	}
	dir, _ := filepath.Abs(filepath.Dir(file))
	return strings.ReplaceAll(out.String()+warns.String(), FileURI(dir), "file:///TESTDATA")
}

// mailHits extracts the hits of a message given as a string.
func mailHits(t *testing.T, msg string, opts Options) (hits []Hit, warns []string) {
	t.Helper()
	x, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	err = x.Reader(strings.NewReader(msg), "msg", "", func(h *Hit) error { hits = append(hits, *h); return nil },
		func(err error) { warns = append(warns, err.Error()) })
	if err != nil {
		t.Fatal(err)
	}
	return hits, warns
}

func TestMailParts(t *testing.T) {
	// IMAP section numbers (RFC 3501 6.4.5), as in the package comment.
	msg := "From: a@example.com\nSubject: parts\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=a\n\n" +
		"--a\nContent-Type: text/plain\n\none <http://a/1>\n" +
		"--a\nContent-Type: multipart/alternative; boundary=b\n\n" +
		"--b\n\ntwo <http://a/2.1>\n" +
		"--b\nContent-Type: text/html\n\n<a href=\"http://a/2.2\">x</a>\n" +
		"--b--\n" +
		"--a\nContent-Type: message/rfc822\n\nFrom: b@example.com\nSubject: inner\n\nthree <http://a/3.1>\n" +
		"--a\nContent-Type: message/rfc822\n\nFrom: c@example.com\nContent-Type: multipart/mixed; boundary=c\n\n" +
		"--c\n\nfour <http://a/4.1>\n--c\n\nfive <http://a/4.2>\n--c--\n" +
		"--a--\n"
	hits, warns := mailHits(t, msg, Options{Type: Email})
	want := []string{"1", "2.1", "2.2", "3.1", "4.1", "4.2"}
	if len(warns) > 0 {
		t.Errorf("warnings: %q", warns)
	}
	var got []string
	for _, h := range hits {
		got = append(got, h.Part)
		if h.URI != "http://a/"+h.Part {
			t.Errorf("hit %q has part %q", h.URI, h.Part)
		}
		if h.Message != 1 {
			t.Errorf("hit %q: message %d, want 1", h.URI, h.Message)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("parts = %q, want %q", got, want)
	}
	// A message that is not multipart has one part, "1"; its header none.
	hits, _ = mailHits(t, "From: a@example.com\nSubject: s\nList-Help: <http://a/help>\n\n<http://a/1>\n", Options{Type: Email})
	if len(hits) != 2 || hits[0].Part != "" || hits[0].Header != "List-Help" || hits[1].Part != "1" {
		t.Errorf("single part: %+v", hits)
	}
}

func TestMailHeaders(t *testing.T) {
	tests := []struct {
		name, field string
		want        []string // header:uri
	}{
		{"list-unsubscribe two URIs folded", "List-Unsubscribe: <mailto:leave@l.example>,\n <https://l.example/u?id=1>\n",
			[]string{"List-Unsubscribe:mailto:leave@l.example", "List-Unsubscribe:https://l.example/u?id=1"}},
		{"archived-at", "Archived-At: <http://a.example/msg/1>\n", []string{"Archived-At:http://a.example/msg/1"}},
		{"list-post NO", "List-Post: NO (posting not allowed)\n", nil},
		{"angle hit in other field ignored", "X-Link: see <http://x.example/>\n", nil},
		{"bare hit in other field ignored", "X-Mailer: Foo http://foo.example/\n", nil},
		{"link rel", "Link: <https://l.example/a>; rel=\"alternate\", <https://l.example/b>; rel=\"help\"; anchor=\"http://no.example/\"\n",
			[]string{"Link:https://l.example/a", "Link:https://l.example/b"}},
		{"undisclosed recipients", "To: <Undisclosed-Recipient:;>\n", nil},
		{"group address", "Cc: <undisclosed-recipients:;>, Bob <mailto:bob@example.com>\n", nil},
		{"reply-to", "Reply-To: <mailto:list@example.com>\n", nil},
		{"fastmail proxy", "X-ME-Proxy: <xmx:Tk9QRUtJTkc0Zm9vYmFy>\n    <xmx:YmFyYmF6>\n", nil},
		{"fastmail sender", "X-ME-Sender: <xms:qwerty123:abc>\n", nil},
		{"dkim", "DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=sel;\n\th=From:To; bh=<http://x.example/>\n", nil},
		{"list-id", "List-Id: Announcements <announce.lists.example.org>\n", nil},
		{"x-mailing-list", "X-Mailing-List: <linux-kernel@vger.kernel.org> archive/latest/12\n", nil},
		{"subject is prose", "Subject: see <http://subj.example/>\n", nil},
		{"name is never a scheme", "Mailto: x\n", nil},
		{"message-id is not a URI", "Message-ID: <abc@example.com>\n", nil},
		{"addresses are not URIs", "To: Bob <bob@example.com>\n", nil},
		{"encoded-word", "List-Archive: =?utf-8?q?see_=3Chttp://enc.example/=C3=BC=3E?=\n", []string{"List-Archive:http://enc.example/ü"}},
		{"encoded-word subject ignored", "Subject: =?utf-8?q?see_=3Chttp://enc.example/=C3=BC=3E?=\n", nil},
		{"content-base quoted", "Content-Base: \"http://cb.example/dir/\"\n", []string{"Content-Base:http://cb.example/dir/"}},
		{"content-location relative", "Content-Base: http://cb.example/dir/\nContent-Location: page.html\n",
			[]string{"Content-Base:http://cb.example/dir/", "Content-Location:http://cb.example/dir/page.html"}},
		{"content-location folded", "Content-Location: http://cl.example/a/very/long/\n  path.html\n", []string{"Content-Location:http://cl.example/a/very/long/path.html"}},
		{"x-url", "X-Url: http://barry.example.org\n", []string{"X-Url:http://barry.example.org"}},
		{"field name case kept", "list-archive: <http://arch.example/>\n", []string{"list-archive:http://arch.example/"}},
	}
	for _, tt := range tests {
		msg := "From: a@example.com\nSubject: s\n" + tt.field + "\nbody\n"
		if strings.HasPrefix(tt.field, "Subject:") {
			msg = "From: a@example.com\nDate: today\n" + tt.field + "\nbody\n"
		}
		hits, warns := mailHits(t, msg, Options{Type: Email})
		var got []string
		for _, h := range hits {
			if h.Kind != "header" {
				t.Errorf("%s: kind %q", tt.name, h.Kind)
			}
			got = append(got, h.Header+":"+h.URI)
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") || len(warns) > 0 {
			t.Errorf("%s: got %q (warnings %q), want %q", tt.name, got, warns, tt.want)
		}
	}
}

func TestMailHeaderPositions(t *testing.T) {
	msg := "From: a@example.com\nList-Unsubscribe: <mailto:x@l.example>,\n <https://l.example/u>\n\nbody\n"
	hits, _ := mailHits(t, msg, Options{Type: Email})
	if len(hits) != 2 {
		t.Fatalf("hits: %+v", hits)
	}
	for _, h := range hits {
		if got := msg[h.Offset:h.End]; got != h.Raw {
			t.Errorf("%s: input[%d:%d] = %q, raw %q", h.URI, h.Offset, h.End, got, h.Raw)
		}
	}
	if h := hits[1]; h.Line != 3 || h.Col != 2 {
		t.Errorf("second hit at %d:%d, want 3:2", h.Line, h.Col)
	}
}

func TestMailBase(t *testing.T) {
	const html = "Content-Type: text/html\n\n<a href=\"x\">x</a>\n"
	tests := []struct {
		name, retrieval, header, want string
	}{
		{"retrieval", "http://r.example/d/", "", "http://r.example/d/x"},
		{"none", "", "", "x"},
		{"content-base over retrieval", "http://r.example/", "Content-Base: http://cb.example/d/\n", "http://cb.example/d/x"},
		{"quoted content-base", "", "Content-Base: \"http://cb.example/q/\"\n", "http://cb.example/q/x"},
		{"absolute content-location", "http://r.example/", "Content-Location: http://cl.example/p/page\n", "http://cl.example/p/x"},
		{"relative content-location", "http://r.example/d/", "Content-Location: sub/page\n", "http://r.example/d/sub/x"},
		{"content-base over content-location", "", "Content-Base: http://cb.example/\nContent-Location: http://cl.example/a/b\n", "http://cb.example/x"},
	}
	for _, tt := range tests {
		x, _ := New(Options{Type: Email})
		var got []string
		msg := "From: a@example.com\nSubject: s\n" + tt.header + html
		err := x.Reader(strings.NewReader(msg), "m", tt.retrieval, func(h *Hit) error {
			if h.Kind != "header" {
				got = append(got, h.URI)
			}
			return nil
		}, nil)
		if err != nil || len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

func TestMailTextSubtypes(t *testing.T) {
	// RFC 2046 4.1.4: unknown text subtypes are read as text/plain; other
	// types are skipped.
	for _, tt := range []struct {
		ct   string
		want int
	}{{"text/plain", 1}, {"text/asciidoc", 1}, {"text/x-diff", 1}, {"TEXT/Markdown; charset=utf-8", 1},
		{"image/png", 0}, {"application/octet-stream", 0}, {"audio/basic", 0}} {
		hits, _ := mailHits(t, "From: a@b\nSubject: s\nContent-Type: "+tt.ct+"\n\nsee http://t.example/\n", Options{Type: Email})
		if len(hits) != tt.want {
			t.Errorf("%s: %d hits, want %d", tt.ct, len(hits), tt.want)
		}
	}
}

func TestMailDamage(t *testing.T) {
	tests := []struct {
		name, msg string
		uris      []string
		warn      string // substring of the one warning
	}{
		{"no boundary parameter",
			"From: a@b\nSubject: s\nContent-Type: multipart/mixed\n\n<http://d/1>\n", []string{"http://d/1"}, "without a boundary parameter"},
		{"bad content-type",
			"From: a@b\nSubject: s\nContent-Type: ???\n\n<http://d/1>\n", []string{"http://d/1"}, "bad Content-Type"},
		{"unknown transfer encoding",
			"From: a@b\nSubject: s\nContent-Transfer-Encoding: x-rot13\n\n<http://d/1>\n", []string{"http://d/1"}, "unknown Content-Transfer-Encoding"},
		{"truncated inside a part",
			"From: a@b\nSubject: s\nContent-Type: multipart/mixed; boundary=z\n\n--z\n\n<http://d/1>\n", []string{"http://d/1"}, "missing closing boundary"},
		{"inner multipart not closed",
			"From: a@b\nSubject: s\nContent-Type: multipart/mixed; boundary=z\n\n--z\nContent-Type: multipart/mixed; boundary=y\n\n--y\n\n<http://d/1>\n--z\n\n<http://d/2>\n--z--\n",
			[]string{"http://d/1", "http://d/2"}, `missing closing boundary "y"`},
		{"no header/body separator",
			"From: a@b\nSubject: s\nthis line is the body <http://d/1>\n", []string{"http://d/1"}, ""},
		{"RFC 2231 boundary in a charset mime does not know",
			"From: a@b\nSubject: s\nContent-Type: multipart/mixed;\n\tboundary*=\"ansi-x3.4-1968''AB%43\"\n\n--ABC\n\n<http://d/1>\n--ABC--\n", []string{"http://d/1"}, ""},
		{"repeated boundary parameter",
			"From: a@b\nSubject: s\nContent-Type: multipart/mixed; boundary=\"q\"; boundary=\"q\"\n\n--q\n\n<http://d/1>\n--q--\n", []string{"http://d/1"}, ""},
		{"base64 without padding",
			"From: a@b\nSubject: s\nContent-Transfer-Encoding: base64\n\nPGh0dHA6Ly9kLzE+\nPGh0dHA6Ly9kLzI\n", []string{"http://d/1", "http://d/2"}, ""},
	}
	for _, tt := range tests {
		hits, warns := mailHits(t, tt.msg, Options{Type: Email})
		var got []string
		for _, h := range hits {
			got = append(got, h.URI)
		}
		if strings.Join(got, " ") != strings.Join(tt.uris, " ") {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.uris)
		}
		switch {
		case tt.warn == "" && len(warns) > 0:
			t.Errorf("%s: unexpected warnings %q", tt.name, warns)
		case tt.warn != "" && (len(warns) != 1 || !strings.Contains(warns[0], tt.warn)):
			t.Errorf("%s: warnings %q, want one with %q", tt.name, warns, tt.warn)
		}
	}
}

func TestMailDepthLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("From: a@b\nSubject: deep\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n", i, i)
	}
	b.WriteString("\n<http://deep/>\n")
	hits, warns := mailHits(t, b.String(), Options{Type: Email})
	if len(hits) != 0 {
		t.Errorf("hits past the depth limit: %+v", hits)
	}
	found := false
	for _, w := range warns {
		found = found || strings.Contains(w, "nested too deep")
	}
	if !found {
		t.Errorf("no depth warning in %q", warns)
	}
}

func TestMailDecodedCap(t *testing.T) {
	body := strings.Repeat("aGVsbG8gd29ybGQgaHR0cDovL2NhcC5leGFtcGxlLyAK\n", 100) // "hello world http://cap.example/ \n"
	msg := "From: a@b\nSubject: s\nContent-Transfer-Encoding: base64\n\n" + body
	hits, warns := mailHits(t, msg, Options{Type: Email, MaxDecoded: 100})
	if len(hits) == 0 || len(hits) > 4 {
		t.Errorf("%d hits under a 100-byte cap", len(hits))
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "larger than the limit (100 bytes)") {
		t.Errorf("warnings %q", warns)
	}
}

func TestMbox(t *testing.T) {
	mbox := "From a@b Thu Jan  1 00:00:00 1970\nFrom: a@b\nMessage-ID: <one@b>\n\n<http://m/1>\n>From <http://m/quoted>\n\n" +
		"From b@b Thu Jan  1 00:00:00 1970\nFrom: b@b\nMessage-ID: <two@b>\n\n<http://m/2>\n"
	hits, warns := mailHits(t, mbox, Options{})
	if len(warns) > 0 {
		t.Errorf("warnings %q", warns)
	}
	want := []struct {
		uri  string
		msg  int
		id   string
		line int
	}{{"http://m/1", 1, "one@b", 5}, {"http://m/quoted", 1, "one@b", 6}, {"http://m/2", 2, "two@b", 12}}
	if len(hits) != len(want) {
		t.Fatalf("hits %+v", hits)
	}
	for i, w := range want {
		h := hits[i]
		if h.URI != w.uri || h.Message != w.msg || h.MessageID != w.id || h.Line != w.line {
			t.Errorf("hit %d = %s message %d %q line %d, want %s message %d %q line %d", i, h.URI, h.Message, h.MessageID, h.Line, w.uri, w.msg, w.id, w.line)
		}
	}
	// Positions point into the file as stored, also on and after a
	// >From line whose '>' was removed.
	for _, h := range hits {
		if got := mbox[h.Offset:h.End]; got != h.Raw {
			t.Errorf("%s: input[%d:%d] = %q, want %q", h.URI, h.Offset, h.End, got, h.Raw)
		}
		if start := h.Offset - int64(h.Col-1); start > 0 && mbox[start-1] != '\n' {
			t.Errorf("%s: column %d does not match offset %d", h.URI, h.Col, h.Offset)
		}
	}
}

// TestMailLeadingBlank: a blank or white-space-only line before the header
// is skipped with a warning (SPEC M1), in a message and in each message of
// an mbox, and the MIME structure is read.
func TestMailLeadingBlank(t *testing.T) {
	const msg = "From: a@b\nMessage-ID: <lb@b>\nContent-Type: multipart/alternative; boundary=x\n\n" +
		"--x\nContent-Type: text/plain\n\nsee <http://lb/text>\n" +
		"--x\nContent-Type: text/html\n\n<a href=\"http://lb/html\">x</a>\n--x--\n"
	for _, tt := range []struct {
		name, in string
		opts     Options
		warnings int
	}{
		{"blank line", "\n" + msg, Options{Type: Email}, 1},
		{"white space lines, sniffed", " \t\r\n\n" + msg, Options{}, 1},
		{"mbox", "From a@b x\n \n" + msg + "From c@d y\n\n" + msg, Options{Type: Mbox}, 2},
		{"none", msg, Options{Type: Email}, 0},
	} {
		hits, warns := mailHits(t, tt.in, tt.opts)
		if len(warns) != tt.warnings {
			t.Errorf("%s: warnings %q", tt.name, warns)
		}
		for _, w := range warns {
			if !strings.Contains(w, "leading blank line before the header skipped") {
				t.Errorf("%s: warning %q", tt.name, w)
			}
		}
		if len(hits) != 2*max(1, tt.warnings) {
			t.Fatalf("%s: hits %+v", tt.name, hits)
		}
		for i, h := range hits {
			want := []string{"1", "2"}[i%2]
			if h.Part != want || h.MessageID != "lb@b" || tt.in[h.Offset:h.End] != h.Raw && h.Kind != "html-attr" {
				t.Errorf("%s: hit %s part %q id %q span %q", tt.name, h.URI, h.Part, h.MessageID, tt.in[h.Offset:h.End])
			}
		}
	}
}

// TestMailMessageIDTopLevel: every hit carries the top-level message's
// Message-ID, also inside an attached message/rfc822 (plain or encoded)
// that has its own; none when the top-level message has none (SPEC M5).
func TestMailMessageIDTopLevel(t *testing.T) {
	inner := "From: b@b\nMessage-ID: <inner@b>\nList-Help: <http://id/inner-header>\n\n<http://id/inner>\n"
	body := "Content-Type: multipart/mixed; boundary=m\n\n--m\n\n<http://id/outer>\n" +
		"--m\nContent-Type: message/rfc822\n\n" + inner +
		"--m\nContent-Type: message/global\nContent-Transfer-Encoding: base64\n\n" +
		base64.StdEncoding.EncodeToString([]byte(inner)) + "\n--m--\n"
	for _, tt := range []struct{ header, want string }{
		{"From: a@b\nMessage-ID: <outer@b>\n", "outer@b"},
		{"From: a@b\nSubject: no id\n", ""},
	} {
		hits, warns := mailHits(t, tt.header+body, Options{Type: Email})
		if len(hits) != 5 || len(warns) > 0 {
			t.Fatalf("hits %+v, warnings %q", hits, warns)
		}
		for _, h := range hits {
			if h.MessageID != tt.want {
				t.Errorf("%s (part %q): message_id %q, want %q", h.URI, h.Part, h.MessageID, tt.want)
			}
		}
	}
}

func TestMboxBOM(t *testing.T) {
	hits, warns := mailHits(t, "\xef\xbb\xbfFrom a@b x\nFrom: a@b\nMessage-ID: <1@b>\n\n<http://bom/>\n", Options{})
	if len(warns) > 0 || len(hits) != 1 || hits[0].MessageID != "1@b" || hits[0].Offset != 43 {
		t.Errorf("hits %+v, warnings %q", hits, warns)
	}
}

// TestMailCRLF reads every golden message with CRLF line ends: the same
// URIs on the same lines.
func TestMailCRLF(t *testing.T) {
	files, _ := filepath.Glob("testdata/mail/*.eml")
	mboxes, _ := filepath.Glob("testdata/mail/*.mbox")
	for _, name := range append(files, mboxes...) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		run := func(b []byte) string {
			x, _ := New(Options{})
			var out strings.Builder
			x.Reader(bytes.NewReader(b), name, "", func(h *Hit) error { fmt.Fprintf(&out, "%s %s line %d\n", h.URI, h.Part, h.Line); return nil }, nil)
			return out.String()
		}
		lf := run(data)
		crlf := run(bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")))
		if lf != crlf {
			t.Errorf("%s with CRLF:\n%s\nwith LF:\n%s", name, crlf, lf)
		}
	}
}

func TestMailDigestAndEncodedMessage(t *testing.T) {
	msg := "From: a@b\nSubject: s\nContent-Type: multipart/digest; boundary=d\n\n" +
		"--d\n\nFrom: x@y\nSubject: one\n\n<http://dig/1.1>\n" +
		"--d\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n" +
		base64.StdEncoding.EncodeToString([]byte("From: z@y\nSubject: two\n\n<http://dig/2.1>\n")) + "\n" +
		"--d--\n"
	hits, warns := mailHits(t, msg, Options{Type: Email})
	if len(warns) > 0 || len(hits) != 2 {
		t.Fatalf("hits %+v, warnings %q", hits, warns)
	}
	for _, h := range hits {
		if h.URI != "http://dig/"+h.Part {
			t.Errorf("%s in part %s", h.URI, h.Part)
		}
	}
	// The encoded message's hit points at the start of the part body.
	if h := hits[1]; h.Line != 15 || h.Col != 1 || h.End != h.Offset {
		t.Errorf("encoded message hit at %d:%d [%d,%d)", h.Line, h.Col, h.Offset, h.End)
	}
}

// TestMailOddReaders feeds a message one byte at a time, as x/net/html's
// tests do: the result must not depend on how reads are split.
func TestMailOddReaders(t *testing.T) {
	for _, name := range []string{"testdata/mail/qp.eml", "testdata/mail/two.mbox", "testdata/mail/flowed.eml", "testdata/mail/bad-base64.eml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		run := func(r io.Reader) string {
			x, _ := New(Options{})
			var b strings.Builder
			x.Reader(r, name, "", func(h *Hit) error {
				fmt.Fprintf(&b, "%s %d:%d %d-%d\n", h.URI, h.Line, h.Col, h.Offset, h.End)
				return nil
			},
				func(err error) { fmt.Fprintf(&b, "%v\n", err) })
			return b.String()
		}
		whole := run(bytes.NewReader(data))
		if odd := run(&oneByteReader{data}); odd != whole {
			t.Errorf("%s: one byte at a time:\n%s\nwhole:\n%s", name, odd, whole)
		}
	}
}

type oneByteReader struct{ b []byte }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.b[0]
	r.b = r.b[1:]
	return 1, nil
}

// checkHit is the invariant of every mail hit (fuzzing and tests): a
// well-formed URI (no white space or control characters) at a sane
// position. HTML attribute values are percent-encoded where they hold
// such characters (<a href="a b"> is a%20b), so they are checked too.
func checkHit(t *testing.T, h Hit) {
	t.Helper()
	for _, r := range h.URI {
		if unicode.IsControl(r) || unicode.IsSpace(r) {
			t.Fatalf("URI %q holds %U", h.URI, r)
		}
	}
	if h.URI == "" {
		t.Fatalf("empty URI in %+v", h)
	}
	if h.Line < 1 || h.Col < 1 || h.Offset < 0 || h.End < h.Offset {
		t.Fatalf("bad position in %+v", h)
	}
}

func FuzzMailReader(f *testing.F) {
	files, _ := filepath.Glob("testdata/mail/*.eml")
	mboxes, _ := filepath.Glob("testdata/mail/*.mbox")
	for _, file := range append(files, mboxes...) {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data, strings.HasSuffix(file, ".mbox"))
		}
	}
	// Generated: a header line over the header block's cap, then a field
	// (TestMboxHeaderLineOverCap), alone and in the middle of an mbox; a
	// fuzzer that grows inputs a few bytes at a time never gets there.
	long := "Subject: " + strings.Repeat("s", 3<<19) + "\n"
	f.Add([]byte("From: a@b\n"+long+"Content-Type: text/html\n\n<a href=http://a/>x</a>\n"), false)
	f.Add([]byte("From a\nFrom: a@b\n\nhttp://one/\nFrom b\n"+long+"X: 1\n\nhttp://two/\nFrom c\nFrom: c@x\n\nhttp://three/\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, mbox bool) {
		if bytes.HasPrefix(data, []byte("\x1f\x8b")) {
			return // gzip, whose errors are not the mail reader's
		}
		typ := Email
		if mbox {
			typ = Mbox
		}
		// A small decoded-size cap keeps every run's memory bounded.
		x, err := New(Options{Type: typ, MaxDecoded: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		// Positions point into the input as stored, so they lie inside it,
		// and a hit's line and column are those of its offset; except in an
		// HTML part converted from another charset, whose positions count
		// bytes of the UTF-8 text (htmlbase's, a documented limit).
		converted := bytes.Contains(bytes.ToLower(data), []byte("charset")) ||
			strings.IndexFunc(string(data), func(r rune) bool { return r >= utf8.RuneSelf }) >= 0
		err = x.Reader(bytes.NewReader(data), "fuzz", "http://base.example/d/", func(h *Hit) error {
			checkHit(t, *h)
			if h.Kind == "html-attr" || h.Kind == "html-text" {
				if !converted && h.End > int64(len(data)) {
					t.Fatalf("hit %+v ends past the input's %d bytes", h, len(data))
				}
				return nil
			}
			if h.End > int64(len(data)) {
				t.Fatalf("hit %+v ends past the input's %d bytes", h, len(data))
			}
			line, col := lineColAt(string(data), h.Offset)
			if line != h.Line || col != h.Col {
				t.Fatalf("hit %+v at %d:%d, but its offset is at %d:%d", h, h.Line, h.Col, line, col)
			}
			return nil
		}, nil)
		if err != nil {
			t.Fatalf("error on in-memory input: %v", err)
		}
	})
}

// BenchmarkMbox reads the corpus mbox (../shared/bench/corpus.sh) repeated
// in memory to about 50 MB.
func BenchmarkMbox(b *testing.B) {
	data, err := os.ReadFile("/tmp/corpus/mail.mbox")
	if err != nil {
		b.Skip("no corpus: run ../shared/bench/corpus.sh")
	}
	big := bytes.Repeat(data, 50<<20/len(data)+1)
	x, _ := New(Options{Type: Mbox})
	b.SetBytes(int64(len(big)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n := 0
		if err := x.Reader(bytes.NewReader(big), "mail.mbox", "", func(*Hit) error { n++; return nil }, nil); err != nil {
			b.Fatal(err)
		}
		if n == 0 && i == 0 {
			b.Log("no hits (delimit not implemented yet?)")
		}
	}
}
