package main

// The flags of urix, each defined once, and their mapping to the options
// of the library packages: one line per flag.

import (
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/markdown"
	"github.com/urix/urix/reader/warc"
	"github.com/urix/urix/resolve"
	"github.com/urix/urix/runner"
	"github.com/urix/urix/walk"
)

// resolutionFlags are the flags that say how references are made absolute
// and printed (SPEC R2–R4), for extraction and "urix resolve" alike. They
// may be given before the command name too: "urix --spec 2396 resolve ...".
func resolutionFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "spec", Aliases: []string{"rfc"}, Value: "3986", Usage: "URL standard, `3986|2396|whatwg`: 3986 as link checkers (../../../g against http://a/b/c/d;p?q -> http://a/g), 2396 as the seed drafts' Appendix C (-> http://a/../g), whatwg as a browser's URL parser, for every URI (http:\\\\A.example\\b -> http://a.example/b; an HTML page's query in its encoding); --rfc is an alias"},
		&cli.BoolFlag{Name: "compat", Usage: "resolve a reference that repeats the base's hierarchical scheme as relative (e.g. http:g against http://a/b/c/d -> http://a/b/c/g, not http:g)"},
		&cli.BoolFlag{Name: "normalize", Usage: "normalize each URI (RFC Section 6): lower-case scheme and host, drop the default port, %7e -> ~, remove ./ and ../ (e.g. HTTP://A:80/./b -> http://a/b)"},
		&cli.BoolFlag{Name: "ascii", Usage: "print IRIs as URIs: punycode host, UTF-8 percent-encoded rest (e.g. http://bücher.example/ä -> http://xn--bcher-kva.example/%C3%A4)"},
	}
}

// resolution is what the resolution flags ask for.
type resolution struct {
	opts      resolve.Options
	normalize bool
	ascii     bool
}

// resolutionOf reads the resolution flags, each from the innermost command
// line part it was given in (the subcommand's, else the one before it).
// cmd names the subcommand in messages ("resolve: "), or is "".
func resolutionOf(c *cli.Command, cmd string) (resolution, error) {
	var r resolution
	var err error
	if r.opts.Mode, err = resolve.ParseMode(given(c, "spec").String("spec")); err != nil {
		return r, usageError("%s--spec %q: want 3986, 2396 or whatwg", cmd, given(c, "spec").String("spec"))
	}
	r.opts.Compat = given(c, "compat").Bool("compat")
	r.normalize = given(c, "normalize").Bool("normalize")
	r.ascii = given(c, "ascii").Bool("ascii")
	return r, nil
}

// given returns the context in which flag name was given, innermost first,
// or c when it was given nowhere (its default).
func given(c *cli.Command, name string) *cli.Command {
	for _, ctx := range c.Lineage() {
		if ctx.IsSet(name) {
			return ctx
		}
	}
	return c
}

