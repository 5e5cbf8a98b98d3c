package cli

// The reader functions of the flag groups (flags.go): each reads its
// group's flags, all of them, and turns them into the options of the
// library packages; a bad value is a usage error.

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/formats"
	"github.com/urix/urix/printer"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/markdown"
	"github.com/urix/urix/reader/pdf"
	"github.com/urix/urix/reader/warc"
	"github.com/urix/urix/resolve"
	"github.com/urix/urix/runner"
	"github.com/urix/urix/sources"
	"github.com/urix/urix/walk"
)

// resolution is what the resolution flags ask for.
type resolution struct {
	opts      resolve.Options
	normalize bool
	ascii     bool
}

// resolutionOf reads the resolution group, each flag from the innermost
// command line part it was given in (the subcommand's, else the one before
// it). cmd names the subcommand in messages ("resolve: "), or is "".
func resolutionOf(c *cli.Command, cmd string) (resolution, error) {
	v := valuesOf(c, groupResolution)
	var r resolution
	spec := v.String("spec")
	r.opts.Compat = v.Bool("compat")
	r.normalize = v.Bool("normalize")
	r.ascii = v.Bool("ascii")
	var err error
	if r.opts.Mode, err = resolve.ParseMode(spec); err != nil {
		return r, usageError("%s--spec %q: want 3986, 2396 or whatwg", cmd, spec)
	}
	return r, nil
}

// extractOptionsOf reads the extract and resolution groups into extract
// options (urix and urix pick); a bad value is a usage error.
func extractOptionsOf(c *cli.Command) (extract.Options, error) {
	opts, err := extractOptions(c)
	if err != nil {
		return opts, err
	}
	r, err := resolutionOf(c, "")
	if err != nil {
		return opts, err
	}
	opts.Resolve, opts.Normalize, opts.ASCII = r.opts, r.normalize, r.ascii
	return opts, nil
}

// newExtractor makes the extractor of opts; an unusable --base is a usage
// error (SPEC B3).
func newExtractor(opts extract.Options) (*extract.Extractor, error) {
	x, err := extract.New(opts)
	if err != nil {
		return nil, baseError(err)
	}
	return x, nil
}

// extractOptions reads the extract group into extract options, resolution
// and line buffering left to the caller; a bad value is a usage error.
func extractOptions(c *cli.Command) (extract.Options, error) {
	v := valuesOf(c, groupExtract)
	typ, hyphen, status := v.String("read-as"), v.String("hyphen"), v.String("status")
	allStatus := v.Bool("all-status")
	baseSet, schemes := v.IsSet("base"), v.String("schemes")
	o := extract.Options{
		Base:     v.String("base"),
		Absolute: v.Bool("absolute"),
		Binary:   v.Bool("binary"),
	}
	o.Delimit.Abbrev = v.Bool("abbrev")
	o.Delimit.Emails = v.Bool("emails")
	o.Unwrap, o.Clean, o.Refang = v.Bool("unwrap"), v.Bool("clean"), v.Bool("refang")
	md := markdown.Options{IncludeCode: v.Bool("include-code"), RootDir: v.String("root-dir")}

	var err error
	if o.Type, err = formats.Default().ParseType(typ); err != nil {
		return o, usageError("--read-as %q: want %s", typ, typeList())
	}
	if o.Delimit.Hyphen, err = delimit.ParseHyphen(hyphen); err != nil {
		return o, usageError("--hyphen %q: want keep, drop or both", hyphen)
	}
	if baseSet && o.Base == "" {
		return o, usageError("--base is empty: give an absolute URI, as in --base https://example.com/docs/")
	}
	var wo warc.Options
	switch status {
	case "2xx":
		wo.AllStatus = allStatus
	case "all":
		wo.AllStatus = true
	default:
		return o, usageError("--status %q: want 2xx or all", status)
	}
	o.Formats = []*reader.Format{markdown.New(md), warc.New(wo), pdf.New(pdf.Options{NoText: v.Bool("no-pdf-text")})}
	if schemes != "" {
		o.Schemes = strings.Split(schemes, ",")
	}
	if o.MaxCount = v.Int("max-count"); o.MaxCount < 0 {
		return o, usageError("--max-count %d: want 0 or more URIs per input (0: no limit)", o.MaxCount)
	}
	o.Filter, err = filterOf(v, o.Schemes)
	return o, err
}

