// Package delimit finds URIs written in plain text: Appendix E of the seed
// draft ("Recommendations for Delimiting URIs in Context"), rules E1–E12 of
// SPEC §2. It knows nothing about files, HTML or mail.
//
// A hit is a URI found in text with its byte offsets, line and column and the
// way it was delimited: bare (Space), in angle brackets (Angle), in double
// quotes (Quote), an abbreviated URL without a scheme (Abbrev, E11), or,
// with Options.Emails, a bare e-mail address (Email).
//
// Scanning never runs a regular expression over the input: it skips to the
// next ':' or '<' (and '.' with Options.Abbrev, '@' with Options.Emails)
// with bytes.IndexByte and confirms each candidate locally, looking a few
// bytes back for a scheme and forward for the rest of the URI.
//
// # Decisions where SPEC §2 is silent
//
//   - E1: a run of scheme characters before ':' loses leading '+', '-', '.'
//     ("--http://a" is a hit); a scheme right after Han, Hiragana or Katakana
//     is at a word start (those scripts put no space before a URI).
//   - E1: an unregistered scheme followed by "//" needs two or more
//     characters ("C://x" is a drive, "%s://%s" a format string), and is
//     not http, https or ftp with letters or digits glued before it
//     ("Linkhttp://a" is a missing space; SPEC: "xhttp://a" holds no hit).
//     An unregistered name whose part after its last '.' is a registered
//     scheme starts at that scheme ("credential.https://example.com" in a
//     git config key): a dotted prefix is a key or qualifier, not part of
//     a scheme anyone writes. An authority that starts with '$' makes no
//     hit ("http://${host}:${port}/", "http://$hostname/x"): no host name
//     starts so; it is a shell or template variable, and a link checker
//     would fetch the template. Nor does one that starts with a separator
//     (, ; ! ' ( ) = + &): "http://,https://" is a list of schemes. A
//     scheme not registered with an authority may have an empty one
//     before a path that starts with a letter, digit, '.', '_', '~', '-',
//     '%' or a non-ASCII character ("webpack:///./src/x.ts", a source map's URI; "mongodb:///x"; not
//     "drv:///(hp/)?x.drv/" in a regular expression, and no bare hit of
//     it leaves a '(' open: "drv:///a.drv/epson(9|24).ppd"); a registered
//     authority scheme may not ("http:///x", "ldap:///", E2).
//   - E1, widest wins: a scheme defined to hold another URI (jar, feed,
//     view-source, blob, filesystem, and the unregistered jdbc) followed
//     by a URI with "//" or a file: path is one hit with it
//     ("jdbc:mysql://h/db", "jar:file:/x.jar!/y"); any other word before
//     such a URI is a label and is left out ("proxy:http://p:3128",
//     "text:http://a"). Candidates are confirmed left to right and a hit
//     moves the scan past its end, so a candidate inside a hit
//     ("apt:pass@..." in "socks5h://apt:pass@127.0.0.1:9050") is never
//     reported.
//   - E1, E12: "Name::Member" (C++, Perl, Rust) is never a hit, and in angle
//     brackets the scheme-specific part starts right after the colon, so
//     "<Color.RED: 1>" (Python's enum repr) and "<OT::Value>" are not hits.
//     "URL" is never the scheme of an angle hit (E9).
//   - E2: in angle brackets a scheme-specific part of slashes only
//     ("<http://>") is no hit; file: needs a path with more than slashes.
//   - E5: whitespace is removed where it belongs to a line break (the
//     blanks before the break, the break, the quote prefix and the
//     indentation after it), after '<' and after "URL:" (the grammar
//     allows it there), and right before '>' ("< http://a/b >", as after
//     '<'); a blank anywhere else inside a line makes the text no angle
//     hit, since a URI written in brackets is broken only at line ends
//     ("<mailto:xcb at lists.example.org>" is an obfuscated address, not
//     "mailto:xcbatlists..."). A %HH escape split by a break needs its
//     remaining hex digits first on the next line. A continuation line
//     that starts with "scheme://" makes it no angle hit: scanned bare it
//     gives two hits. In brackets an unregistered scheme needs "//" or
//     "URL:" ("<xsl:output>", "<o:p>", "<user:password>", "<xmx:abc>"
//     are XML, placeholders and tokens).
//   - E3: non-ASCII symbols (So, Sm: "✪", "｜") end a hit like punctuation;
//     U+200C and U+200D continue it (Indic and Arabic words need them).
//     A second '#' ("?a=1#b#c") and a '%' not followed by two hex digits
//     ("#%_sec_6.2", an IPv6 zone "[fe80::1%eth0]") do not end it:
//     browsers, link checkers and every other extractor take the whole;
//     Hit.URI has them percent-encoded ("%23", "%25"). A '%' right before
//     whitespace or the end (also after one hex digit) ends it, and a
//     final '%' is stripped (E4): "(up 100%)". A '%' followed by a letter
//     that is no %HH escape, outside an IP literal, makes no hit at all
//     ("'https://a/rfc%d.txt' % n", "'http://a/%s'"): it is a printf
//     format, not a URI. Invalid UTF-8 is part of the URI (Hit.URI has
//     "%E9" for the byte 0xE9) when the byte is a Latin-1 letter (0xC0 to
//     0xFF but × and ÷) or stands before a letter, digit, '/', '-' or '_';
//     other bytes (Latin-1 and Windows-1252 quotes and guillemets: "»",
//     "”") end it. U+00AD SOFT HYPHEN before a letter or digit is part of
//     the URI, as cmark-gfm keeps it, and Hit.URI has "%C2%AD" for it (at
//     a line end it is a typesetter's hyphen, E8). U+2011 to U+2015
//     (non-breaking hyphen, figure dash, en dash, em dash, bar) continue a
//     hit between two letters or digits (Wikipedia titles:
//     "wiki/Backus–Naur_form") and end it elsewhere ("see http://a/b –
//     c"); U+2010 continues it when a URI character follows on the line,
//     and Hit.URI has '-' for it (groff prints U+2010 for every unescaped
//     '-' in a man page; Raw keeps what was written).
//   - E4: in a bare hit, a '[' in the path starts AsciiDoc link text
//     ("https://a/b[text]", "link:https://a/b[text]") and ends the hit, and
//     so does a '[' still open where the run ends ("?q=1[open a ticket]"):
//     RFC 3986 allows '[' only around an IP-literal host, so in a path it
//     is not part of the URI; closed brackets in the query ("?a[]=1") and
//     in the host stay. A '[' whose ']' is followed by '/' is a
//     placeholder segment, not link text ("ssh://[user@]host.xz[:port]/
//     ~[user]/path/to/repo.git/" in git's man pages), and stays. A '['
//     in the fragment ends the hit too ("https://a/b#how-to[here]"): RFC
//     3986 allows none there. In quotes and angle brackets the delimiters
//     decide.
//   - E4: a hit right after '{' is a TeX macro argument ("\url{...}",
//     "\href{...}{...}", "{http://prefix.example/ns:}"): when its run
//     reaches '}' the brace ends it as a quote does, and nothing is
//     stripped (a final ':' or '/' stays); inside it the TeX escapes \#
//     \% \_ \~ \& \$ are characters of the URI, and Hit.URI has them
//     without the backslash.
//   - E5, E6: the HTML entities "&lt;", "&gt;" and "&quot;" (any case)
//     end a hit as the characters they stand for do: Doxygen comments and
//     XML text write "&lt;http://example.org/foo&gt;".
//   - E4: an unmatched ')' or ']' ends a bare hit even in its middle
//     ("[t](http://a/b)[u](mailto:x)"); a final '(' or '[' is stripped;
//     '*' and '_' are stripped from the end as often as they were written
//     right before the hit (up to three).
//   - E4: a data: hit right after ' or ` whose run stops at a blank before
//     that quote closes makes no hit ("'data:text/javascript,import { x }
//     from ...'" in a shell command): its data is code with blanks, and the
//     cut prefix is no URI anyone meant.
//   - E6: a quote hit is not trimmed of trailing punctuation (the closing
//     quote delimits, as brackets do), except the '.' and ',' right before
//     the closing quote (E4: American punctuation puts them inside the
//     quotes, and a URI practically never ends in them); the hit stays of
//     Kind Quote, since the quotes still delimit it. A quote that does
//     not close within 8 lines and 4 KiB, or whose next line starts with
//     "scheme://" (an XML schemaLocation list), gives a bare hit of its
//     first line. A %HH escape may be split by the break, as in E5.
//   - E7: the quote prefix is the line's leading run of '>' and '|', each
//     optionally followed by one space; a continuation line must start with
//     exactly that prefix (a deeper level is not stripped).
//   - E8: blanks between the '-' and the line break are allowed; with
//     several breaks, HyphenDrop drops every such hyphen.
//   - E8: a typesetter's hyphen (U+2010 HYPHEN, U+00AD SOFT HYPHEN) right
//     before a line break inside an angle or quote hit is dropped with the
//     whitespace, whatever the Hyphen policy, and the hit is not marked
//     HyphenBreak: SPEC E8 says it is never part of the URI, so there is
//     no choice to offer (the policy and the mark are for ASCII '-', which
//     may be the URI's own). A bare hit is joined with the next line, as
//     groff breaks long URLs in man pages ("http://stan‐" /
//     "       dards.example/x"), only on this evidence: the hyphen is U+2010
//     or U+00AD, never ASCII '-'; the URI's run reaches it and it ends the
//     line (nothing but "\r" after it); the next line's first non-blank
//     character is a letter or digit (a hyphenated word goes on); that
//     line does not start a new scheme://; the joined URI still fits its
//     scheme. Prose does not meet it: words are hyphenated by a
//     typesetter, but then no URI runs up to the hyphen. The mail quote
//     prefix is not skipped there (man pages are not quoted mail).
//     Groff also breaks after a '-' written in the URL and prints U+2010
//     there; that hyphen is lost, as SPEC E8 rules.
//   - E11: www. and ftp. hosts need three labels and a last label of two or
//     more letters, and may stand without a path; other hosts need a path
//     and a public suffix from a real rule (ICANN, or a private rule of two
//     or more labels), and a name under it; single-label suffixes that are
//     mostly file name extensions (in, sh, pl, cc, py, md, am, ...) do not
//     count. Never right after '@', '.', '/', ':', nor right before
//     "://" (then the name is a scheme, E1).
//   - Emails (off by default, SPEC E12 counts user@example.com as no
//     URI): a bare address is a local part of letters, digits and
//     . _ % + - (a dot-atom: no dot first, last or twice; the rarer atext
//     characters = / ' ? join addresses to code and option values), '@',
//     and a domain of two or more letter-digit-hyphen labels whose last
//     label is two or more letters. It is not preceded by a URI character
//     ("Contact:joe@...", "--author=joe@...", "path/joe@...": labels,
//     options and paths) and not followed by '/', '@', ':' and a URI
//     character ("git@github.com:o/r.git", an scp-style remote) or a
//     letter. Its URI is "mailto:" and the address, Raw the address, Kind
//     Email. An '@' inside a hit already found is never looked at.
//
// # Noise rules of E1a
//
// Appendix E was written for prose, where a registered scheme name before a
// colon is a URI. In source code, man pages, logs and configuration the
// same names are ordinary words and identifiers: "//go:build", Python's
// "INFO:demo:msg", "-W action:message:category", git's
// "--filter=blob:none", "platform:module1", "tag:0". Of the about 260
// registered names many are English words (go, info, tag, message, blob,
// service, session, content, query, resource, platform, example, tool).
// A name followed by "//" is still always a candidate: "//" is the one
// mark of a URI that words and identifiers do not have. Without "//" a
// bare or quoted candidate must pass all of these:
//
//   - Not glued to the token before it by '/', '=', ':', '-' or '.'
//     ("//go:build", "--filter=blob:none", "--config=file:/x", the second
//     and later fields of "a:b:c"): those join identifiers, paths and
//     option values, and a URI written in prose starts a word. A "URL:"
//     prefix is not glue (E9).
//   - An all-capitals name ("INFO:", "NOTE:", "TAG:") only when the part
//     after it fits the scheme's syntax below ("MAILTO:user@example.org",
//     "URN:ISBN:0451450523"): log levels and labels are written so, and
//     "INFO:demo" is no info: URI (RFC 4452 wants namespace '/' id).
//   - A scheme that people write without "//" in prose, and a
//     scheme-specific part that fits that scheme's syntax; every other
//     opaque scheme needs "//" (a registered authority scheme needs it
//     anyway, E2). The list, with the syntax checked:
//     mailto (an addr-spec, or "?" and header fields: RFC 6068);
//     news (a message-id, "*", or a dotted group name: RFC 5538);
//     urn (NID ':' NSS, the NID of 2 to 32 letters, digits, '-': RFC 8141);
//     tel, fax (a phone number: '+' or digits with - . ( ) separators,
//     three digits or more, then ';' parameters: RFC 3966); sms (phone
//     numbers separated by ',', then '?': RFC 5724); sip, sips, xmpp
//     (user@host, or a host name with a dot: RFC 3261, RFC 5122);
//     im, pres, acct, cid, mid (local@domain: RFC 3859, 3860, 7565, 2392);
//     data (an optional type/subtype, ";" parameters, then ','; so the
//     regular expression "/^data:.*,.*$/" is not one: RFC 2397);
//     magnet ("?xt=..."); geo (two coordinates: RFC 5870); about (a
//     lowercase token: about:blank, RFC 6694); javascript (a call:
//     javascript:void(0)); matrix (r/, u/ or roomid/ and a name); tag
//     (authority ',' date ':': RFC 4151); info (namespace '/' identifier:
//     RFC 4452); doi ("10." registrant '/' suffix); bitcoin (an address:
//     BIP 21); spotify (track:, album:, ... and an id); file (a path:
//     file:/etc/hosts, E2).
//
// These are the schemes whose opaque form appears in running text, in
// mail signatures, in citations and in web pages' visible text; the
// registry's other opaque schemes are application identifiers
// (ms-settings:, itms:) that, written out, are almost always followed by
// "//" or met in code. Angle brackets are stronger evidence (E5): there
// any registered scheme counts.
//
// # Security considerations
//
// Memory is bounded whatever the input: the Scanner keeps one buffer of
// about 1 MiB; a hit longer than MaxHit bytes is cut there and marked
// Truncated (the rest of its run is skipped, never reported as new hits);
// angle-bracket and quote hits spanning lines are limited to 8 lines and
// 4 KiB. Time is linear in the input size: every byte is looked at a bounded
// number of times. Invalid UTF-8 never panics.
package delimit