// extractFlags are the flags of extraction (the default command).
func extractFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "type", Value: "auto", Usage: "input kind: " + typeList() + "; auto sniffs the content, then looks at the file extension (e.g. --type email for a message piped in)"},
		&cli.StringFlag{Name: "base", Usage: "base `URI` for relative references instead of each file's own file:// URI; an HTML <base href> or a MIME Content-Base still wins (e.g. --base https://example.com/docs/)"},
		&cli.BoolFlag{Name: "recursive", Aliases: []string{"r"}, Usage: "read the files below each DIR argument (e.g. urix -r ~/Mail)"},
		&cli.BoolFlag{Name: "hidden", Usage: "with -r, also read hidden files and directories (names starting with .); .git stays skipped (e.g. urix -r --hidden ~/dotfiles)"},
		&cli.BoolFlag{Name: "no-ignore", Usage: "with -r, also read what .gitignore, .ignore and .git/info/exclude leave out (e.g. urix -r --no-ignore .)"},
		&cli.GenericFlag{Name: "glob", Aliases: []string{"g"}, Value: new(globList), Usage: "with -r, read only the files matching `GLOB`, or with !GLOB leave out what matches; gitignore syntax and {a,b}, below each DIR, repeatable, the last match wins, over ignore files and the hidden rule too (e.g. -g '*.html' -g '!archive/')"},
		&cli.BoolFlag{Name: "follow", Aliases: []string{"L"}, Usage: "with -r, follow symbolic links below DIR (a link given as DIR is always followed; e.g. urix -rL ~/Mail)"},
		&cli.StringFlag{Name: "format", Value: "plain", Usage: "output: plain (one URI per line), json (JSON Lines with uri, raw, file, line, col, kind, base, resolved, ...; e.g. --format json | jq .uri) or tsv (link-graph edges: page<TAB>uri<TAB>kind, the page a WARC record's target URI, else the file)"},
		&cli.BoolFlag{Name: "with-position", Aliases: []string{"n"}, Usage: "print FILE:LINE:COL: URI, as grep -n does, on a terminal and into a pipe alike (e.g. urix -n notes.txt)"},
		&cli.BoolFlag{Name: "null", Aliases: []string{"0"}, Usage: "end each output line with NUL instead of newline, for xargs -0 (e.g. urix -0 f | xargs -0 curl -sI)"},
		&cli.BoolFlag{Name: "unique", Aliases: []string{"u"}, Usage: "print each URI once, in first-seen order (after --normalize when given)"},
		&cli.StringFlag{Name: "schemes", Usage: "keep only these comma-separated schemes; by default javascript: and data: are left out of HTML results, \"all\" keeps them (e.g. --schemes http,https)"},
		&cli.BoolFlag{Name: "absolute", Usage: "drop references that stay relative because no base URI is known (e.g. HTML read from standard input without --base)"},
		&cli.BoolFlag{Name: "count", Usage: "print how many URIs there are per scheme and host instead of the URIs, most first"},
		&cli.StringFlag{Name: "hyphen", Value: "keep", Usage: "a line break right after '-' inside <...> or \"...\": keep the hyphen, drop it, or print both URIs (e.g. --hyphen both)"},
		&cli.BoolFlag{Name: "abbrev", Usage: "also find URLs written without a scheme: www.w3.org/Addressing/ -> http://www.w3.org/Addressing/, ftp.example.org/pub -> ftp://ftp.example.org/pub"},
		&cli.BoolFlag{Name: "emails", Usage: "also report bare e-mail addresses, as mailto: URIs (user@example.com -> mailto:user@example.com), as urlscan does"},
		&cli.BoolFlag{Name: "binary", Usage: "scan files that look binary (a NUL byte in the first 8 KiB) instead of skipping them with a note"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), DefaultText: "the number of CPUs", Usage: "read `N` files at once; output keeps input order unless --unordered (e.g. -j 1)"},
		&cli.BoolFlag{Name: "unordered", Usage: "with -j above 1, print URIs as they are found rather than in input order"},
		&cli.BoolFlag{Name: "include-code", Usage: "also scan the code spans and code blocks of Markdown for URIs (skipped by default)"},
		&cli.StringFlag{Name: "status", Value: "2xx", Usage: "which HTTP responses of a WARC to read: 2xx or all (e.g. --status all; the same as --all-status)"},
		&cli.BoolFlag{Name: "all-status", Usage: "read the HTTP responses of a WARC whatever their status (only 2xx by default); a redirect's Location is then a hit of kind http-location"},
		&cli.StringFlag{Name: "root-dir", Usage: "`DIR` that root-relative links of Markdown files (/img/a.png) are relative to, as a documentation site serves them; with --base the site's URL instead (e.g. --root-dir docs --base https://example.com/)"},
		&cli.StringFlag{Name: "color", Value: "auto", Usage: "colour the file names and line numbers: auto (on a terminal, unless NO_COLOR is set and not empty or TERM=dumb), always or never (e.g. --color always -n notes.txt | less -R)"},
		&cli.BoolFlag{Name: "no-position", Aliases: []string{"N"}, Usage: "print bare URIs on a terminal too, one per line, as into a pipe; by default a terminal shows them grouped by file with LINE:COL: (e.g. urix -N notes.txt)"},
		&cli.StringFlag{Name: "progress", Value: "auto", Usage: "a progress line on stderr (files done/all, bytes, URIs, MB/s, time): auto draws it when stderr is a terminal and stdout a file or /dev/null, always, or never (e.g. urix -r ~/Mail > links.txt)"},
		&cli.BoolFlag{Name: "stats", Usage: "print a summary line on stderr at the end: files, bytes, URIs, binary files skipped, errors, time, MB/s (e.g. urix --stats -r docs > /dev/null)"},
		&cli.BoolFlag{Name: "line-buffered", Usage: "print each URI as soon as the line holding it is complete; the default when standard input is a pipe or a terminal and stdout a terminal (e.g. tail -f mail.mbox | urix --line-buffered | tee links.txt)"},
	}, resolutionFlags()...)
}

