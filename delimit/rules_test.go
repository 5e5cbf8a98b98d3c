package delimit

import (
	"fmt"
	"strings"
	"testing"
)

// want is one expected hit. raw defaults to uri; kind defaults to Space.
type want struct {
	uri   string
	raw   string
	kind  Kind
	flags Flags
}

type ruleCase struct {
	in   string
	opts Options
	want []want
	bol  bool // the case must start a line (E7)
}

func sp(uri string) want            { return want{uri: uri} }
func spr(uri, raw string) want      { return want{uri: uri, raw: raw} }
func ang(uri, raw string) want      { return want{uri: uri, raw: raw, kind: Angle} }
func quo(uri, raw string) want      { return want{uri: uri, raw: raw, kind: Quote} }
func abb(uri, raw string) want      { return want{uri: uri, raw: raw, kind: Abbrev} }
func hy(w want) want                { w.flags |= HyphenBreak; return w }
func none() []want                  { return nil }
func hits(w ...want) []want         { return w }
func opt(h Hyphen, ab bool) Options { return Options{Hyphen: h, Abbrev: ab} }

var (
	abbrevOn = Options{Abbrev: true}
	emailsOn = Options{Emails: true}
)

func em(raw string) want { return want{uri: "mailto:" + raw, raw: raw, kind: Email} }

