// Command urix finds the URIs embedded in plain text, e-mail, mbox archives
// and HTML and prints them as absolute URIs (see README.md and SPEC.md).
//
// This file only wires command-line flags to the extract package and
// prints; the work is done by the packages extract, delimit, htmlbase and
// resolve.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/urfave/cli/v3"

	"github.com/urix/urix/extract"
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
	if err := app.Run(context.Background(), splitShortFlags(app, args)); err != nil {
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

func newApp(stdout, stderr io.Writer, status *int) *cli.Command {
	cli.VersionFlag = &cli.BoolFlag{Name: "version", Aliases: []string{"V"}, Usage: "print the version, VCS revision and Go version, and exit"}
	cli.VersionPrinter = func(c *cli.Command) { fmt.Fprintln(c.Root().Writer, version()) }
	app := &cli.Command{
		Name:    "urix",
		Version: version(),
		// GNU habits: -rnu is -r -n -u (and splitShortFlags makes -j4 -j 4);
		// flags may follow the files (cli/v3 reads them anywhere).
		UseShortOptionHandling: true,
		Suggest:                true,
		EnableShellCompletion:  true,
		Usage:                  "find the URIs in text, e-mail, mbox and HTML and print them as absolute URIs",
		UsageText: `urix [flags] [FILE|DIR|URL|-]...  extract URIs (standard input when no FILE is given)
urix resolve --base URI [REF...]   resolve references against a base
urix parse [URI...]                show the components of URIs

Flags and files may come in any order (-- ends the flags); -rnu is -r -n -u. Examples:
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
		Flags:           localFlags(extractFlags()),
		Action: func(_ context.Context, c *cli.Command) error {
			return extractAction(c, stdout, stderr, status)
		},
		Commands:       []*cli.Command{resolveCommand(), parseCommand(), pickCommand(stderr, status), manCommand()},
		ExitErrHandler: func(context.Context, *cli.Command, error) {}, // run() prints and exits
		OnUsageError: func(_ context.Context, c *cli.Command, err error, _ bool) error {
			return usageError("%s (see urix --help)", usageProblem(c, err))
		},
	}
	for _, cmd := range app.Commands {
		if cmd.OnUsageError == nil {
			name := cmd.Name
			cmd.OnUsageError = func(_ context.Context, c *cli.Command, err error, _ bool) error {
				return usageError("%s: %s (see urix %s --help)", name, usageProblem(c, err), name)
			}
		}
	}
	return app
}

func extractAction(c *cli.Command, stdout, stderr io.Writer, status *int) error {
	x, err := extractorOf(c)
	if err != nil {
		return err
	}
	settings, err := outputOf(c, stdout)
	if err != nil {
		return err
	}
	out, err := newPrinter(settings, stdout)
	if err != nil {
		return err
	}
	sink := out.out()
	defer sink.w.Flush()

	stats := new(extract.Stats)
	progress := startProgress(stderr, stats, len(c.Args().Slice()))
	failed := false
	report := func(err error) {
		sink.w.Flush() // what was found before the problem comes first
		progress.clear()
		fmt.Fprintln(stderr, errorLine(err))
		if !extract.IsWarning(err) {
			failed = true
		}
	}
	wo, err := walkOptions(c)
	if err != nil {
		return err
	}
	ro := extract.RunOptions{
		Recursive: c.Bool("recursive"),
		Walk:      wo,
		Jobs:      c.Int("jobs"),
		Unordered: c.Bool("unordered"),
		Open:      newFetcher(defaultFetchLimits),
		Stats:     stats,
	}
	emit := func(h extract.Hit) error { out.hit(h); return nil }
	if err := x.Run(context.Background(), c.Args().Slice(), ro, emit, report); err != nil {
		report(err)
	}
	progress.stop()
	out.finish()
	if err := sink.w.Flush(); err != nil {
		fmt.Fprintln(stderr, "urix: writing the output: "+err.Error())
		failed = true
	}
	switch {
	case failed:
		*status = exitError
	case sink.printed > 0:
		*status = exitFound
	default:
		*status = exitNotFound
	}
	return nil
}

// outputOf reads the output flags. On a terminal, plain output shows where
// each URI is and comes line by line: a person is watching.
func outputOf(c *cli.Command, stdout io.Writer) (outputSettings, error) {
	tty := false
	if f, ok := stdout.(*os.File); ok {
		tty = isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
	}
	_, noColor := os.LookupEnv("NO_COLOR")
	o := outputSettings{
		format:   c.String("format"),
		position: c.Bool("with-position") || tty && c.String("format") == "plain",
		null:     c.Bool("null"),
		unique:   c.Bool("unique"),
		count:    c.Bool("count"),
		eachLine: tty && c.String("format") == "plain",
	}
	var err error
	o.color, err = colorChoice(c.String("color"), tty, noColor)
	return o, err
}

// colorChoice applies --color: auto colours a terminal unless NO_COLOR is
// set (https://no-color.org), always and never do what they say.
func colorChoice(mode string, tty, noColor bool) (bool, error) {
	switch mode {
	case "auto":
		return tty && !noColor, nil
	case "always":
		return true, nil
	case "never":
		return false, nil
	}
	return false, usageError("--color %q: want auto, always or never", mode)
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