import (
	"bytes"
	"fmt"
	"io"
)

//go:generate go run gen_schemes.go

// Kind says how a hit was delimited in the text (SPEC §2, E5, E6, E11).
type Kind uint8

const (
	Space  Kind = iota // bare, whitespace-delimited (E1–E4)
	Angle              // <...> (E5)
	Quote              // "..." (E6)
	Abbrev             // abbreviated URL without a scheme (E11)
	Email              // bare e-mail address, with Options.Emails
)

// String returns the JSON name of the kind: space, angle, quote, abbrev,
// email.
func (k Kind) String() string {
	switch k {
	case Angle:
		return "angle"
	case Quote:
		return "quote"
	case Abbrev:
		return "abbrev"
	case Email:
		return "email"
	}
	return "space"
}

// MarshalText returns the kind's String, so that the kind is a JSON
// string.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Flags mark properties of a hit.
type Flags uint8

const (
	// HyphenBreak: a line break right after '-' was inside the hit (E8).
	HyphenBreak Flags = 1 << iota
	// Truncated: the hit was longer than MaxHit and was cut there (SPEC §8).
	Truncated
	// Borrowed: URI and Raw may share the scanned bytes (Options.Borrow).
	Borrowed
)

// MaxHit is the longest hit reported whole (SPEC §8): a longer run of URI
// characters is cut at MaxHit bytes and marked Truncated.
const MaxHit = 64 << 10