// ruleTests holds the examples of SPEC §2 and Appendix E, grouped by rule.
var ruleTests = map[string][]ruleCase{
	"E1 schemes": {
		{in: "http://a/b", want: hits(sp("http://a/b"))},
		{in: "HTTP://GOOGLE.COM", want: hits(sp("HTTP://GOOGLE.COM"))},
		{in: "gopher://spinaltap.micro.umn.edu/00/Weather", want: hits(sp("gopher://spinaltap.micro.umn.edu/00/Weather"))},
		{in: "wais://vroom.com/db?x", want: hits(sp("wais://vroom.com/db?x"))},
		{in: "prospero://host.org/x", want: hits(sp("prospero://host.org/x"))},
		{in: "javascript:alert(1)", want: hits(sp("javascript:alert(1)"))},
		{in: "ipfs://bafybeigdyrzt/wiki", want: hits(sp("ipfs://bafybeigdyrzt/wiki"))},
		{in: "matrix:r/room:example.org", want: hits(sp("matrix:r/room:example.org"))},
		{in: "xhttp://a", want: none()},
		{in: "éhttp://a", want: none()},
		{in: "1http://a", want: hits(sp("http://a"))}, // E1b
		{in: "1mailto:a@example.org", want: none()},
		{in: "詳細はhttp://example.jp/を", want: hits(sp("http://example.jp/を"))},
		{in: "Яhttp://a", want: none()},
		{in: "(http://a)", want: hits(sp("http://a"))},
		{in: "--http://a", want: hits(sp("http://a"))},
		{in: "text:http://example.com/", want: hits(sp("http://example.com/"))},
		// E1: any scheme followed by "//" and an authority (was none()
		// while only registered schemes counted).
		{in: "foo://bar", want: hits(sp("foo://bar"))},
		{in: "git+https://github.com/a/b", want: hits(sp("git+https://github.com/a/b"))},
		{in: "postgres://u@h/db", want: hits(sp("postgres://u@h/db"))},
		{in: "redis://h:6379", want: hits(sp("redis://h:6379"))},
		{in: "mongodb://h", want: hits(sp("mongodb://h"))},
		{in: "socks5h://apt:pass@127.0.0.1:9050", want: hits(sp("socks5h://apt:pass@127.0.0.1:9050"))},
		{in: "mongodb://", want: none()},
		// E2: an unregistered scheme with an empty authority and a path
		// (a source map's "webpack:///./src/x.ts").
		{in: "mongodb:///x", want: hits(sp("mongodb:///x"))},
		{in: "at webpack:///./src/x.ts:12", want: hits(sp("webpack:///./src/x.ts:12"))},
		{in: "foo:///", want: none()},
		{in: `match="drv:///(hp/)?hpijs.drv/|.*-hpijs"`, want: none()},
		{in: `match="drv:///sample.drv/epson(9|24).ppd"`, want: none()},
		{in: "webpack:///./src/a(b).ts", want: hits(sp("webpack:///./src/a(b).ts"))},
		{in: `match="drv:///sample.drv/dymo.ppd"`, want: hits(quo("drv:///sample.drv/dymo.ppd", `"drv:///sample.drv/dymo.ppd"`))},
		{in: "http:///x", want: none()},
		// A list of schemes is no URI: the authority starts with a separator.
		{in: "http://,https://", want: none()},
		{in: "schemes (http://;https://)", want: none()},
		{in: "https://*.example.com/", want: hits(sp("https://*.example.com/"))},
		{in: "C://x", want: none()},
		{in: `"%s://%s"`, want: none()},
		{in: "Linkhttp://a and seehttps://b", want: none()},
		// The widest candidate wins: never apt:pass@... inside the proxy URI.
		{in: `"socks5h://apt:pass@127.0.0.1:9050"`, want: hits(quo("socks5h://apt:pass@127.0.0.1:9050", `"socks5h://apt:pass@127.0.0.1:9050"`))},
		{in: "jdbc:mysql://h/db", want: hits(sp("jdbc:mysql://h/db"))},
		{in: "jdbc:oracle:thin:@h:1521:orcl", want: none()},
		{in: "view-source:http://a/b", want: hits(sp("view-source:http://a/b"))},
		{in: "jar:file:/x.jar!/y", want: hits(sp("jar:file:/x.jar!/y"))},
		{in: "--url=jar:file:/x.jar!/y", want: none()},
		{in: "--url=jdbc:mysql://h/db", want: hits(sp("jdbc:mysql://h/db"))},
		{in: "feed:https://a/f", want: hits(sp("feed:https://a/f"))},
		// A label before a URI is prose: proxy: is registered but holds no URI.
		{in: "proxy:http://p:3128", want: hits(sp("http://p:3128"))},
		{in: "<foo://bar>", want: hits(ang("foo://bar", "<foo://bar>"))},
		// E5 revised: in brackets an unregistered scheme needs "//" or
		// "URL:" (was an angle hit).
		{in: "<x-my.scheme+1:opaque>", want: none()},
		{in: "<URL:x-my.scheme+1:opaque>", want: hits(ang("x-my.scheme+1:opaque", "<URL:x-my.scheme+1:opaque>"))},
	},
	"E1b digits before a scheme": {
		// A footnote mark glued to a URI in text extracted from a PDF.
		{in: "robots 1https://clearpathrobotics.com/ x", want: hits(sp("https://clearpathrobotics.com/"))},
		{in: "(12http://a.example/x)", want: hits(sp("http://a.example/x"))},
		// Only before "//", and only at a word start.
		{in: "10im:user@example.org", want: none()},
		{in: "a1http://a.example/", want: none()},
	},
	"E1a noise": {
		{in: "//go:build linux", want: none()},
		{in: "//go:embed x", want: none()},
		{in: "go:generate stringer", want: none()},
		{in: "git clone --filter=blob:none", want: none()},
		{in: "INFO:demo:An example", want: none()},
		{in: "-W action:message:category:module:line", want: none()},
		{in: "platform:module1", want: none()},
		{in: "tag:0", want: none()},
		{in: "/^data:.*,.*$/i.test(url)", want: none()},
		{in: "data:text", want: none()},
		// An all-capitals scheme counts when its part fits its syntax.
		{in: "URN:ISBN:0451450523", want: hits(sp("URN:ISBN:0451450523"))},
		{in: "TEL:+1-816-555-1212", want: hits(sp("TEL:+1-816-555-1212"))},
		{in: "MAILTO:user@example.org", want: hits(sp("MAILTO:user@example.org"))},
		{in: "INFO:demo", want: none()},
		{in: "NOTE: see", want: none()},
		{in: "TAG:0", want: none()},
		{in: "FILE:/etc/hosts", want: none()},
		{in: "ABOUT:BLANK", want: none()},
		{in: "mailto:xcb", want: none()},
		{in: "news:it", want: none()},
		{in: "urn:x", want: none()},
		{in: "urn:isbn", want: none()},
		{in: "tel:12", want: none()},
		{in: "tel:abc", want: none()},
		{in: "sip:alice", want: none()},
		{in: "geo:here", want: none()},
		{in: "about:Blank", want: none()},
		{in: "javascript:x", want: none()},
		{in: "--config=file:/etc/x", want: none()},
		{in: "path/mailto:a@b.c", want: none()},
		{in: "a=mailto:a@b.c", want: none()},
		{in: "--mailto:a@b.c", want: none()},
		{in: "text:mailto:a@b.c", want: none()},
		{in: "--http://a", want: hits(sp("http://a"))},
		{in: "mailto:timbl@w3.org", want: hits(sp("mailto:timbl@w3.org"))},
		{in: "Mailto:timbl@w3.org", want: hits(sp("Mailto:timbl@w3.org"))},
		{in: "mailto:?to=a@b.c&subject=x", want: hits(sp("mailto:?to=a@b.c&subject=x"))},
		{in: "news:comp.infosystems.www.servers.unix", want: hits(sp("news:comp.infosystems.www.servers.unix"))},
		{in: "news:123@example.com", want: hits(sp("news:123@example.com"))},
		{in: "urn:isbn:0451450523", want: hits(sp("urn:isbn:0451450523"))},
		{in: "tel:+1-816-555-1212", want: hits(sp("tel:+1-816-555-1212"))},
		{in: "tel:7042;phone-context=example.com", want: hits(sp("tel:7042;phone-context=example.com"))},
		{in: "fax:+358.555.1234567", want: hits(sp("fax:+358.555.1234567"))},
		{in: "sms:+15105550101,+15105550102?body=hi", want: hits(sp("sms:+15105550101,+15105550102?body=hi"))},
		{in: "file:/etc/hosts", want: hits(sp("file:/etc/hosts"))},
		{in: "data:text/plain;base64,SGVsbG8=", want: hits(sp("data:text/plain;base64,SGVsbG8="))},
		{in: "data:;base64,SGVsbG8=", want: hits(sp("data:;base64,SGVsbG8="))},
		{in: "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a", want: hits(sp("magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"))},
		{in: "sip:alice@example.com", want: hits(sp("sip:alice@example.com"))},
		{in: "sips:example.com;transport=tcp", want: hits(sp("sips:example.com;transport=tcp"))},
		{in: "xmpp:romeo@montague.net", want: hits(sp("xmpp:romeo@montague.net"))},
		{in: "geo:37.786971,-122.399677", want: hits(sp("geo:37.786971,-122.399677"))},
		{in: "about:blank", want: hits(sp("about:blank"))},
		{in: "cid:foo4*foo1@bar.net", want: hits(sp("cid:foo4*foo1@bar.net"))},
		{in: "mid:960830.1639@XIson.com/partA", want: hits(sp("mid:960830.1639@XIson.com/partA"))},
		{in: "acct:bob@example.com", want: hits(sp("acct:bob@example.com"))},
		{in: "tag:example.com,2004-05:x", want: hits(sp("tag:example.com,2004-05:x"))},
		{in: "info:lccn/2002022641", want: hits(sp("info:lccn/2002022641"))},
		{in: "doi:10.1000/182", want: hits(sp("doi:10.1000/182"))},
		{in: "javascript:void(0)", want: hits(sp("javascript:void(0)"))},
		{in: "matrix:u/alice:example.org", want: hits(sp("matrix:u/alice:example.org"))},
		{in: "spotify:track:6rqhFgbbKwnb9MLmUQDhG6", want: hits(sp("spotify:track:6rqhFgbbKwnb9MLmUQDhG6"))},
		{in: "bitcoin:175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W?amount=20.3", want: hits(sp("bitcoin:175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W?amount=20.3"))},
		{in: "URL:mailto:a@b.c", want: hits(spr("mailto:a@b.c", "URL:mailto:a@b.c"))},
		{in: `"INFO:demo"`, want: none()},
		{in: `"mailto:a@b.c"`, want: hits(quo("mailto:a@b.c", `"mailto:a@b.c"`))},
		{in: "(urn:ietf:rfc:3986)", want: hits(sp("urn:ietf:rfc:3986"))},
	},
	"E2 scheme-specific part": {
		{in: "http:g", want: none()},
		{in: "http://", want: none()},
		{in: "http:///x", want: none()},
		{in: "http://.", want: none()},
		{in: "http://999", want: hits(sp("http://999"))},
		{in: "mailto:", want: none()},
		{in: "mailto:user@example.com", want: hits(sp("mailto:user@example.com"))},
		{in: "news:comp.infosystems.www.servers.unix", want: hits(sp("news:comp.infosystems.www.servers.unix"))},
		{in: "urn:isbn:0451450523", want: hits(sp("urn:isbn:0451450523"))},
		{in: "tel:+1-816-555-1212", want: hits(sp("tel:+1-816-555-1212"))},
		{in: "data:,A%20brief%20note", want: hits(sp("data:,A%20brief%20note"))},
		// A '#' starts the fragment, also where a media type could hold
		// one: the data before it has no ','.
		{in: "dAtA:;0##,0", want: none()},
		{in: "data:text/plain;a=#,x", want: none()},
		{in: "data:,a#b#c", want: hits(spr("data:,a#b%23c", "data:,a#b#c"))},
		{in: "sip:alice@atlanta.com", want: hits(sp("sip:alice@atlanta.com"))},
		{in: "file:///etc/hosts", want: hits(sp("file:///etc/hosts"))},
		{in: "file:/etc/hosts", want: hits(sp("file:/etc/hosts"))},
		{in: "file://", want: none()},
		{in: "file:x", want: none()},
		{in: `"http:g"`, want: none()},
		{in: "<http:g>", want: hits(ang("http:g", "<http:g>"))},
	},
	"E3 characters": {
		{in: "http://bücher.example/straße", want: hits(sp("http://bücher.example/straße"))},
		{in: "http://a/b。next", want: hits(sp("http://a/b"))},
		{in: "http://a/b、next", want: hits(sp("http://a/b"))},
		{in: "«http://a/b»", want: hits(sp("http://a/b"))},
		{in: "“http://a/b”", want: hits(sp("http://a/b"))},
		{in: "‘http://a/b’", want: hits(sp("http://a/b"))},
		{in: "http://a/b…", want: hits(sp("http://a/b"))},
		// Unicode dashes between letters or digits continue an IRI; with
		// spaces around they are punctuation.
		{in: "https://en.wikipedia.org/wiki/Backus–Naur_form", want: hits(sp("https://en.wikipedia.org/wiki/Backus–Naur_form"))},
		{in: "http://a/1990—2000", want: hits(sp("http://a/1990—2000"))},
		{in: "http://a/b‑c", want: hits(sp("http://a/b‑c"))},
		{in: "http://a/b – c", want: hits(sp("http://a/b"))},
		{in: "http://a/b—", want: hits(sp("http://a/b"))},
		{in: "http://a/b/–c", want: hits(sp("http://a/b/"))},
		{in: "<http://a/b–c>", want: hits(ang("http://a/b–c", "<http://a/b–c>"))},
		// U+2010 inside a line is groff's rendering of '-'.
		{in: "https://www.gnu.org/old‐licenses/gpl‐2.0.html", want: hits(spr("https://www.gnu.org/old-licenses/gpl-2.0.html", "https://www.gnu.org/old‐licenses/gpl‐2.0.html"))},
		{in: "http://a/b‐/c", want: hits(spr("http://a/b-/c", "http://a/b‐/c"))},
		{in: "http://a/b‐ c", want: hits(sp("http://a/b"))},
		{in: "\"http://a/b‐c\"", want: hits(quo("http://a/b-c", "\"http://a/b‐c\""))},
		{in: "http://a/b\u00a0c", want: hits(sp("http://a/b"))},
		{in: "http://a/b\u3000c", want: hits(sp("http://a/b"))},
		{in: "http://a/b<c", want: hits(sp("http://a/b"))},
		{in: "http://a/b>c", want: hits(sp("http://a/b"))},
		{in: `http://a/b"c`, want: hits(sp("http://a/b"))},
		{in: "http://a/b{c", want: hits(sp("http://a/b"))},
		{in: "http://a/b}c", want: hits(sp("http://a/b"))},
		{in: "http://a/b|c", want: hits(sp("http://a/b"))},
		{in: `http://a/b\c`, want: hits(sp("http://a/b"))},
		{in: "http://a/b^c", want: hits(sp("http://a/b"))},
		{in: "http://a/b`c", want: hits(sp("http://a/b"))},
		{in: "http://a/b\tc", want: hits(sp("http://a/b"))},
		{in: "http://a/b\x01c", want: hits(sp("http://a/b"))},
		// Invalid UTF-8, a second '#', a '%' that is no escape and U+00AD
		// inside a URI are part of it, percent-encoded in its URI.
		{in: "http://a/b\xffc", want: hits(spr("http://a/b%FFc", "http://a/b\xffc"))},
		{in: "http://a.example/caf\xe9/x", want: hits(spr("http://a.example/caf%E9/x", "http://a.example/caf\xe9/x"))},
		{in: "http://a/b\x93c", want: hits(spr("http://a/b%93c", "http://a/b\x93c"))},
		{in: "\x93http://a/b\x94 x", want: hits(sp("http://a/b"))},
		{in: "http://a/b\xbb.", want: hits(sp("http://a/b"))},
		{in: "http://a/b%20c", want: hits(sp("http://a/b%20c"))},
		{in: "http://a/100%", want: hits(sp("http://a/100"))},
		{in: "(up http://a/100%)", want: hits(sp("http://a/100"))},
		{in: "http://a/b#c#d", want: hits(spr("http://a/b#c%23d", "http://a/b#c#d"))},
		{in: "https://a.example/x?a=1#b#c", want: hits(spr("https://a.example/x?a=1#b%23c", "https://a.example/x?a=1#b#c"))},
		{in: "https://a.example/doc#%_sec_6.2 x", want: hits(spr("https://a.example/doc#%25_sec_6.2", "https://a.example/doc#%_sec_6.2"))},
		{in: "http://a/b%zz/c", want: none()}, // '%' and a letter: a printf format
		{in: "http://a/b%2/c", want: hits(spr("http://a/b%252/c", "http://a/b%2/c"))},
		{in: "see https://a.example/lo\u00adng/x here", want: hits(spr("https://a.example/lo%C2%ADng/x", "https://a.example/lo\u00adng/x"))},
		{in: "see https://a.example/x\u00ad. here", want: hits(sp("https://a.example/x"))},
		{in: "<https://a.example/lo\u00adng/x>", want: hits(ang("https://a.example/lo%C2%ADng/x", "<https://a.example/lo\u00adng/x>"))},
		{in: "<http://a/b#c#d>", want: hits(ang("http://a/b#c%23d", "<http://a/b#c#d>"))},
		{in: "<http://a/%s>", want: none()},
		// An IPv6 zone identifier, escaped or raw (encoded in the URI).
		{in: "http://[fe80::1%25eth0]/", want: hits(sp("http://[fe80::1%25eth0]/"))},
		{in: "http://[fe80::1%eth0]/ x", want: hits(spr("http://[fe80::1%25eth0]/", "http://[fe80::1%eth0]/"))},
		// Entity-escaped delimiters (Doxygen, XML comments) delimit.
		{in: "&lt;http://example.org/foo&gt;", want: hits(sp("http://example.org/foo"))},
		{in: "see &LT;http://example.org/foo&GT;.", want: hits(sp("http://example.org/foo"))},
		{in: "&quot;http://example.org/foo&quot;", want: hits(sp("http://example.org/foo"))},
		{in: "http://a/x?b=1&gt=2", want: hits(sp("http://a/x?b=1&gt=2"))},
		{in: "http://a/x?b=1&lt", want: hits(sp("http://a/x?b=1&lt"))},
		{in: "http://[::1]:80/x", want: hits(sp("http://[::1]:80/x"))},
		{in: "http://a/x?q=1&r=[2]", want: hits(sp("http://a/x?q=1&r=[2]"))},
		{in: "http://ﻡﻮﻘﻋ.ﻭﺯﺍﺭﺓ/", want: hits(sp("http://ﻡﻮﻘﻋ.ﻭﺯﺍﺭﺓ/"))},
		{in: "http://a/पोलൊ\u200d.html", want: hits(sp("http://a/पोलൊ\u200d.html"))},
	},
	// Rules found by the judged evaluation of testdata/accuracy (issue 9).
	"judged real text": {
		// An authority starting with '$' is a shell or template variable.
		{in: "console.log(`Server running at http://${hostname}:${port}/`);"},
		{in: "GIT_URL=http://$hostname/git/foo/bar.git"},
		{in: "http://a$b/c", want: hits(sp("http://a$b/c"))},
		// '%' and a letter that is no %HH escape: a printf format.
		{in: "url = 'https://www.rfc-editor.org/rfc/rfc%d.txt' % int(rfc)"},
		{in: "return 'http://a/%s' % name"},
		{in: "see http://a/100% of it", want: hits(sp("http://a/100"))},
		{in: "http://a/b%2Fc", want: hits(sp("http://a/b%2Fc"))},
		// '[...]' closed before '/': a placeholder segment, not AsciiDoc text.
		{in: "ssh://[user@]host.xz[:port]/~[user]/path/to/repo.git/", want: hits(sp("ssh://[user@]host.xz[:port]/~[user]/path/to/repo.git/"))},
		{in: "https://a/b[text]/", want: hits(sp("https://a/b[text]/"))},
		{in: "https://a/b[text] and /c", want: hits(sp("https://a/b"))},
		// A registered scheme after a dot in an unregistered name starts the URI.
		{in: "git config credential.https://example.com.username me", want: hits(sp("https://example.com.username"))},
		{in: "x.unknown://a/b", want: hits(sp("x.unknown://a/b"))},
		// A quoted data: URI whose data goes on past a blank is code.
		{in: `node --import 'data:text/javascript,import { register } from "node:module";'`},
		{in: "'data:text/plain,abc'", want: hits(sp("data:text/plain,abc"))},
		{in: "see data:text/plain,abc def", want: hits(sp("data:text/plain,abc"))},
	},
	"E4 trailing punctuation": {
		// AsciiDoc link text after a fragment: no '[' in a fragment.
		{in: "https://wiki.example/a#how-to[here]", want: hits(sp("https://wiki.example/a#how-to"))},
		{in: "link:https://wiki.example/a#how-to[here] x", want: hits(sp("https://wiki.example/a#how-to"))},
		{in: "https://a/x?q=1#frag[open a ticket]", want: hits(sp("https://a/x?q=1#frag"))},
		// TeX: a macro argument ends at its closing brace, keeps a final
		// ':' or '/', and its escapes are undone.
		{in: `\url{http://a.example/x\#y\_z}`, want: hits(spr("http://a.example/x#y_z", `http://a.example/x\#y\_z`))},
		{in: `\href{https://a.example/p\%20q/\~u}{the text}`, want: hits(spr("https://a.example/p%20q/~u", `https://a.example/p\%20q/\~u`))},
		{in: `\href{https://a.example/a\&b=\$1}{t}`, want: hits(spr("https://a.example/a&b=$1", `https://a.example/a\&b=\$1`))},
		{in: `xmlns {http://prefix.example/ns:}`, want: hits(sp("http://prefix.example/ns:"))},
		{in: `\url{http://a.example/dir/}.`, want: hits(sp("http://a.example/dir/"))},
		{in: `\url{mailto:a@example.org}`, want: hits(sp("mailto:a@example.org"))},
		{in: `\url{http://a/100\%}`, want: hits(spr("http://a/100%25", `http://a/100\%`))},
		{in: `see http://a/b\#c`, want: hits(sp("http://a/b"))},
		{in: `{A0://\#}`, want: none()}, // the authority starts with '#' once unescaped
		{in: `{http://a/b\%`, want: hits(sp("http://a/b"))},
		{in: `{http://a/b. c}`, want: hits(sp("http://a/b"))},
		{in: "http://a/b.", want: hits(sp("http://a/b"))},
		{in: "http://a/b,", want: hits(sp("http://a/b"))},
		{in: "http://a/b;", want: hits(sp("http://a/b"))},
		{in: "http://a/b:", want: hits(sp("http://a/b"))},
		{in: "http://a/b!", want: hits(sp("http://a/b"))},
		{in: "http://a/b?", want: hits(sp("http://a/b"))},
		{in: "http://a/b'", want: hits(sp("http://a/b"))},
		{in: "http://a/b.!?';:,", want: hits(sp("http://a/b"))},
		{in: "http://en.wikipedia.org/wiki/URI_(disambiguation)", want: hits(sp("http://en.wikipedia.org/wiki/URI_(disambiguation)"))},
		{in: "(see http://a/b)", want: hits(sp("http://a/b"))},
		{in: "(see http://a/b).", want: hits(sp("http://a/b"))},
		{in: "http://a/(b).", want: hits(sp("http://a/(b)"))},
		{in: `"http://example.com/x,"`, want: hits(quo("http://example.com/x", `"http://example.com/x,"`))},
		{in: `"http://a/b.,"`, want: hits(quo("http://a/b", `"http://a/b.,"`))},
		{in: `"mailto:a@b.c."`, want: hits(quo("mailto:a@b.c", `"mailto:a@b.c."`))},
		{in: `"http://a/b;"`, want: hits(quo("http://a/b;", `"http://a/b;"`))},
		// AsciiDoc link macros: a '[' in the path starts the link text.
		{in: "https://github.com/o/r/security/advisories/new[open a security advisory]", want: hits(sp("https://github.com/o/r/security/advisories/new"))},
		{in: "link:https://a/b[text]", want: hits(sp("https://a/b"))},
		{in: "http://a/b[text]", want: hits(sp("http://a/b"))},
		{in: "mailto:a@b.c[Mail us]", want: hits(sp("mailto:a@b.c"))},
		{in: "https://a/x?q=1[open a ticket]", want: hits(sp("https://a/x?q=1"))},
		{in: "http://a/x?a[]=1&a[]=2", want: hits(sp("http://a/x?a[]=1&a[]=2"))},
		{in: "http://[::1]/x[y]", want: hits(sp("http://[::1]/x"))},
		{in: `"http://a/b[0]"`, want: hits(quo("http://a/b[0]", `"http://a/b[0]"`))},
		{in: "www.example.com/x[text]", opts: abbrevOn, want: hits(abb("http://www.example.com/x", "www.example.com/x"))},
		{in: "*http://a/b*", want: hits(sp("http://a/b"))},
		{in: "**http://a/b**.", want: hits(sp("http://a/b"))},
		// the wrapper before punctuation that opens the emphasized text
		{in: "*!http://a/b*", want: hits(sp("http://a/b"))},
		{in: "_(http://a/b)_", want: hits(sp("http://a/b"))},
		{in: "see !http://a/b*", want: hits(sp("http://a/b*"))},
		{in: "_http://a/b_", want: hits(sp("http://a/b"))},
		{in: "http://a/b_c_", want: hits(sp("http://a/b_c_"))},
		{in: "`http://a/b`", want: hits(sp("http://a/b"))},
		{in: "'http://a/b'", want: hits(sp("http://a/b"))},
		{in: "(http://a/b)", want: hits(sp("http://a/b"))},
		{in: "[http://a/b]", want: hits(sp("http://a/b"))},
		{in: "[text](http://a/b)", want: hits(sp("http://a/b"))},
		{in: "http://a/b-", want: hits(sp("http://a/b-"))},
		{in: "http://a/b.c", want: hits(sp("http://a/b.c"))},
	},
	"E5 angle brackets": {
		{in: "<http://a/b>", want: hits(ang("http://a/b", "<http://a/b>"))},
		{in: "<http://a/b>.", want: hits(ang("http://a/b", "<http://a/b>"))},
		{in: "<ftp://ds.internic.\n      net/rfc/>", want: hits(ang("ftp://ds.internic.net/rfc/", "<ftp://ds.internic.\n      net/rfc/>"))},
		{in: "< http://a/b >", want: hits(ang("http://a/b", "< http://a/b >"))},
		{in: "<\nhttp://a/b\n>", want: hits(ang("http://a/b", "<\nhttp://a/b\n>"))},
		// Whitespace inside a line is not removed (E5 revised; was
		// http://a/bcde): scanned as bare text.
		{in: "<http://a/b\tc d\r\ne>", want: hits(sp("http://a/b"))},
		{in: "<http://a/b\r\n  c \r\n>", want: hits(ang("http://a/bc", "<http://a/b\r\n  c \r\n>"))},
		{in: "<http://a/b >", want: hits(ang("http://a/b", "<http://a/b >"))},
		{in: "<mailto:xcb at lists.freedesktop.org>", want: none()},
		{in: "<mailto:a@b.org at x>", want: hits(sp("mailto:a@b.org"))},
		{in: "<user:password>", want: none()},
		{in: "<HOST1:PORT1:HOST2:PORT2>", want: none()},
		{in: `<xsl:output method="xml"/>`, want: none()},
		{in: "<o:p>", want: none()},
		{in: "<xmx:abc123>", want: none()},
		{in: "<Undisclosed-Recipient:;>", want: none()},
		{in: "<<<<<<< yours:sample.txt\nmine\n=======\ntheirs\n>>>>>>> theirs:sample.txt", want: none()},
		{in: "<URL:x-scheme:anything>", want: hits(ang("x-scheme:anything", "<URL:x-scheme:anything>"))},
		{in: "<postgres://h/db>", want: hits(ang("postgres://h/db", "<postgres://h/db>"))},
		{in: "<tag:0>", want: hits(ang("tag:0", "<tag:0>"))},
		// A break may fall inside a %HH escape.
		{in: "<http://a/b%\n 20c>", want: hits(ang("http://a/b%20c", "<http://a/b%\n 20c>"))},
		{in: "<http://a/b%2\n 0c>", want: hits(ang("http://a/b%20c", "<http://a/b%2\n 0c>"))},
		{in: "<http://a/b%\n 2x>", want: hits(sp("http://a/b"))},
		{in: "<http://a/b% 20c>", want: hits(sp("http://a/b"))},
		// A new scheme:// on a continuation line is another URI.
		{in: "<http://a/ns\n  http://a/ns.xsd>", want: hits(sp("http://a/ns"), sp("http://a/ns.xsd"))},
		{in: "<http://a/b.>", want: hits(ang("http://a/b.", "<http://a/b.>"))},
		{in: "<http://a/(b>", want: hits(ang("http://a/(b", "<http://a/(b>"))},
		{in: "<http://a/b", want: hits(sp("http://a/b"))},
		{in: "<http://a/b{c}>", want: hits(sp("http://a/b"))},
		{in: "<http://a/b <http://c/d>", want: hits(sp("http://a/b"), ang("http://c/d", "<http://c/d>"))},
		{in: "<http://a/\n1\n2\n3\n4\n5\n6\n7>", want: hits(ang("http://a/1234567", "<http://a/\n1\n2\n3\n4\n5\n6\n7>"))},
		{in: "<http://a/\n1\n2\n3\n4\n5\n6\n7\n8>", want: hits(sp("http://a/"))},
		{in: "<http://a/" + strings.Repeat("x", 4100) + ">", want: hits(sp("http://a/" + strings.Repeat("x", 4100)))},
		{in: "<http:>", want: none()},
		{in: "<http://>", want: none()},
		{in: "<file:///etc/hosts>", want: hits(ang("file:///etc/hosts", "<file:///etc/hosts>"))},
		{in: "<<http://a/b>>", want: hits(ang("http://a/b", "<http://a/b>"))},
	},
	"E6 quotes": {
		{in: `"http://www.w3.org/Addressing/"`, want: hits(quo("http://www.w3.org/Addressing/", `"http://www.w3.org/Addressing/"`))},
		{in: `"http://www.w3.org/Addressing/",`, want: hits(quo("http://www.w3.org/Addressing/", `"http://www.w3.org/Addressing/"`))},
		{in: "\"http://a/b/\nc/d\"", want: hits(quo("http://a/b/c/d", "\"http://a/b/\nc/d\""))},
		{in: "\"http://a/b/  \n    c/d\"", want: hits(quo("http://a/b/c/d", "\"http://a/b/  \n    c/d\""))},
		{in: "\"http://a/b/\r\nc/d\"", want: hits(quo("http://a/b/c/d", "\"http://a/b/\r\nc/d\""))},
		{in: "\"http://a/b/\nc d\"", want: hits(sp("http://a/b/"))},
		{in: `"http://a/b c"`, want: hits(sp("http://a/b"))},
		{in: `"http://a/b`, want: hits(sp("http://a/b"))},
		// E4 revised: a '.' or ',' right before the closing quote is
		// stripped (was http://a/b.).
		{in: `"http://a/b."`, want: hits(quo("http://a/b", `"http://a/b."`))},
		{in: "schemaLocation=\"http://a/ns\n  http://a/ns.xsd\"", want: hits(sp("http://a/ns"), sp("http://a/ns.xsd"))},
		{in: "\"http://a/b%\n20c\"", want: hits(quo("http://a/b%20c", "\"http://a/b%\n20c\""))},
		{in: "\"http://a/b%2\n  0c\"", want: hits(quo("http://a/b%20c", "\"http://a/b%2\n  0c\""))},
		{in: "\"http://a/b%\nxc\"", want: hits(sp("http://a/b"))},
		{in: "\"http://a/b/\nc/d.\"", want: hits(quo("http://a/b/c/d", "\"http://a/b/\nc/d.\""))},
		// FuzzFind: the ',' was kept when the closing quote stood alone on
		// the next line.
		{in: "\"http://a/b,\n\"", want: hits(quo("http://a/b", "\"http://a/b,\n\""))},
		{in: "\"http://a/b\n.\"", want: hits(quo("http://a/b", "\"http://a/b\n.\""))},
		{in: `"see http://a/b."`, want: hits(sp("http://a/b"))},
		{in: `"mailto:a@b.c"`, want: hits(quo("mailto:a@b.c", `"mailto:a@b.c"`))},
	},
	"E7 mail quote prefixes": {
		{bol: true, in: "> see <http://a/b/\n> c/d>", want: hits(ang("http://a/b/c/d", "<http://a/b/\n> c/d>"))},
		{bol: true, in: ">> see <http://a/b/\n>>   c/d>", want: hits(ang("http://a/b/c/d", "<http://a/b/\n>>   c/d>"))},
		{bol: true, in: "> > see <http://a/b/\n> > c/d>", want: hits(ang("http://a/b/c/d", "<http://a/b/\n> > c/d>"))},
		{bol: true, in: "| see <http://a/b/\n| c/d>", want: hits(ang("http://a/b/c/d", "<http://a/b/\n| c/d>"))},
		{bol: true, in: "> see \"http://a/b/\n> c/d\"", want: hits(quo("http://a/b/c/d", "\"http://a/b/\n> c/d\""))},
		{bol: true, in: "see <http://a/b/\n> c/d>", want: hits(ang("http://a/b/", "<http://a/b/\n>"))},
		{bol: true, in: "> see <http://a/b/\n>> c/d>", want: hits(ang("http://a/b/", "<http://a/b/\n>"))},
	},
	"E8a breaks of text from a PDF": {
		{in: "see http://\ncreativecommons.org/licenses/by/4.0/ now", want: hits(spr("http://creativecommons.org/licenses/by/4.0/", "http://\ncreativecommons.org/licenses/by/4.0/"))},
		{in: "see http://\r\nwww.example.org/x now", want: hits(spr("http://www.example.org/x", "http://\r\nwww.example.org/x"))},
		{in: "at http://proceedings.mlr.\npress/v97/welleck19a.html ok", want: hits(spr("http://proceedings.mlr.press/v97/welleck19a.html", "http://proceedings.mlr.\npress/v97/welleck19a.html"))},
		{in: "at http://www.example.\norg:8080/x ok", want: hits(spr("http://www.example.org:8080/x", "http://www.example.\norg:8080/x"))},
		{in: "doi https://doi.org/10.6084/m9.\uFB01gshare.2 x", want: hits(spr("https://doi.org/10.6084/m9.figshare.2", "https://doi.org/10.6084/m9.\uFB01gshare.2"))},
		{in: "URL https:\n//www.fda.gov/x", want: hits(spr("https://www.fda.gov/x", "https:\n//www.fda.gov/x"))},
		{in: "see http:\r\n//creativecommons.org/licenses/ now", want: hits(spr("http://creativecommons.org/licenses/", "http:\r\n//creativecommons.org/licenses/"))},
		{in: "FTP:\n//ftp.example.org/pub.", want: hits(spr("FTP://ftp.example.org/pub", "FTP:\n//ftp.example.org/pub"))},
		// Not joined: a blank line, another URI, indentation, a sentence's end.
		{in: "Note:\n//comment", want: none()},
		{in: "Note:\n//www.example.org/x", want: none()},
		{in: "https:\n// spaced", want: none()},
		{in: "https:\n//nohost", want: none()},
		{in: "https:\n//nohost/a.b", want: none()},
		{in: "foo:\n//host.example", want: none()},
		{in: "https:\n  //www.example.org/x", want: none()},
		{in: "https:\n\n//www.example.org/x", want: none()},
		{in: "https:\r//www.example.org/x", want: none()},
		{in: "https:\n//http://a.example/", want: hits(sp("http://a.example/"))},
		{in: "x http://\n\nfoo.org/x", want: none()},
		{in: "x http://\nhttp://a.example/", want: hits(sp("http://a.example/"))},
		{in: "x http://\n  foo.org/x", want: none()},
		{in: "see http://example.com.\nand/or more", want: hits(sp("http://example.com"))},
		{in: "see http://example.de.\nund/oder", want: hits(sp("http://example.de"))},
		{in: "see http://a.example/x.\nand/or more", want: hits(sp("http://a.example/x"))},
		{in: "see http://a.example.\nThe/end", want: hits(sp("http://a.example"))},
	},
	"E8 hyphen at a line break": {
		{in: "<http://a/b-\n   c>", want: hits(hy(ang("http://a/b-c", "<http://a/b-\n   c>")))},
		{in: "<http://a/b-\n   c>", opts: opt(HyphenDrop, false), want: hits(hy(ang("http://a/bc", "<http://a/b-\n   c>")))},
		{in: "<http://a/b-\n   c>", opts: opt(HyphenBoth, false), want: hits(hy(ang("http://a/b-c", "<http://a/b-\n   c>")), hy(ang("http://a/bc", "<http://a/b-\n   c>")))},
		{in: "<http://a/b- \n c-\nd>", opts: opt(HyphenDrop, false), want: hits(hy(ang("http://a/bcd", "<http://a/b- \n c-\nd>")))},
		{in: "\"http://a/b-\nc\"", opts: opt(HyphenBoth, false), want: hits(hy(quo("http://a/b-c", "\"http://a/b-\nc\"")), hy(quo("http://a/bc", "\"http://a/b-\nc\"")))},
		// No line break: the space is inside a line, so no angle hit (E5
		// revised; was http://a/b-c).
		{in: "<http://a/b- c>", opts: opt(HyphenDrop, false), want: hits(sp("http://a/b-"))},
		{in: "<http://a/b\n-c>", opts: opt(HyphenDrop, false), want: hits(ang("http://a/b-c", "<http://a/b\n-c>"))},
		// A typesetter's hyphen (U+2010, U+00AD) at a line end is never
		// part of the URI, whatever the policy, and the hit is not marked.
		{in: "<http://stan‐\n   dards.example/x>", want: hits(ang("http://standards.example/x", "<http://stan‐\n   dards.example/x>"))},
		{in: "<http://stan\u00ad\n   dards.example/x>", opts: opt(HyphenBoth, false), want: hits(ang("http://standards.example/x", "<http://stan\u00ad\n   dards.example/x>"))},
		{in: "\"http://stan‐\n dards.example/x\"", want: hits(quo("http://standards.example/x", "\"http://stan‐\n dards.example/x\""))},
		{in: "http://stan‐\n       dards.example/x", want: hits(spr("http://standards.example/x", "http://stan‐\n       dards.example/x"))},
		{in: "http://stan\u00ad\r\n\tdards.example/x.", want: hits(spr("http://standards.example/x", "http://stan\u00ad\r\n\tdards.example/x"))},
		{in: "https://a/very‐\n  long‐\n  path/", want: hits(spr("https://a/verylongpath/", "https://a/very‐\n  long‐\n  path/"))},
		{in: "mailto:joe‐\n  smith@example.org", want: hits(spr("mailto:joesmith@example.org", "mailto:joe‐\n  smith@example.org"))},
		// Evidence for a bare join: never ASCII '-', the hyphen at the very
		// end of the line, a letter or digit next, no new scheme://.
		{in: "http://a/b-\n c", want: hits(sp("http://a/b-"))},
		{in: "http://stan‐ \n dards", want: hits(sp("http://stan"))},
		{in: "http://a/x‐\n\nmore", want: hits(sp("http://a/x"))},
		{in: "http://a/x‐\n  (more)", want: hits(sp("http://a/x"))},
		{in: "http://a/x‐\n  http://b/", want: hits(sp("http://a/x"), sp("http://b/"))},
		{in: "http://a/(x‐\n  y)", want: hits(spr("http://a/(xy)", "http://a/(x‐\n  y)"))},
	},
	"E9 URL: prefix": {
		{in: "<URL:http://a/b>", want: hits(ang("http://a/b", "<URL:http://a/b>"))},
		{in: "<URL: http://a/b>", want: hits(ang("http://a/b", "<URL: http://a/b>"))},
		{in: "<url:http://a/b>", want: hits(ang("http://a/b", "<url:http://a/b>"))},
		{in: "<Url:\n  http://a/b>", want: hits(ang("http://a/b", "<Url:\n  http://a/b>"))},
		{in: "URL:http://a/b", want: hits(spr("http://a/b", "URL:http://a/b"))},
		{in: "uRl:http://a/b.", want: hits(spr("http://a/b", "uRl:http://a/b"))},
		{in: "see URL: http://a/b", want: hits(sp("http://a/b"))},
		{in: "xURL:http://a/b", want: hits(sp("http://a/b"))},
		{in: `"URL:http://a/b"`, want: hits(quo("http://a/b", `"URL:http://a/b"`))},
		{in: "<URL:>", want: none()},
		{in: "<URL:foo>", want: none()},
	},
	"E10 fragments": {
		{in: "<http://a/b#frag>", want: hits(ang("http://a/b#frag", "<http://a/b#frag>"))},
		{in: "http://a/b#frag.", want: hits(sp("http://a/b#frag"))},
		{in: `"http://a/b#frag"`, want: hits(quo("http://a/b#frag", `"http://a/b#frag"`))},
		{in: "<http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>", want: hits(ang("http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING", "<http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>"))},
	},
	"E11 abbreviated URLs": {
		{in: "www.w3.org/Addressing/", opts: abbrevOn, want: hits(abb("http://www.w3.org/Addressing/", "www.w3.org/Addressing/"))},
		{in: "ftp.example.org/pub", opts: abbrevOn, want: hits(abb("ftp://ftp.example.org/pub", "ftp.example.org/pub"))},
		{in: "see www.example.com.", opts: abbrevOn, want: hits(abb("http://www.example.com", "www.example.com"))},
		{in: "(www.example.com/a_(b))", opts: abbrevOn, want: hits(abb("http://www.example.com/a_(b)", "www.example.com/a_(b)"))},
		{in: "example.com/path.", opts: abbrevOn, want: hits(abb("http://example.com/path", "example.com/path"))},
		{in: "example.co.uk:8080/x", opts: abbrevOn, want: hits(abb("http://example.co.uk:8080/x", "example.co.uk:8080/x"))},
		{in: "example.com", opts: abbrevOn, want: none()},
		{in: "foo.notatld/path", opts: abbrevOn, want: none()},
		{in: "e.g./x", opts: abbrevOn, want: none()},
		{in: "1.5/2", opts: abbrevOn, want: none()},
		{in: "user@www.example.com", opts: abbrevOn, want: none()},
		{in: "www.w3.org/Addressing/", want: none()},
		{in: "http://www.w3.org/x", opts: abbrevOn, want: hits(sp("http://www.w3.org/x"))},
		{in: "www.a.b http://c/d", opts: abbrevOn, want: hits(sp("http://c/d"))},
		{in: "a.b", opts: abbrevOn, want: none()},
		{in: "debian/rules.in/x and test-lib.sh/f", opts: abbrevOn, want: none()},
		{in: "example.co.in/x", opts: abbrevOn, want: hits(abb("http://example.co.in/x", "example.co.in/x"))},
		{in: "www.example.in", opts: abbrevOn, want: hits(abb("http://www.example.in", "www.example.in"))},
		{in: "WWW.Example.ORG", opts: abbrevOn, want: hits(abb("http://WWW.Example.ORG", "WWW.Example.ORG"))},
		{in: "Ftp.Example.org:21/pub/", opts: abbrevOn, want: hits(abb("ftp://Ftp.Example.org:21/pub/", "Ftp.Example.org:21/pub/"))},
		{in: "www.example.com@x", opts: abbrevOn, want: none()},
		{in: "*www.example.com/x*", opts: abbrevOn, want: hits(abb("http://www.example.com/x", "www.example.com/x"))},
		// FuzzFind: a host followed by "://" is a scheme name (E1); as an
		// abbreviated URL it made "!www.0.AA://0" and "www.0.AA://0" differ.
		{in: "www.0.AA://0", opts: abbrevOn, want: hits(sp("www.0.AA://0"))},
		{in: "!www.0.AA://0", opts: abbrevOn, want: hits(sp("www.0.AA://0"))},
		{in: "!www.0.AA+://0", opts: abbrevOn, want: hits(sp("www.0.AA+://0"))},
	},
	"Emails": {
		{in: "user@example.com", opts: emailsOn, want: hits(em("user@example.com"))},
		{in: "user@example.com", want: none()},
		{in: "first.last+tag@sub.example.co.uk", opts: emailsOn, want: hits(em("first.last+tag@sub.example.co.uk"))},
		{in: "write to joe@example.com.", opts: emailsOn, want: hits(em("joe@example.com"))},
		{in: "(joe@example.com)", opts: emailsOn, want: hits(em("joe@example.com"))},
		{in: `"joe@example.com"`, opts: emailsOn, want: hits(em("joe@example.com"))},
		{in: "<joe@example.com>", opts: emailsOn, want: hits(em("joe@example.com"))},
		{in: "joe@example.comです", opts: emailsOn, want: hits(em("joe@example.com"))},
		{in: "mailto:user@example.com", opts: emailsOn, want: hits(sp("mailto:user@example.com"))},
		{in: "http://user@example.com/", opts: emailsOn, want: hits(sp("http://user@example.com/"))},
		{in: "<mailto:user@example.com>", opts: emailsOn, want: hits(ang("mailto:user@example.com", "<mailto:user@example.com>"))},
		{in: "Contact:joe@example.com", opts: emailsOn, want: none()},
		{in: "--author=joe@example.com", opts: emailsOn, want: none()},
		{in: "path/joe@example.com", opts: emailsOn, want: none()},
		{in: "git@github.com:o/r.git", opts: emailsOn, want: none()},
		{in: "joe@example.com/x", opts: emailsOn, want: none()},
		{in: "joe@example.com@x.org", opts: emailsOn, want: none()},
		{in: "joe@localhost", opts: emailsOn, want: none()},
		{in: "joe@example.c0m", opts: emailsOn, want: none()},
		{in: "joe@example.c", opts: emailsOn, want: none()},
		{in: "joe@-example.com", opts: emailsOn, want: none()},
		{in: "joe..x@example.com", opts: emailsOn, want: none()},
		{in: ".joe@example.com", opts: emailsOn, want: none()},
		{in: "joe.@example.com", opts: emailsOn, want: none()},
		{in: "joe@example.comé", opts: emailsOn, want: none()},
		{in: "@example.com", opts: emailsOn, want: none()},
		{in: "first.last@www.example.com", opts: Options{Emails: true, Abbrev: true}, want: hits(em("first.last@www.example.com"))},
	},
	"E12 non-hits": {
		{in: "<first>/<second>", want: none()},
		{in: "<scheme>:<scheme-specific-part>", want: none()},
		{in: "Note: see", want: none()},
		{in: "10:30", want: none()},
		{in: "e.g.:x", want: none()},
		{in: "user@example.com", want: none()},
		{in: "http:", want: none()},
		{in: "http://", want: none()},
		{in: `"http://"`, want: none()},
		{in: "<scheme>://<site><path>?<query>", want: none()},
		{in: "Data::Dumper and DNS::Resolver", want: none()},
		{in: "<OT::Coverage::iter_t, hb_set_t const&>", want: none()},
		{in: "<Color.RED: 1>", want: none()},
		{in: "<http:\n//a/b>", want: none()},
		{in: "Data::Dumper http://a/b", want: hits(sp("http://a/b"))},
	},
}

