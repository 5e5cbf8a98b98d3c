package cli

import (
	"os/exec"
	"runtime"
	"slices"
	"testing"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/pick"
)

func TestShellCommand(t *testing.T) {
	for _, tc := range []struct{ cmd, uri, want string }{
		{"firefox --new-tab %s", "https://a/b", "firefox --new-tab 'https://a/b'"},
		{"w3m", "https://a/b?x=1&y=2", "w3m 'https://a/b?x=1&y=2'"},
		{"echo %s %s", "https://a/it's", `echo 'https://a/it'\''s' 'https://a/it'\''s'`},
		{"firefox '%s'", "https://a/?x=1&y=2", "firefox 'https://a/?x=1&y=2'"},
		{`open "%s" &`, "https://a/?x=1&y=2", "open 'https://a/?x=1&y=2' &"},
	} {
		if got := shellCommand(tc.cmd, tc.uri); got != tc.want {
			t.Errorf("shellCommand(%q, %q) = %q, want %q", tc.cmd, tc.uri, got, tc.want)
		}
	}
	if runtime.GOOS == "windows" {
		return
	}
	// Whatever the URI holds, sh gets it back as one word.
	for _, uri := range []string{"https://a/b;rm -rf x", "https://a/$(id)`id`'\"\\", "https://a/b c\nd", "https://a/?x=1&y=2"} {
		for _, cmd := range []string{"printf %.9999s %s", "printf %.9999s '%s'", `printf %.9999s "%s"`, "printf %.9999s"} {
			out, err := exec.Command("sh", "-c", shellCommand(cmd, uri)).Output()
			if err != nil || string(out) != uri {
				t.Errorf("%s: sh got %q (%v), want %q", cmd, out, err, uri)
			}
		}
	}
}

func TestLineAt(t *testing.T) {
	data := []byte("first line\n\tSee https://example.com/a now.\r\nlast")
	start := int64(16)
	end := start + int64(len("https://example.com/a"))
	for _, tc := range []struct {
		name       string
		start, end int64
		raw        string
		want       string
		ok         bool
	}{
		{"found", start, end, "https://example.com/a", "See https://example.com/a now.", true},
		{"elsewhere", start + 1, end, "https://example.com/a", "", false},
		{"out of range", start, 999, "https://example.com/a", "", false},
		{"decoded differently", start, end, "HTTPS://example.com/a", "", false},
	} {
		got, ok := lineAt(data, tc.start, tc.end, tc.raw)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: lineAt = %q, %v; want %q, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
	// A quoted-printable soft break is undone, another break is a space.
	qp := []byte("Track it: http://a/b?id=3D42&tok=3Dab=\ncd and\nmore")
	if got, _ := lineAt(qp, 10, 39, "http://a/b?id=42&tok=abcd"); got != "Track it: http://a/b?id=3D42&tok=3Dabcd and" {
		t.Errorf("quoted-printable: %q", got)
	}
	wrapped := []byte("see <http://a/very/\n   long/path> here\n")
	if got, _ := lineAt(wrapped, 4, 34, "<http://a/very/long/path>"); got != "see <http://a/very/ long/path> here" {
		t.Errorf("wrapped: %q", got)
	}

	// A long line is cut around the hit, at character boundaries.
	long := []byte("ééééééééééééééééééééééééééééééééééééééééééééééééééééééé see http://a/b " + string(make([]byte, 300)))
	i := int64(len("ééééééééééééééééééééééééééééééééééééééééééééééééééééééé see "))
	got, ok := lineAt(long, i, i+10, "http://a/b")
	if !ok || got[:len("…")] != "…" || got[len(got)-len("…"):] != "…" || len(got) > 260 {
		t.Errorf("long line: %q", got)
	}
}

func TestHTMLTextAt(t *testing.T) {
	data := []byte(`<p>See <a href="https://x/">the <b>HTML</b> &amp; link</a>, here</p>` + "\nnext")
	if got := htmlTextAt(data, 7); got != "the HTML & link, here" {
		t.Errorf("htmlTextAt = %q", got)
	}
	if got := htmlTextAt(data, 8); got != "" {
		t.Errorf("not at an element: %q", got)
	}
}

func TestPickItems(t *testing.T) {
	hits := []extract.Hit{
		{URI: "mailto:a@b", Raw: "<mailto:a@b>", File: "-", Kind: "header", Header: "List-Post", Message: 1},
		{URI: "https://a/", Raw: "https://a/", File: "-", Kind: "space", Part: "1", Message: 1},
		{URI: "https://b/", Raw: "https://b/", File: "-", Kind: "html-attr", Element: "a", Attr: "href", Part: "2", Message: 1},
		{URI: "https://c/", Raw: "https://c/", File: "-", Kind: "space", Message: 2, Context: "the decoded line of https://c/"},
	}
	items := pickItems(hits, &inputBytes{})
	want := []pick.Item{
		{URI: "mailto:a@b", Group: "message 1 header", Context: "List-Post: <mailto:a@b>", Header: true},
		{URI: "https://a/", Group: "message 1 part 1", Context: "https://a/"},
		{URI: "https://b/", Group: "message 1 part 2 (HTML)", Context: "<a href>"},
		{URI: "https://c/", Group: "message 2", Context: "the decoded line of https://c/"},
	}
	if !slices.Equal(items, want) {
		t.Errorf("items:\n got %+v\nwant %+v", items, want)
	}
	items = pickItems([]extract.Hit{{URI: "https://a/", Raw: "https://a/", File: "-", Kind: "space"}}, &inputBytes{})
	if items[0].Group != "standard input" {
		t.Errorf("group %q", items[0].Group)
	}
}

func TestIsTerminalBrowser(t *testing.T) {
	for cmd, want := range map[string]bool{
		"lynx": true, "w3m %s": true, "/usr/bin/elinks -remote": true, "TERM=xterm-256color links2": true,
		"TERM=xterm links %s": true, "browsh --startup-url": true, "www-browser": true,
		"firefox --new-tab %s": false, "xdg-open": false, "echo %s >> lynx": false, "": false,
	} {
		if got := isTerminalBrowser(cmd); got != want {
			t.Errorf("isTerminalBrowser(%q) = %v, want %v", cmd, got, want)
		}
	}
	// Chosen for $BROWSER and --open alike; --terminal for any command.
	for _, tc := range []struct {
		cmd, browser string
		terminal     bool
		want         bool // on the terminal
	}{
		{"", "lynx:firefox", false, true},
		{"", "firefox:lynx", false, false},
		{"w3m", "firefox", false, true},
		{"firefox %s", "lynx", false, false},
		{"mybrowser %s", "", true, true},
		{"", "", false, false},
	} {
		o := openers(tc.cmd, tc.browser, tc.terminal)
		if got := o.Command != nil; got != tc.want || (o.Open == nil) == (o.Command == nil) {
			t.Errorf("openers(%q, %q, %v): on the terminal %v, want %v", tc.cmd, tc.browser, tc.terminal, got, tc.want)
		}
	}
}