// extractorOf makes the extractor the flags ask for (urix and urix pick);
// a bad value is a usage error.
func extractorOf(c *cli.Command) (*extract.Extractor, error) {
	opts, err := extractOptions(c)
	if err != nil {
		return nil, err
	}
	x, err := extract.New(opts)
	if err != nil {
		return nil, baseError(err)
	}
	if c.Int("jobs") < 1 {
		return nil, usageError("--jobs %d: want 1 or more files at once", c.Int("jobs"))
	}
	return x, nil
}

// extractOptions turns the flags into extract options; a bad value is a
// usage error.
func extractOptions(c *cli.Command) (extract.Options, error) {
	var o extract.Options
	var err error
	if o.Type, err = extract.ParseType(c.String("type")); err != nil {
		return o, usageError("--type %q: want %s", c.String("type"), typeList())
	}
	if o.Delimit.Hyphen, err = delimit.ParseHyphen(c.String("hyphen")); err != nil {
		return o, usageError("--hyphen %q: want keep, drop or both", c.String("hyphen"))
	}
	r, err := resolutionOf(c, "")
	if err != nil {
		return o, err
	}
	o.Resolve, o.Normalize, o.ASCII = r.opts, r.normalize, r.ascii
	o.Delimit.Abbrev = c.Bool("abbrev")
	o.Delimit.Emails = c.Bool("emails")
	o.Base = c.String("base")
	if c.IsSet("base") && o.Base == "" {
		return o, usageError("--base is empty: give an absolute URI, as in --base https://example.com/docs/")
	}
	o.Absolute = c.Bool("absolute")
	var wo warc.Options
	switch c.String("status") {
	case "2xx":
		wo.AllStatus = c.Bool("all-status")
	case "all":
		wo.AllStatus = true
	default:
		return o, usageError("--status %q: want 2xx or all", c.String("status"))
	}
	o.Formats = []*reader.Format{
		markdown.New(markdown.Options{IncludeCode: c.Bool("include-code"), RootDir: c.String("root-dir")}),
		warc.New(wo),
	}
	o.Binary = c.Bool("binary")
	o.LineBuffered = c.Bool("line-buffered")
	if s := c.String("schemes"); s != "" {
		o.Schemes = strings.Split(s, ",")
	}
	return o, nil
}

// globList holds the --glob patterns in order; each -g adds one, commas
// and all.
type globList []string

func (g *globList) Set(s string) error { *g = append(*g, s); return nil }
func (g *globList) String() string     { return strings.Join(*g, " ") }
func (g *globList) Get() any           { return []string(*g) }

// walkOptions reads the flags that say which files -r reads (SPEC §7
// "Walks"); a malformed --glob is a usage error.
func walkOptions(c *cli.Command) (walk.Options, error) {
	o := walk.Options{
		Hidden:   c.Bool("hidden"),
		NoIgnore: c.Bool("no-ignore"),
		Follow:   c.Bool("follow"),
	}
	o.Globs, _ = c.Value("glob").([]string)
	for _, g := range o.Globs {
		if err := walk.CheckGlob(g); err != nil {
			return o, usageError("--glob %v", err)
		}
	}
	return o, nil
}