// surround is the text put before and after every case (as xurls' tests do).
var surround = [][2]string{
	{"", ""},
	{"foo ", " bar"},
	{"x\n  ", "\nbaz"},
	{"a\n\n(", ") b"},
	{"x\n", "\nbaz"},
}

func TestRules(t *testing.T) {
	for rule, cases := range ruleTests {
		for _, tc := range cases {
			for _, sur := range surround {
				in := sur[0] + tc.in + sur[1]
				if tc.bol && sur[0] != "" && !strings.HasSuffix(sur[0], "\n") {
					continue
				}
				if sur[1] == ") b" && strings.HasSuffix(tc.in, ")") {
					continue // would change what closes the hit
				}
				t.Run(fmt.Sprintf("%s/%q", rule, in), func(t *testing.T) {
					checkHits(t, in, tc.opts, tc.want)
				})
			}
		}
	}
}

// checkHits checks Find(in) against want: URI, Kind, Flags, Raw ==
// in[Start:End] (found in order), Line and Col.
func checkHits(t *testing.T, in string, opts Options, want []want) {
	t.Helper()
	got := Find([]byte(in), opts)
	if len(got) != len(want) {
		t.Fatalf("Find(%q) = %d hits %v, want %d %v", in, len(got), uris(got), len(want), want)
	}
	from := 0
	for i, w := range want {
		g := got[i]
		raw := w.raw
		if raw == "" {
			raw = w.uri
		}
		if g.URI != w.uri || g.Kind != w.kind || g.Flags != w.flags || g.Raw != raw {
			t.Errorf("Find(%q)[%d] = %q %v %v raw %q, want %q %v %v raw %q", in, i, g.URI, g.Kind, g.Flags, g.Raw, w.uri, w.kind, w.flags, raw)
			continue
		}
		start := strings.Index(in[from:], raw) + from
		if i > 0 && got[i-1].Start == g.Start {
			start = int(g.Start) // HyphenBoth: same span
		}
		if int(g.Start) != start || int(g.End) != start+len(raw) || in[g.Start:g.End] != g.Raw {
			t.Errorf("Find(%q)[%d] span [%d,%d), want [%d,%d)", in, i, g.Start, g.End, start, start+len(raw))
		}
		line := 1 + strings.Count(in[:start], "\n")
		col := start - (strings.LastIndexByte(in[:start], '\n') + 1) + 1
		if g.Line != line || g.Col != col {
			t.Errorf("Find(%q)[%d] at %d:%d, want %d:%d", in, i, g.Line, g.Col, line, col)
		}
		from = int(g.End)
		if i+1 < len(want) && got[i+1].Start == g.Start {
			from = int(g.Start)
		}
	}
}

func uris(hs []Hit) []string {
	var s []string
	for _, h := range hs {
		s = append(s, h.URI)
	}
	return s
}