// Hyphen is the policy for a hyphen at a line break inside an angle or quote
// hit (E8).
type Hyphen uint8

const (
	HyphenKeep Hyphen = iota // E8: keep the hyphen (default)
	HyphenDrop               // E8: drop the hyphen
	HyphenBoth               // E8: report both variants, hyphen kept first
)

// String returns the policy's flag value: keep, drop or both.
func (h Hyphen) String() string {
	switch h {
	case HyphenDrop:
		return "drop"
	case HyphenBoth:
		return "both"
	case HyphenKeep:
		return "keep"
	}
	return fmt.Sprintf("Hyphen(%d)", uint8(h))
}

// ParseHyphen returns the policy named by s (keep, drop or both, the values
// of --hyphen).
func ParseHyphen(s string) (Hyphen, error) {
	switch s {
	case "keep":
		return HyphenKeep, nil
	case "drop":
		return HyphenDrop, nil
	case "both":
		return HyphenBoth, nil
	}
	return HyphenKeep, fmt.Errorf("delimit: unknown hyphen policy %q (want keep, drop or both)", s)
}

// MarshalText returns the policy's String.
func (h Hyphen) MarshalText() ([]byte, error) {
	if h > HyphenBoth {
		return nil, fmt.Errorf("delimit: unknown hyphen policy %d", uint8(h))
	}
	return []byte(h.String()), nil
}