// typeList is "auto, text, html, email, mbox, ...", from the format table.
func typeList() string {
	var names []string
	for _, t := range extract.Types() {
		names = append(names, t.String())
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// baseError words an unusable --base for the command line (SPEC B3).
func baseError(err error) error {
	var be *extract.BaseError
	if !errors.As(err, &be) {
		return usageError("%v", err)
	}
	if errors.Is(be.Err, resolve.ErrNotAbsolute) {
		return usageError("--base %q is not an absolute URI: it needs a scheme, as in https://example.com/docs/", be.Base)
	}
	return usageError("--base %q is not a valid URI: %v", be.Base, be.Err)
}

// errorLine words a problem met while reading, for stderr: "urix: FILE:
// where: what went wrong", with what to do where the library knows of a
// flag that helps.
func errorLine(err error) string {
	var w *extract.Warning
	var ie *extract.InputError
	switch {
	case errors.As(err, &w):
		where := w.File + ": "
		if w.Where != "" {
			where += w.Where + ": "
		}
		return "urix: " + where + describe(w.Err)
	case errors.As(err, &ie):
		return "urix: " + ie.File + ": " + describe(ie.Err)
	}
	return "urix: " + describe(err)
}

// describe returns the message of err with the CLI's hint.
func describe(err error) string {
	switch {
	case errors.Is(err, extract.ErrBinary):
		return err.Error() + " (use --binary to scan it)"
	case errors.Is(err, extract.ErrIsDir):
		return err.Error() + " (use -r to scan directories)"
	}
	return err.Error()
}

// fetchFlags are the flags of http:// and https:// arguments and of the
// input list, for the extraction command.
func fetchFlags() []cli.Flag {
	d := defaultFetchOptions()
	return []cli.Flag{
		&cli.StringFlag{Name: "files-from", Usage: "read input names or URLs from `FILE`, one per line (- for standard input; blank lines skipped), as cluster tools hand them to a mapper (e.g. find crawl -name '*.warc.gz' | urix --files-from - --format tsv)"},
		&cli.DurationFlag{Name: "timeout", Value: d.timeout, Usage: "give up on an http(s) URL after `DURATION`, body included; for a WARC, after that long without data (e.g. --timeout 2m)"},
		&cli.StringFlag{Name: "max-size", Value: "50M", Usage: "read at most `SIZE` bytes of an http(s) URL (suffix K, M or G; 0 for no limit); a WARC is never cut (e.g. --max-size 200M)"},
		&cli.IntFlag{Name: "max-redirects", Value: d.redirects, Usage: "follow at most `N` redirects of an http(s) URL (e.g. --max-redirects 0 to follow none)"},
		&cli.StringFlag{Name: "user-agent", Value: d.userAgent, Usage: "the User-Agent sent with http(s) requests (e.g. --user-agent 'mycrawler/1.0 (+https://example.org/bot)')"},
		&cli.StringSliceFlag{Name: "header", Aliases: []string{"H"}, Usage: "send this header field with http(s) requests, as curl -H; repeatable (e.g. -H 'Accept-Language: fr' -H 'Cookie: session=abc')"},
	}
}

// runOptionsOf reads the flags of how inputs are gone over (-r and the
// walk flags, -j, the fetch flags), for urix and urix pick alike; the
// caller adds what is its own (--unordered, Stats).
func runOptionsOf(c *cli.Command) (runner.Options, error) {
	wo, err := walkOptions(c)
	if err != nil {
		return runner.Options{}, err
	}
	fetch, err := fetchOptionsOf(c)
	if err != nil {
		return runner.Options{}, err
	}
	return runner.Options{
		Recursive: c.Bool("recursive"),
		Walk:      wo,
		Jobs:      c.Int("jobs"),
		Open:      newFetcher(fetch),
	}, nil
}

// fetchOptionsOf reads the fetch flags; a bad value is a usage error.
func fetchOptionsOf(c *cli.Command) (fetchOptions, error) {
	o := defaultFetchOptions()
	o.timeout = c.Duration("timeout")
	if o.timeout < 0 {
		return o, usageError("--timeout %v: want a positive duration, as in --timeout 30s", o.timeout)
	}
	size, err := parseSize(c.String("max-size"))
	if err != nil {
		return o, usageError("--max-size %q: want a number of bytes with an optional K, M or G suffix, as in --max-size 200M", c.String("max-size"))
	}
	o.maxBytes = size
	if o.redirects = c.Int("max-redirects"); o.redirects < 0 {
		return o, usageError("--max-redirects %d: want 0 or more", o.redirects)
	}
	o.userAgent = c.String("user-agent")
	for _, h := range c.StringSlice("header") {
		name, value, err := parseHeader(h)
		if err != nil {
			return o, usageError("-H: %v", err)
		}
		if o.header == nil {
			o.header = http.Header{}
		}
		o.header[name] = append(o.header[name], value)
	}
	return o, nil
}

// parseSize reads a byte count with an optional binary suffix: 512, 64K,
// 50M, 2G (KiB, MiB, GiB).
func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K") || strings.HasSuffix(s, "k"):
		mult = 1 << 10
	case strings.HasSuffix(s, "M") || strings.HasSuffix(s, "m"):
		mult = 1 << 20
	case strings.HasSuffix(s, "G") || strings.HasSuffix(s, "g"):
		mult = 1 << 30
	}
	if mult > 1 {
		s = s[:len(s)-1]
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return n * mult, nil
}
