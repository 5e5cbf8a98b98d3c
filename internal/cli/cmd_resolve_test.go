package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/urfave/cli/v3"
)

// runSub runs urix with only the resolve and parse commands, as run()
// does, and returns stdout, stderr and the exit status.
func runSub(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	app := &cli.Command{
		Name:           "urix",
		Reader:         strings.NewReader(stdin),
		Writer:         &stdout,
		ErrWriter:      &stderr,
		Commands:       []*cli.Command{resolveCommand(), parseCommand()},
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
	}
	code := 0
	if err := app.Run(context.Background(), append([]string{"urix"}, args...)); err != nil {
		code = exitError
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			code = ec.ExitCode()
		}
		if msg := err.Error(); msg != "" {
			stderr.WriteString(msg + "\n")
		}
	}
	return stdout.String(), stderr.String(), code
}

func TestResolveCommand(t *testing.T) {
	for _, tt := range []struct {
		stdin  string
		args   []string
		stdout string
		stderr string
		code   int
	}{
		{"", []string{"resolve", "--base", "http://a/b/c/d;p?q", "g", "?y", "../../../g", "http:g"},
			"http://a/b/c/g\nhttp://a/b/c/d;p?y\nhttp://a/g\nhttp:g\n", "", 0},
		{"", []string{"resolve", "--base", "http://a/b/c/d;p?q", "--rfc", "2396", "?y", "../../../g", "/./g"},
			"http://a/b/c/?y\nhttp://a/../g\nhttp://a/./g\n", "", 0},
		{"", []string{"resolve", "--base", "http://a/b/c/d;p?q", "--rfc", "2396", "--compat", "http:g"},
			"http://a/b/c/g\n", "", 0},
		{"", []string{"resolve", "--base", "HTTP://A:80/x", "--normalize", "./%7ey"}, "http://a/~y\n", "", 0},
		{"", []string{"resolve", "--base", "http://bücher.example/", "--ascii", "ä"}, "http://xn--bcher-kva.example/%C3%A4\n", "", 0},
		{"g\r\n\n  ../h \n#f", []string{"resolve", "--base", "http://a/b/c"}, "http://a/b/g\nhttp://a/h\nhttp://a/b/c#f\n", "", 0},
		{"", []string{"resolve", "--base", "http://a/"}, "", "", 1},
		{"", []string{"resolve", "g"}, "", "urix: resolve: --base is required", 2},
		{"", []string{"resolve", "--base", "a/b", "g"}, "", `urix: resolve: --base "a/b": not an absolute URI: it has no scheme (e.g. --base https://example.com/docs/`, 2},
		{"", []string{"resolve", "--base", "http://a/", "--rfc", "1808", "g"}, "", `urix: resolve: --spec "1808": want 3986, 2396 or whatwg`, 2},
		{"", []string{"resolve", "--base", "http://a/b", "--spec", "whatwg", `\\x\y`, "HTTP://A:80/./c", "//bücher.example/"}, "http://x/y\nhttp://a/c\nhttp://xn--bcher-kva.example/\n", "", 0},
		{"", []string{"resolve", "--base", "http://a/b", "--rfc", "whatwg", "http://a:b/", "g"}, "http://a/g\n", `urix: resolve: parse "http://a:b/": WHATWG URL parser failure: port-invalid`, 2},
	} {
		stdout, stderr, code := runSub(t, tt.stdin, tt.args...)
		if stdout != tt.stdout || !strings.HasPrefix(stderr, tt.stderr) || (tt.stderr == "" && stderr != "") || code != tt.code {
			t.Errorf("urix %q (stdin %q) = %q, %q, exit %d; want %q, %q..., exit %d",
				tt.args, tt.stdin, stdout, stderr, code, tt.stdout, tt.stderr, tt.code)
		}
	}
}

func TestParseCommand(t *testing.T) {
	stdout, stderr, code := runSub(t, "", "parse", "http://a/b?", "//u@[::1]:80")
	want := `uri:       http://a/b?
scheme:    http
authority: a
userinfo:  (undefined)
host:      a
port:      (undefined)
path:      /b
query:     (empty)
fragment:  (undefined)

uri:       //u@[::1]:80
scheme:    (undefined)
authority: u@[::1]:80
userinfo:  u
host:      [::1]
port:      80
path:      (empty)
query:     (undefined)
fragment:  (undefined)
`
	if stdout != want || stderr != "" || code != 0 {
		t.Errorf("urix parse = %q, %q, exit %d; want %q", stdout, stderr, code, want)
	}

	stdout, _, code = runSub(t, "http://a/b#\n\nmailto:x@y\n", "parse", "--format", "json")
	want = `{"uri":"http://a/b#","scheme":"http","authority":"a","userinfo":null,"host":"a","port":null,"path":"/b","query":null,"fragment":""}
{"uri":"mailto:x@y","scheme":"mailto","authority":null,"userinfo":null,"host":null,"port":null,"path":"x@y","query":null,"fragment":null}
`
	if stdout != want || code != 0 {
		t.Errorf("urix parse --format json = %q, exit %d; want %q", stdout, code, want)
	}

	_, stderr, code = runSub(t, "", "parse", "--format", "xml", "a")
	if code != 2 || !strings.HasPrefix(stderr, `urix: parse: --format "xml": want plain or json`) {
		t.Errorf("urix parse --format xml = %q, exit %d", stderr, code)
	}
}

// TestResolveLongLine: a reference on standard input is read whole,
// however long (bufio.Scanner would stop at 64 KiB).
func TestResolveLongLine(t *testing.T) {
	long := strings.Repeat("x", 200000)
	stdout, stderr, code := runSub(t, long+"\ny\n", "resolve", "--base", "http://a/")
	if want := "http://a/" + long + "\nhttp://a/y\n"; stdout != want || stderr != "" || code != 0 {
		t.Errorf("urix resolve with a 200000-byte line: %d bytes out, %q, exit %d; want %d bytes", len(stdout), stderr, code, len(want))
	}
}

// TestCommandHelp: --help explains every flag with an example.
func TestCommandHelp(t *testing.T) {
	for cmd, wants := range map[string][]string{
		"resolve": {"--base URI", "--spec, --rfc 3986|2396|whatwg", "--compat", "--normalize", "--ascii", "e.g. --base https://", "urix resolve --base 'http://a/b/c/d;p?q' --spec 2396", "--spec whatwg"},
		"parse":   {"--format plain|json", "(undefined)", "urix parse --format json"},
	} {
		var out bytes.Buffer
		run([]string{"urix", cmd, "--help"}, &out, io.Discard)
		stdout := out.String()
		for _, w := range wants {
			if !strings.Contains(stdout, w) {
				t.Errorf("urix %s --help does not show %q:\n%s", cmd, w, stdout)
			}
		}
	}
}
