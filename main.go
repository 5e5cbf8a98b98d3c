// Command urix finds the URIs embedded in plain text, e-mail, mbox archives
// and HTML and prints them as absolute URIs (see README.md and SPEC.md).
//
// This file only wires command-line flags to the extract package and
// prints; the work is done by the packages extract, delimit, htmlbase and
// resolve.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/urfave/cli/v2"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/resolve"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// urix's live heap is a few MiB (one buffer per input), so the
		// default GOGC=100 collects every few MiB allocated. Measured on the
		// HTML corpus (bench/run.sh): 400 cuts the GC work enough that -j 2
		// runs 1.7-1.8x faster than -j 1 (1.4x at 100), for a peak RSS of
		// about 20 MiB on text and 32 MiB on HTML, inside SPEC §9's bounds.
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// Exit statuses, as grep's.
const (
	exitFound    = 0 // a URI was printed
	exitNotFound = 1 // nothing was printed
	exitError    = 2 // a usage error, or an input that could not be read
)

// run runs the command line args and returns the exit status. Deferred
// flushes run before it returns, so nothing found is lost on error.
func run(args []string, stdout, stderr io.Writer) int {
	status := exitFound // --help and subcommands that return nil succeed
	app := newApp(stdout, stderr, &status)
	if err := app.Run(args); err != nil {
		msg := err.Error()
		code := exitError
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			code = ec.ExitCode()
		}
		if msg != "" {
			if !strings.HasPrefix(msg, "urix: ") {
				msg = "urix: " + msg
			}
			fmt.Fprintln(stderr, msg)
		}
		return code
	}
	return status
}

// usageError is a command-line mistake: one line on stderr, exit status 2.
func usageError(format string, args ...any) error {
	return cli.Exit(fmt.Sprintf("urix: "+format, args...), exitError)
}

func newApp(stdout, stderr io.Writer, status *int) *cli.App {
	app := &cli.App{
		Name:  "urix",
		Usage: "find the URIs in text, e-mail, mbox and HTML and print them as absolute URIs",
		UsageText: `urix [flags] [FILE|DIR|URL|-]...  extract URIs (standard input when no FILE is given)
urix resolve --base URI [REF...]   resolve references against a base
urix parse [URI...]                show the components of URIs

Flags go before the files. Examples:
   urix notes.txt                         every URI in a text file, one per line
   urix -n -r ~/Mail                      FILE:LINE:COL: URI for a whole mail folder
   urix --base https://example.com/ page.html   links of a saved page, made absolute
   urix --schemes http,https -u mail.mbox | xargs -n1 curl -sI   check each web link once
   urix --format json draft.txt | jq .uri      JSON Lines, one object per URI
   urix https://example.com/              fetch a page (10 redirects, 30 s, 50 MiB at most)`,
		Description: `urix follows the URI specification drafts that became RFC 2396: Appendix E
for URIs in running text (angle brackets, quotes, lines broken inside <...>,
the URL: prefix, punctuation that is not part of a URI), Appendix D and
Section 5.1 for the base URI (an HTML <base href>, then a MIME part's
Content-Base/Content-Location, then --base, then the file's own file:// URI),
and Section 5.2 to resolve relative references.

Exit status: 0 if a URI was printed, 1 if none, 2 on an error (every other
input is still read, and each error is reported as "urix: FILE: ...").`,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		Flags:           extractFlags(),
		Action: func(c *cli.Context) error {
			return extractAction(c, stdout, stderr, status)
		},
		Commands:       []*cli.Command{resolveCommand(), parseCommand()},
		ExitErrHandler: func(*cli.Context, error) {}, // run() prints and exits
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return usageError("%v (see urix --help)", err)
		},
	}
	for _, cmd := range app.Commands {
		if cmd.OnUsageError == nil {
			name := cmd.Name
			cmd.OnUsageError = func(c *cli.Context, err error, _ bool) error {
				return usageError("%s: %v (see urix %s --help)", name, err, name)
			}
		}
	}
	return app
}

func extractFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "type", Value: "auto", Usage: "input kind: auto (sniff the content, then the file extension), text, html, email or mbox (e.g. --type email for a message piped in)"},
		&cli.StringFlag{Name: "base", Usage: "base `URI` for relative references instead of each file's own file:// URI; an HTML <base href> or a MIME Content-Base still wins (e.g. --base https://example.com/docs/)"},
		&cli.BoolFlag{Name: "recursive", Aliases: []string{"r"}, Usage: "read the files below each DIR argument (e.g. urix -r ~/Mail)"},
		&cli.StringFlag{Name: "format", Value: "plain", Usage: "output: plain (one URI per line) or json (JSON Lines with uri, raw, file, line, col, kind, base, resolved, ...; e.g. --format json | jq .uri)"},
		&cli.BoolFlag{Name: "with-position", Aliases: []string{"n"}, Usage: "print FILE:LINE:COL: URI, as grep -n does (e.g. urix -n notes.txt)"},
		&cli.BoolFlag{Name: "null", Aliases: []string{"0"}, Usage: "end each output line with NUL instead of newline, for xargs -0 (e.g. urix -0 f | xargs -0 curl -sI)"},
		&cli.BoolFlag{Name: "unique", Aliases: []string{"u"}, Usage: "print each URI once, in first-seen order (after --normalize when given)"},
		&cli.StringFlag{Name: "schemes", Usage: "keep only these comma-separated schemes; by default javascript: and data: are left out of HTML results, \"all\" keeps them (e.g. --schemes http,https)"},
		&cli.BoolFlag{Name: "absolute", Usage: "drop references that stay relative because no base URI is known (e.g. HTML read from standard input without --base)"},
		&cli.BoolFlag{Name: "count", Usage: "print how many URIs there are per scheme and host instead of the URIs, most first"},
		&cli.StringFlag{Name: "rfc", Value: "3986", Usage: "resolution algorithm: 3986 (browsers; ../../../g -> http://a/g) or 2396 (the seed drafts; -> http://a/../g)"},
		&cli.BoolFlag{Name: "compat", Usage: "resolve a reference like http:g whose scheme equals the base's as relative (the RFC 2396 backwards-compatibility rule)"},
		&cli.BoolFlag{Name: "normalize", Usage: "normalize each URI (RFC Section 6): lower-case scheme and host, drop the default port, %7e -> ~, remove ./ and ../ (e.g. HTTP://A:80/./b -> http://a/b)"},
		&cli.BoolFlag{Name: "ascii", Usage: "print IRIs as URIs: punycode host, UTF-8 percent-encoded path (e.g. http://bücher.example/ä -> http://xn--bcher-kva.example/%C3%A4)"},
		&cli.StringFlag{Name: "hyphen", Value: "keep", Usage: "a line break right after '-' inside <...> or \"...\": keep the hyphen, drop it, or print both URIs (e.g. --hyphen both)"},
		&cli.BoolFlag{Name: "abbrev", Usage: "also find URLs written without a scheme: www.w3.org/Addressing/ -> http://www.w3.org/Addressing/, ftp.example.org/pub -> ftp://ftp.example.org/pub"},
		&cli.BoolFlag{Name: "binary", Usage: "scan files that look binary (a NUL byte in the first 8 KiB) instead of skipping them with a note"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "read `N` files at once; output keeps input order unless --unordered (e.g. -j 1)"},
		&cli.BoolFlag{Name: "unordered", Usage: "with -j above 1, print URIs as they are found rather than in input order"},
		&cli.StringFlag{Name: "color", Value: "auto", Usage: "colour the FILE:LINE:COL prefix: auto (on a terminal, unless NO_COLOR is set), always or never"},
	}
}