// UnmarshalText sets the policy named by text (see ParseHyphen).
func (h *Hyphen) UnmarshalText(text []byte) error {
	v, err := ParseHyphen(string(text))
	if err != nil {
		return err
	}
	*h = v
	return nil
}

// Options tune delimiting. The zero value is the default of SPEC §2.
type Options struct {
	Hyphen Hyphen // E8: policy for a hyphen at a line break
	Abbrev bool   // E11: find www.host/path, ftp.host/path and host.tld/path without a scheme
	// Emails: find bare e-mail addresses (user@example.com) and report
	// them as mailto: URIs of Kind Email (the CLI's --emails).
	Emails bool
	// LineBuffered: the input arrives as it is written (a pipe, a
	// terminal). A Scanner then reports a hit as soon as the lines that
	// decide it have been read, instead of waiting for a full buffer of
	// look-ahead, and never blocks in a read while it holds a hit it could
	// report. The hits are the same.
	LineBuffered bool
	// NoLines: the caller has no use for Hit.Line and Hit.Col, which are
	// then left 0; the line ends before each hit are not counted, work
	// that costs as much as a tenth of the scan of plain text (SPEC §9).
	NoLines bool
	// Borrow lets a Scanner over bytes (NewBytesScanner) report hits whose
	// URI and Raw share those bytes instead of holding copies, marked
	// Borrowed: no allocation per hit, which is most of what a hit costs
	// on a large text file besides the scan (SPEC §9). Such strings are
	// valid only while the bytes are (a mapped file: until it is
	// unmapped); a caller copies (strings.Clone) what it keeps. Other
	// scanners, and Find, ignore it.
	Borrow bool
	// Refang reads defanged URIs as the URIs they stand for
	// (doc/spec.md §7b): hxxp, hxxps, hXXp and fxp as schemes; [.], (.),
	// {.}, [dot] and (dot) as '.'; [:] as ':', [://] as "://", [/] as '/',
	// [@] and [at] as '@'. The hits are those the text rules find in the
	// text so read; URI is refanged, Raw, offsets and column are those of
	// the text as written. Without it a hit holding a defanged form is no
	// URI, and is not reported. A Scanner over bytes (NewBytesScanner)
	// then reads them as a stream, and does not release or borrow them.
	Refang bool
}