// globList holds the --glob patterns in order; each -g adds one, commas
// and all.
type globList []string

func (g *globList) Set(s string) error { *g = append(*g, s); return nil }
func (g *globList) String() string     { return strings.Join(*g, " ") }
func (g *globList) Get() any           { return []string(*g) }

// typeList is "auto, text, html, email, mbox, ...", from the format table.
func typeList() string {
	var names []string
	for _, t := range formats.Default().Types() {
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
		where := displayName(w.File) + ": "
		if w.Where != "" {
			where += w.Where + ": "
		}
		return "urix: " + where + describe(w.Err)
	case errors.As(err, &ie):
		return "urix: " + displayName(ie.File) + ": " + describe(ie.Err)
	}
	return "urix: " + describe(err)
}

// displayName is an input's name as messages print it: standard input
// ("-") is "(standard input)", as grep names it.
func displayName(file string) string {
	if file == "-" {
		return printer.StdinName
	}
	return file
}

// describe returns the message of err with the CLI's hint.
func describe(err error) string {
	switch {
	case errors.Is(err, extract.ErrBinary):
		return err.Error() + " (use --binary to scan it)"
	case errors.Is(err, sources.ErrIsDir):
		return err.Error() + " (use -r to scan directories)"
	}
	return err.Error()
}

// runOptionsOf reads the walk and fetch groups: how inputs are gone over
// (-r, which files below a DIR, -j, how a URL is fetched), for urix and
// urix pick alike; the caller adds what is its own (--unordered, Stats).
// A bad value is a usage error.
func runOptionsOf(c *cli.Command) (runner.Options, error) {
	v := valuesOf(c, groupWalk)
	o := runner.Options{
		Recursive: v.Bool("recursive"),
		Walk: walk.Options{
			Hidden:   v.Bool("hidden"),
			NoIgnore: v.Bool("no-ignore"),
			Follow:   v.Bool("follow"),
			Globs:    v.StringSlice("glob"),
		},
		Jobs: v.Int("jobs"),
	}
	for _, g := range o.Walk.Globs {
		if err := walk.CheckGlob(g); err != nil {
			return o, usageError("--glob %v", err)
		}
	}
	var err error
	if o.Select, err = typeSelection(v); err != nil {
		return o, err
	}
	fetch, err := fetchOptionsOf(c)
	if err != nil {
		return o, err
	}
	if o.Jobs < 1 {
		return o, usageError("--jobs %d: want 1 or more files at once", o.Jobs)
	}
	o.Open = sources.Fetcher(fetch)
	return o, nil
}