// options turns the flags into extract options and output settings; a bad
// value is a usage error.
func options(c *cli.Context) (extract.Options, error) {
	var o extract.Options
	var err error
	if o.Type, err = extract.ParseType(c.String("type")); err != nil {
		return o, usageError("--type %q: want auto, text, html, email or mbox", c.String("type"))
	}
	switch c.String("rfc") {
	case "3986":
		o.Resolve.Mode = resolve.RFC3986
	case "2396":
		o.Resolve.Mode = resolve.RFC2396
	default:
		return o, usageError("--rfc %q: want 3986 or 2396", c.String("rfc"))
	}
	o.Resolve.Compat = c.Bool("compat")
	switch c.String("hyphen") {
	case "keep":
		o.Delimit.Hyphen = delimit.HyphenKeep
	case "drop":
		o.Delimit.Hyphen = delimit.HyphenDrop
	case "both":
		o.Delimit.Hyphen = delimit.HyphenBoth
	default:
		return o, usageError("--hyphen %q: want keep, drop or both", c.String("hyphen"))
	}
	o.Delimit.Abbrev = c.Bool("abbrev")
	o.Base = c.String("base")
	if c.IsSet("base") && o.Base == "" {
		return o, usageError("--base is empty: give an absolute URI, as in --base https://example.com/docs/")
	}
	o.Normalize = c.Bool("normalize")
	o.ASCII = c.Bool("ascii")
	o.Absolute = c.Bool("absolute")
	o.Binary = c.Bool("binary")
	if s := c.String("schemes"); s != "" {
		o.Schemes = strings.Split(s, ",")
	}
	return o, nil
}

func extractAction(c *cli.Context, stdout, stderr io.Writer, status *int) error {
	opts, err := options(c)
	if err != nil {
		return err
	}
	x, err := extract.New(opts)
	if err != nil {
		return usageError("%v", err)
	}
	out, err := newPrinter(c, stdout)
	if err != nil {
		return err
	}
	defer out.flush()

	stats := new(extract.Stats)
	progress := startProgress(stderr, stats, len(c.Args().Slice()))
	failed := false
	report := func(err error) {
		out.flush() // what was found before the problem comes first
		progress.clear()
		fmt.Fprintln(stderr, "urix: "+err.Error())
		if !extract.IsWarning(err) {
			failed = true
		}
	}
	if c.Int("jobs") < 1 {
		return usageError("--jobs %d: want 1 or more files at once", c.Int("jobs"))
	}
	ro := extract.RunOptions{
		Recursive: c.Bool("recursive"),
		Jobs:      c.Int("jobs"),
		Unordered: c.Bool("unordered"),
		Open:      newFetcher(defaultFetchLimits),
	}
	x.Run(c.Args().Slice(), ro, stats, out.hit, report)
	progress.stop()
	out.finish()
	if err := out.flush(); err != nil {
		fmt.Fprintln(stderr, "urix: writing the output: "+err.Error())
		failed = true
	}
	switch {
	case failed:
		*status = exitError
	case out.printed > 0:
		*status = exitFound
	default:
		*status = exitNotFound
	}
	return nil
}

// progress shows files done, bytes, hits and rate on a terminal's stderr
// line when the work is long (SPEC §7); never when stderr is not a terminal.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	stats *extract.Stats
	shown bool
	done  chan struct{} // closed to stop the ticker
	gone  chan struct{} // closed when the ticker has stopped
	start time.Time
}

func startProgress(stderr io.Writer, stats *extract.Stats, files int) *progress {
	p := &progress{w: stderr, stats: stats, start: time.Now()}
	f, ok := stderr.(*os.File)
	if !ok || !isatty.IsTerminal(f.Fd()) {
		return p
	}
	p.done, p.gone = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(p.gone)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-t.C:
				if longWork(stats.Bytes.Load(), stats.Files.Load(), files) {
					p.show()
				}
			}
		}
	}()
	return p
}

// longWork says when a progress line is worth showing (SPEC §7): many
// files (more than 100 given or done) or more than 64 MiB read.
func longWork(bytes, filesDone int64, filesGiven int) bool {
	return bytes > 64<<20 || filesDone > 100 || filesGiven > 100
}

func (p *progress) show() {
	p.mu.Lock()
	defer p.mu.Unlock()
	mb := float64(p.stats.Bytes.Load()) / 1e6
	rate := mb / time.Since(p.start).Seconds()
	fmt.Fprintf(p.w, "\r\x1b[Kurix: %d files, %.0f MB, %d URIs, %.0f MB/s", p.stats.Files.Load(), mb, p.stats.Hits.Load(), rate)
	p.shown = true
}

// clear removes the progress line so that a message can be printed.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

func (p *progress) stop() {
	if p.done != nil {
		close(p.done)
		<-p.gone
	}
	p.clear()
}