// Hit is one URI found in text (SPEC §2).
type Hit struct {
	URI        string // the URI as extracted: delimiters, URL: prefix and whitespace removed (E5, E7, E9); with the scheme added for Abbrev (E11) and "mailto:" for Email
	Raw        string // the text as written: input[Start:End]
	Start, End int64  // byte offsets of the whole delimited form, brackets, quotes and URL: prefix included
	Line, Col  int    // 1-based line and byte column of Start
	Kind       Kind
	Flags      Flags
}

// Find returns every hit in text, in order (E1–E12). It is the Scanner over
// text without copying it; the hits are the same as the Scanner's.
func Find(text []byte, opts Options) []Hit {
	if !MayHold(text, opts) {
		return nil
	}
	var rf *refanger
	if opts.Refang {
		// Read refanged into a copy, no longer than text.
		rf = newRefanger(bytes.NewReader(text))
		text, _ = io.ReadAll(rf)
	}
	s := &Scanner{opts: opts, buf: text[:len(text):len(text)], n: len(text), eof: true, rf: rf}
	s.init()
	var hits []Hit
	for s.Scan() {
		hits = append(hits, s.Hit())
	}
	return hits
}

// MayHold reports whether text may hold a hit with opts: every hit but an
// abbreviated URL (E11) or an e-mail address has its scheme's colon (E1).
// Most of the short texts of markup (a Markdown paragraph's runs, an
// element's text) have none, and one IndexByte tells them apart where
// setting up a Scanner costs more.
func MayHold(text []byte, opts Options) bool {
	return opts.Abbrev || opts.Emails || bytes.IndexByte(text, ':') >= 0
}