// fetchOptionsOf reads the fetch group; a bad value is a usage error.
func fetchOptionsOf(c *cli.Command) (sources.FetchOptions, error) {
	v := valuesOf(c, groupFetch)
	o := defaultFetchOptions()
	o.Timeout = v.Duration("timeout")
	maxSize := v.String("max-size")
	o.Redirects = v.Int("max-redirects")
	o.UserAgent = v.String("user-agent")
	headers := v.StringSlice("header")
	if o.Timeout < 0 {
		return o, usageError("--timeout %v: want a positive duration, as in --timeout 30s", o.Timeout)
	}
	size, err := parseSize(maxSize)
	if err != nil {
		return o, usageError("--max-size %q: want a number of bytes with an optional K, M or G suffix, as in --max-size 200M", maxSize)
	}
	o.MaxBytes = size
	if o.Redirects < 0 {
		return o, usageError("--max-redirects %d: want 0 or more", o.Redirects)
	}
	for _, h := range headers {
		name, value, err := parseHeader(h)
		if err != nil {
			return o, usageError("-H: %v", err)
		}
		if o.Header == nil {
			o.Header = http.Header{}
		}
		o.Header[name] = append(o.Header[name], value)
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

// outputFlags is what the output group asks for (SPEC CL6, CL8).
type outputFlags struct {
	format, color, progress                   string
	position, noPosition, null, unique, count bool
	countHosts                                bool
	unordered, stats, lineBuffered            bool
	quiet, files, noMessages                  bool // -q, -l, -s
}

// outputFlagsOf reads the output group; -n with -N is a usage error, and
// outputOf and progressWanted check the values of --color and --progress.
func outputFlagsOf(c *cli.Command) (outputFlags, error) {
	v := valuesOf(c, groupOutput)
	f := outputFlags{
		format:       v.String("format"),
		color:        v.String("color"),
		progress:     v.String("progress"),
		position:     v.Bool("with-position"),
		noPosition:   v.Bool("no-position"),
		null:         v.Bool("null"),
		unique:       v.Bool("unique"),
		count:        v.Bool("count"),
		countHosts:   v.Bool("count-hosts"),
		unordered:    v.Bool("unordered"),
		stats:        v.Bool("stats"),
		lineBuffered: v.Bool("line-buffered"),
		quiet:        v.Bool("quiet"),
		files:        v.Bool("files-with-matches"),
		noMessages:   v.Bool("no-messages"),
	}
	if f.position && f.noPosition {
		return f, usageError("-n prints FILE:LINE:COL: before each URI and -N bare URIs: give one of them")
	}
	// -l prints names, one per line: not a count, nor JSON or TSV rows.
	// With -n, -N or -u it prints the same names (as grep -ln does).
	if f.files && (f.count || f.countHosts) {
		return f, usageError("-l prints the names of the inputs with a URI and %s counts URIs: give one of them", countFlag(f))
	}
	if f.count && f.countHosts {
		return f, usageError("-c counts the URIs of each input and --count-hosts those of each host: give one of them")
	}
	if (f.count || f.countHosts) && f.unique {
		return f, usageError("%s counts every URI found: it takes no -u", countFlag(f))
	}
	if f.count && f.format == "tsv" {
		return f, usageError("-c prints counts, not link-graph edges: it takes no --format tsv")
	}
	if f.files && f.format != string(printer.Plain) {
		return f, usageError("-l prints the names of the inputs with a URI, one per line: it takes no --format %s", f.format)
	}
	return f, nil
}

// countFlag names the counting flag given, for messages.
func countFlag(f outputFlags) string {
	if f.count {
		return "-c"
	}
	return "--count-hosts"
}

// inputList is what the list group asks for (--files-from).
type inputList struct {
	from  string // the file of names, - for standard input
	given bool
}

// listOf reads the list group; an empty --files-from is a usage error.
func listOf(c *cli.Command) (inputList, error) {
	v := valuesOf(c, groupList)
	l := inputList{from: v.String("files-from"), given: v.IsSet("files-from")}
	if l.given && l.from == "" {
		return l, usageError("--files-from is empty: give a file of names, or - for standard input")
	}
	return l, nil
}

// pickOptions is what the pick group asks for.
type pickOptions struct {
	open     string // --open
	single   bool   // --single
	terminal bool   // --terminal
	wrapped  bool   // --wrapped: links as written, not unwrapped
}

// pickOptionsOf reads the pick group.
func pickOptionsOf(c *cli.Command) pickOptions {
	v := valuesOf(c, groupPick)
	return pickOptions{open: v.String("open"), single: v.Bool("single"), terminal: v.Bool("terminal"), wrapped: v.Bool("wrapped")}
}