// KnownScheme reports whether name (any case) is in the embedded URI scheme
// registry (E1): IANA permanent, provisional and historical schemes plus the
// common ones added by hand (see README.md).
func KnownScheme(name string) bool {
	if len(name) > maxSchemeLen {
		return false
	}
	return lookupScheme([]byte(name)) != 0
}

// sspClass is the E2 class of a scheme's scheme-specific part.
type sspClass uint8

const (
	sspOpaque    sspClass = iota + 1 // non-empty scheme-specific part
	sspAuthority                     // "//" and a non-empty authority
	sspFile                          // a path: file:/x, file:///x
)

// lookupScheme returns the class of the scheme name b (any case), 0 if it
// is not registered (E1). It does not allocate.
func lookupScheme(b []byte) sspClass {
	if len(b) > maxSchemeLen {
		return 0
	}
	var low [maxLook]byte
	return schemeClass(lowerName(b, &low))
}

// lowerName returns b, at most maxLook bytes, in ASCII lowercase, in low.
func lowerName(b []byte, low *[maxLook]byte) []byte {
	n := copy(low[:], b)
	for i, c := range low[:n] {
		if 'A' <= c && c <= 'Z' {
			low[i] = c + 'a' - 'A'
		}
	}
	return low[:n]
}

// schemeClass returns the class of the lowercase scheme name, 0 if it is
// not registered (E1).
func schemeClass(name []byte) sspClass {
	if len(name) > maxSchemeLen {
		return 0
	}
	for i := schemeHash(name); ; i = (i + 1) & (len(schemeTab) - 1) {
		e := &schemeTab[i]
		if e.class == 0 {
			return 0
		}
		if e.name == string(name) {
			return e.class
		}
	}
}

// schemeTab holds the schemes map in an open-addressing table a quarter
// full: a lookup costs a short hash and mostly one comparison, less than a
// map access, which counts on text where most colons are no URI (SPEC §9).
var schemeTab = func() (t [1024]struct {
	name  string
	class sspClass
}) {
	for name, class := range schemes {
		i := schemeHash([]byte(name))
		for t[i].class != 0 {
			i = (i + 1) & (len(t) - 1)
		}
		t[i].name, t[i].class = name, class
	}
	return t
}()

// schemeHash is FNV-1a of name, folded to an index of schemeTab.
func schemeHash(name []byte) int {
	h := uint32(2166136261)
	for _, c := range name {
		h ^= uint32(c)
		h *= 16777619
	}
	return int((h ^ h>>10) & 1023)
}
