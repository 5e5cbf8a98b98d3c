package cli

// The flag table: every flag of urix defined once, with the group it
// belongs to, and the groups each command honours (SPEC CL6). A command's
// flags are the table's entries of its groups, in table order (the order
// of --help); each group is read by one reader function, through
// valuesOf, which refuses a flag of another group.

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/urfave/cli/v3"
)

// flagGroup is a set of flags that one reader function reads together.
type flagGroup int

const (
	groupNone flagGroup = iota // the zero value: a flag without a group (TestFlagTable refuses it)
	// groupExtract says what is found in an input and how (extract.Options,
	// the reader packages): read by extractOptions.
	groupExtract
	// groupResolution says how references are made absolute and printed
	// (SPEC R2–R4): read by resolutionOf. Its flags may also be given
	// before a subcommand's name ("urix --spec 2396 resolve ...").
	groupResolution
	// groupWalk says which files below a DIR are read and how many at
	// once (SPEC CL7): read by runOptionsOf.
	groupWalk
	// groupFetch says how an http(s) argument is fetched: read by
	// fetchOptionsOf.
	groupFetch
	// groupList is --files-from, the list of inputs: read by listOf.
	groupList
	// groupOutput shapes what is printed (format, positions, colour,
	// progress): read by outputFlagsOf.
	groupOutput
	// groupPick is urix pick's own: read by pickOptionsOf.
	groupPick
	// groupResolveBase is urix resolve's --base: read by resolveAction.
	groupResolveBase
	// groupParseFormat is urix parse's --format: read by parseAction.
	groupParseFormat
	// groupCheck is urix check's own: how links are checked and
	// reported, read by checkFlagsOf.
	groupCheck
	numGroups
)

var groupNames = [numGroups]string{"none", "extract", "resolution", "walk", "fetch", "list", "output", "pick", "resolve", "parse", "check"}

func (g flagGroup) String() string {
	if g < 0 || g >= numGroups {
		return fmt.Sprintf("flagGroup(%d)", int(g))
	}
	return groupNames[g]
}

// commandGroups are the groups each command honours, by command name:
// the command accepts exactly the flags of these groups, and its action
// reads every one of them (TestCommandsReadTheirFlags).
//
// urix pick takes neither the output flags nor --files-from: the picker
// prints no list to format, and its input is what a mail reader pipes or
// the files named. Given to pick, they are a usage error ("unknown flag
// --format"), not taken and ignored.
var commandGroups = map[string][]flagGroup{
	"urix":       {groupExtract, groupResolution, groupWalk, groupFetch, groupList, groupOutput},
	"pick":       {groupExtract, groupResolution, groupWalk, groupFetch, groupPick},
	"check":      {groupExtract, groupResolution, groupWalk, groupFetch, groupList, groupCheck},
	"resolve":    {groupResolveBase, groupResolution},
	"parse":      {groupParseFormat},
	"man":        {},
	"completion": {},
	"help":       {},
}

// beforeName says which groups of urix's flags a subcommand also reads
// when they come before its name, if it honours the group: urix --spec
// 2396 resolve. Any other flag of urix given there is a usage error
// (checkBeforeName).
var beforeName = map[flagGroup]bool{groupResolution: true}

// flagKind is the type of a flag's value.
type flagKind int

const (
	boolKind     flagKind = iota + 1 // a switch
	stringKind                       // value: string
	intKind                          // value: int
	durationKind                     // value: time.Duration
	stringsKind                      // repeatable, no default
	globKind                         // repeatable --glob, kept in order
)

// flagSpec is one flag: its group, names, value kind, default and help.
type flagSpec struct {
	group       flagGroup
	kind        flagKind
	name        string
	aliases     []string
	value       any    // the default, of the kind's type; nil for the zero value
	defaultText string // shown instead of value in the help, when set
	usage       string
}

// flagTable is every flag, once. A name appears twice only for flags of
// different commands (--base of urix and of urix resolve, --format of
// urix and of urix parse); no command accepts two entries of one name.
var flagTable = []flagSpec{
	// urix resolve
	{group: groupResolveBase, kind: stringKind, name: "base", usage: "absolute `URI` the references are relative to (required; e.g. --base https://example.com/docs/index.html)"},
	// urix parse
	{group: groupParseFormat, kind: stringKind, name: "format", value: "plain", usage: "output, `plain|json`: plain is aligned \"scheme:    http\" lines, json one object per line with null for undefined (e.g. --format json | jq .query)"},
	// urix (extraction), and urix pick for every group but output and list
	{group: groupExtract, kind: stringKind, name: "read-as", value: "auto", usage: "read every input as `TYPE`: " + typeList() + "; auto sniffs the content, then looks at the file extension (e.g. --read-as email for a message piped in)"},
	{group: groupExtract, kind: stringKind, name: "base", usage: "base `URI` for relative references instead of each file's own file:// URI; an HTML <base href> or a MIME Content-Base still wins; with -r DIR, a file below DIR gets URI joined with its path below DIR, as a wget -m mirror maps back (e.g. -r --base https://example.com/ example.com)"},
	{group: groupWalk, kind: boolKind, name: "recursive", aliases: []string{"r"}, usage: "read the files below each DIR argument (e.g. urix -r ~/Mail)"},
	{group: groupWalk, kind: boolKind, name: "hidden", usage: "with -r, also read hidden files and directories (names starting with .); .git stays skipped (e.g. urix -r --hidden ~/dotfiles)"},
	{group: groupWalk, kind: boolKind, name: "no-ignore", usage: "with -r, also read what .gitignore, .ignore and .git/info/exclude leave out (e.g. urix -r --no-ignore .)"},
	{group: groupWalk, kind: globKind, name: "glob", aliases: []string{"g"}, usage: "with -r, read only the files matching `GLOB`, or with !GLOB leave out what matches; gitignore syntax and {a,b}, below each DIR, repeatable, the last match wins, over ignore files and the hidden rule too (e.g. -g '*.html' -g '!archive/')"},
	{group: groupWalk, kind: stringsKind, name: "type", aliases: []string{"t"}, usage: "with -r, read only the files of `TYPE` below each DIR, chosen by their names as ripgrep's -t does (urix --type-list lists them); repeatable; a file named is read whatever its name; --read-as reads every input as one type (e.g. urix -r -t html -t markdown site)"},
	{group: groupWalk, kind: stringsKind, name: "type-not", aliases: []string{"T"}, usage: "with -r, leave out the files of `TYPE` below each DIR, by their names; repeatable (e.g. urix -r -T pdf -T zip docs)"},
	{group: groupWalk, kind: boolKind, name: "type-list", usage: "print the types -t and -T choose, each with the file names it stands for, and exit"},
	{group: groupWalk, kind: boolKind, name: "follow", aliases: []string{"L"}, usage: "with -r, follow symbolic links below DIR (a link given as DIR is always followed; e.g. urix -rL ~/Mail)"},
	{group: groupOutput, kind: stringKind, name: "format", value: "plain", usage: "output: plain (one URI per line), json (JSON Lines with uri, raw, file, line, col, kind, base, resolved, ...; e.g. --format json | jq .uri) or tsv (link-graph edges: page<TAB>uri<TAB>kind, the page a WARC record's target URI, else the file)"},
	{group: groupOutput, kind: boolKind, name: "with-position", aliases: []string{"n"}, usage: "print FILE:LINE:COL: URI, as grep -n does, on a terminal and into a pipe alike (e.g. urix -n notes.txt)"},
	{group: groupOutput, kind: boolKind, name: "null", aliases: []string{"0"}, usage: "end each output line with NUL instead of newline, for xargs -0 (e.g. urix -0 f | xargs -0 curl -sI)"},
	{group: groupOutput, kind: boolKind, name: "quiet", aliases: []string{"q"}, usage: "print nothing and stop at the first URI: the exit status says whether there is one, 0 even after an error, as grep -q (e.g. urix -q draft.txt && echo has links)"},
	{group: groupOutput, kind: boolKind, name: "files-with-matches", aliases: []string{"l"}, usage: "print the name of each input that holds a URI instead of its URIs, once, as grep -l; standard input is (standard input) (e.g. urix -l -r ~/Mail)"},
	{group: groupOutput, kind: boolKind, name: "no-messages", aliases: []string{"s"}, usage: "print no message about inputs that cannot be read or are damaged, as grep -s; the exit status is still 2 (e.g. urix -s -r /etc)"},
	{group: groupOutput, kind: boolKind, name: "unique", aliases: []string{"u"}, usage: "print each URI once, in first-seen order (after --normalize when given)"},
	{group: groupExtract, kind: stringKind, name: "schemes", usage: "keep only these comma-separated schemes, or with !NAME leave one out; by default javascript: and data: are left out of HTML results, \"all\" keeps them (e.g. --schemes http,https or --schemes '!mailto')"},
	{group: groupExtract, kind: stringsKind, name: "kind", usage: "keep only the URIs of these comma-separated kinds, or with !KIND leave them out: link (what markup links to: href, src, Markdown links, PDF and Office links), prose (URIs written in text), header (mail header fields), or a JSON kind such as html-attr; repeatable (e.g. --kind link for a link checker)"},
	{group: groupExtract, kind: stringsKind, name: "host", usage: "keep only the URIs whose host is one of these comma-separated `HOSTS` or below one of them (example.com keeps www.example.com), or with !HOST leave them out; repeatable (e.g. --host example.com --host '!cdn.example.com')"},
	{group: groupExtract, kind: stringsKind, name: "regexp", aliases: []string{"e"}, usage: "keep only the URIs that the RE2 regular expression `PATTERN` matches, as printed; repeatable: any one may match (e.g. -e '^https://github\\.com/')"},
	{group: groupExtract, kind: stringsKind, name: "exclude", usage: "leave out the URIs that the RE2 regular expression `PATTERN` matches, as printed; repeatable (e.g. --exclude '\\.(png|jpe?g)$')"},
	{group: groupExtract, kind: boolKind, name: "absolute", usage: "drop references that stay relative because no base URI is known (e.g. HTML read from standard input without --base)"},
	{group: groupExtract, kind: intKind, name: "max-count", aliases: []string{"m"}, usage: "stop reading an input after `NUM` URIs, counted after the filters, as grep -m (e.g. urix -m 1 -l -r ~/Mail)"},
	{group: groupOutput, kind: boolKind, name: "count", aliases: []string{"c"}, usage: "print how many URIs each input holds instead of the URIs, as FILE:N (N alone for one input named), inputs without a URI left out, as ripgrep's -c (e.g. urix -c -r ~/Mail)"},
	{group: groupOutput, kind: boolKind, name: "count-hosts", usage: "print how many URIs there are per scheme and host instead of the URIs, most first (this was --count before -c took grep's meaning; e.g. urix --count-hosts -r site)"},
	{group: groupExtract, kind: stringKind, name: "hyphen", value: "keep", usage: "a line break right after '-' inside <...> or \"...\": keep the hyphen, drop it, or print both URIs (e.g. --hyphen both)"},
	{group: groupExtract, kind: boolKind, name: "abbrev", usage: "also find URLs written without a scheme: www.w3.org/Addressing/ -> http://www.w3.org/Addressing/, ftp.example.org/pub -> ftp://ftp.example.org/pub"},
	{group: groupExtract, kind: boolKind, name: "emails", usage: "also report bare e-mail addresses, as mailto: URIs (user@example.com -> mailto:user@example.com), as urlscan does"},
	{group: groupExtract, kind: boolKind, name: "unwrap", usage: "print the link a security or tracking wrapper stands for, decoded offline: Microsoft Safe Links, Proofpoint URL Defense, Google's /url?q=, Facebook's l.php and their like (e.g. https://www.google.com/url?q=https%3A%2F%2Fa.example%2F -> https://a.example/); JSON keeps them as \"wrapped\""},
	{group: groupExtract, kind: boolKind, name: "clean", usage: "remove tracking parameters (utm_*, fbclid, gclid, mc_eid, ...) from each URI's query, so that -u counts a link once (e.g. https://a.example/p?id=7&utm_source=mail -> https://a.example/p?id=7)"},
	{group: groupExtract, kind: boolKind, name: "refang", usage: "read defanged URIs as the URIs they stand for: hxxp, hxxps, fxp; [.], (.), {.}, [dot], (dot); [:], [://], [/]; [@], [at] (e.g. hxxps://evil[.]example/login -> https://evil.example/login); without it they are not URIs"},
	{group: groupExtract, kind: boolKind, name: "binary", usage: "scan files that look binary (a NUL byte in the first 8 KiB) instead of skipping them with a note"},
	{group: groupWalk, kind: intKind, name: "jobs", aliases: []string{"j"}, value: runtime.NumCPU(), defaultText: "the number of CPUs", usage: "read `N` files at once; output keeps input order unless --unordered (e.g. -j 1)"},
	{group: groupOutput, kind: boolKind, name: "unordered", usage: "with -j above 1, print URIs as they are found rather than in input order"},
	{group: groupExtract, kind: boolKind, name: "no-pdf-text", usage: "PDF: report the links, actions, outline and attachments only, not the URIs written in the page text, whose content is then not decoded (faster; e.g. urix --no-pdf-text manual.pdf)"},
	{group: groupExtract, kind: boolKind, name: "include-code", usage: "also scan the code spans and code blocks of Markdown for URIs (skipped by default)"},
	{group: groupExtract, kind: stringKind, name: "status", value: "2xx", usage: "which HTTP responses of a WARC to read: 2xx or all (e.g. --status all; the same as --all-status)"},
	{group: groupExtract, kind: boolKind, name: "all-status", usage: "read the HTTP responses of a WARC whatever their status (only 2xx by default); a redirect's Location is then a hit of kind http-location"},
	{group: groupExtract, kind: stringKind, name: "root-dir", usage: "`DIR` that root-relative links of Markdown files (/img/a.png) are relative to, as a documentation site serves them; with --base the site's URL instead (e.g. --root-dir docs --base https://example.com/)"},
	{group: groupOutput, kind: stringKind, name: "color", value: "auto", usage: "colour the file names and line numbers: auto (on a terminal, unless NO_COLOR is set and not empty or TERM=dumb), always or never (e.g. --color always -n notes.txt | less -R)"},
	{group: groupOutput, kind: boolKind, name: "no-position", aliases: []string{"N"}, usage: "print bare URIs on a terminal too, one per line, as into a pipe; by default a terminal shows them grouped by file with LINE:COL: (e.g. urix -N notes.txt)"},
	{group: groupOutput, kind: stringKind, name: "progress", value: "auto", usage: "a progress line on stderr (files done/all, bytes, URIs, MB/s, time): auto draws it when stderr is a terminal and stdout a file or /dev/null, always, or never (e.g. urix -r ~/Mail > links.txt)"},
	{group: groupOutput, kind: boolKind, name: "stats", usage: "print a summary line on stderr at the end: files, bytes, URIs, binary files skipped, errors, time, MB/s (e.g. urix --stats -r docs > /dev/null)"},
	{group: groupOutput, kind: boolKind, name: "line-buffered", usage: "print each URI as soon as the line holding it is complete; the default when standard input is a pipe or a terminal and stdout a terminal (e.g. tail -f mail.mbox | urix --line-buffered | tee links.txt)"},
	{group: groupResolution, kind: stringKind, name: "spec", aliases: []string{"rfc"}, value: "3986", usage: "URL standard, `3986|2396|whatwg`: 3986 as link checkers (../../../g against http://a/b/c/d;p?q -> http://a/g), 2396 as the seed drafts' Appendix C (-> http://a/../g), whatwg as a browser's URL parser, for every URI (http:\\\\A.example\\b -> http://a.example/b; an HTML page's query in its encoding); --rfc is an alias"},
	{group: groupResolution, kind: boolKind, name: "compat", usage: "resolve a reference that repeats the base's hierarchical scheme as relative (e.g. http:g against http://a/b/c/d -> http://a/b/c/g, not http:g)"},
	{group: groupResolution, kind: boolKind, name: "normalize", usage: "normalize each URI (RFC Section 6): lower-case scheme and host, drop the default port, %7e -> ~, remove ./ and ../ (e.g. HTTP://A:80/./b -> http://a/b)"},
	{group: groupResolution, kind: boolKind, name: "ascii", usage: "print IRIs as URIs: punycode host, UTF-8 percent-encoded rest (e.g. http://bücher.example/ä -> http://xn--bcher-kva.example/%C3%A4)"},
	{group: groupList, kind: stringKind, name: "files-from", usage: "read input names or URLs from `FILE`, one per line (- for standard input; blank lines skipped), as cluster tools hand them to a mapper (e.g. find crawl -name '*.warc.gz' | urix --files-from - --format tsv)"},
	{group: groupFetch, kind: durationKind, name: "timeout", value: defaultFetchOptions().Timeout, usage: "give up on an http(s) URL after `DURATION`, body included; for a WARC, after that long without data (e.g. --timeout 2m)"},
	{group: groupFetch, kind: stringKind, name: "max-size", value: "50M", usage: "read at most `SIZE` bytes of an http(s) URL (suffix K, M or G; 0 for no limit); a WARC is never cut (e.g. --max-size 200M)"},
	{group: groupFetch, kind: intKind, name: "max-redirects", value: defaultFetchOptions().Redirects, usage: "follow at most `N` redirects of an http(s) URL (e.g. --max-redirects 0 to follow none)"},
	{group: groupFetch, kind: stringKind, name: "user-agent", value: defaultFetchOptions().UserAgent, usage: "the User-Agent sent with http(s) requests (e.g. --user-agent 'mycrawler/1.0 (+https://example.org/bot)')"},
	{group: groupFetch, kind: stringsKind, name: "header", aliases: []string{"H"}, usage: "send this header field with http(s) requests, as curl -H; repeatable (e.g. -H 'Accept-Language: fr' -H 'Cookie: session=abc')"},
	// urix check
	{group: groupCheck, kind: stringKind, name: "format", value: "text", usage: "the report, `FORMAT`: text (broken links grouped by file, LINE:COL: verdict URI: why), json (JSON Lines, one object per link with its verdict, status, redirects and places), sarif (SARIF 2.1.0 for code scanning), github (::error annotations of GitHub Actions) or junit (JUnit XML) (e.g. --format sarif > links.sarif)"},
	{group: groupCheck, kind: boolKind, name: "offline", usage: "check only local targets: files and their fragments; http(s) links are listed as not checked (e.g. urix check --offline -r docs)"},
	{group: groupCheck, kind: stringKind, name: "accept", value: "200..299", usage: "the HTTP statuses that are good, after redirects: a comma-separated `LIST` of codes, ranges A..B and classes like 2xx (e.g. --accept 200..299,403)"},
	{group: groupCheck, kind: intKind, name: "retries", value: 2, usage: "ask again `N` times after a timeout, a failed connection, a 5xx or a 429, waiting 1s, 2s, ... or the server's Retry-After (e.g. --retries 0)"},
	{group: groupCheck, kind: intKind, name: "concurrency", value: 32, usage: "at most `N` requests in flight in all (e.g. --concurrency 8)"},
	{group: groupCheck, kind: intKind, name: "host-concurrency", value: 2, usage: "at most `N` requests in flight to one host (e.g. --host-concurrency 1)"},
	{group: groupCheck, kind: durationKind, name: "host-interval", usage: "at least `DURATION` between the starts of two requests to one host (e.g. --host-interval 500ms)"},
	{group: groupCheck, kind: durationKind, name: "run-timeout", usage: "stop checking after `DURATION`: the links left are reported as not checked (e.g. --run-timeout 5m); --timeout bounds each request"},
	{group: groupCheck, kind: stringsKind, name: "host-header", usage: "send a header field to one host only, as `HOST=Name: value`; repeatable (e.g. --host-header 'api.github.com=Authorization: Bearer TOKEN')"},
	{group: groupCheck, kind: stringKind, name: "cache", usage: "keep the results of http(s) links in `FILE` between runs, and take those younger than --max-cache-age from it (e.g. --cache .urix-cache.json)"},
	{group: groupCheck, kind: durationKind, name: "max-cache-age", value: 24 * time.Hour, usage: "with --cache, ask again about a link checked longer ago than `DURATION` (e.g. --max-cache-age 1h)"},
	{group: groupCheck, kind: stringKind, name: "color", value: "auto", usage: "colour the text report: auto (on a terminal, unless NO_COLOR is set and not empty or TERM=dumb), always or never"},
	{group: groupCheck, kind: stringKind, name: "progress", value: "auto", usage: "a progress line on stderr while links are checked: auto (when stderr is a terminal), always or never"},
	{group: groupCheck, kind: boolKind, name: "no-messages", aliases: []string{"s"}, usage: "print no message about inputs that cannot be read or are damaged, as grep -s; the exit status is still 2"},
	// urix pick
	{group: groupPick, kind: stringKind, name: "open", usage: "command that opens a URI, run with sh -c; %s is replaced by the quoted URI, else it is appended (e.g. --open 'firefox --new-tab %s')"},
	{group: groupPick, kind: boolKind, name: "wrapped", usage: "list and open links as written, wrappers and all: urix pick unwraps Safe Links, URL Defense and their like by default, so that Enter opens the target without the organisation's click-time check (e.g. --wrapped to keep it)"},
	{group: groupPick, kind: boolKind, name: "single", usage: "quit after the first URI opened (e.g. from a mail reader's macro)"},
	{group: groupPick, kind: boolKind, name: "terminal", usage: "run the opener on the picker's terminal and come back when it ends, as lynx, w3m, elinks, links and browsh are run without it (e.g. --terminal --open 'mybrowser %s')"},
}

// honours reports whether command cmd reads the flags of group g.
func honours(cmd string, g flagGroup) bool {
	return slices.Contains(commandGroups[cmd], g)
}

// flagsFor returns new cli flags for command cmd: the table's entries of
// the groups it honours, in table order.
func flagsFor(cmd string) []cli.Flag {
	groups, ok := commandGroups[cmd]
	if !ok {
		panic("flagsFor: no groups for command " + cmd)
	}
	var flags []cli.Flag
	for _, s := range flagTable {
		if slices.Contains(groups, s.group) {
			flags = append(flags, s.flag())
		}
	}
	return flags
}

// flag makes the cli flag of s. Every flag is local: cli/v3 would pass a
// command's flags down to its subcommands, where they would be taken and
// ignored; checkBeforeName decides about them instead.
func (s flagSpec) flag() cli.Flag {
	bad := func() { panic(fmt.Sprintf("flag --%s: default %#v is not a %v", s.name, s.value, s.kind)) }
	switch s.kind {
	case boolKind:
		if s.value != nil {
			bad()
		}
		return &cli.BoolFlag{Name: s.name, Aliases: s.aliases, Usage: s.usage, Local: true}
	case stringKind:
		v, ok := s.value.(string)
		if !ok && s.value != nil {
			bad()
		}
		return &cli.StringFlag{Name: s.name, Aliases: s.aliases, Value: v, DefaultText: s.defaultText, Usage: s.usage, Local: true}
	case intKind:
		v, ok := s.value.(int)
		if !ok && s.value != nil {
			bad()
		}
		return &cli.IntFlag{Name: s.name, Aliases: s.aliases, Value: v, DefaultText: s.defaultText, Usage: s.usage, Local: true}
	case durationKind:
		v, ok := s.value.(time.Duration)
		if !ok && s.value != nil {
			bad()
		}
		return &cli.DurationFlag{Name: s.name, Aliases: s.aliases, Value: v, DefaultText: s.defaultText, Usage: s.usage, Local: true}
	case stringsKind:
		if s.value != nil {
			bad()
		}
		return &cli.StringSliceFlag{Name: s.name, Aliases: s.aliases, Usage: s.usage, Local: true}
	case globKind:
		if s.value != nil {
			bad()
		}
		return &cli.GenericFlag{Name: s.name, Aliases: s.aliases, Value: new(globList), Usage: s.usage, Local: true}
	}
	panic(fmt.Sprintf("flag --%s: no kind", s.name))
}

// flagRead, when not nil, is told of every flag a reader reads: the
// command's name, the group and the flag's name. Tests set it.
var flagRead func(cmd string, g flagGroup, name string)

// flagValues reads the flags of one group from a parsed command line.
type flagValues struct {
	c *cli.Command
	g flagGroup
}

// valuesOf returns the reader of group g's flags on command c. c must
// honour g.
func valuesOf(c *cli.Command, g flagGroup) flagValues {
	if !honours(c.Name, g) {
		panic(fmt.Sprintf("command %s reads the %v flags, which it does not honour", c.Name, g))
	}
	return flagValues{c, g}
}

// from returns the command line part to read flag name from: c, or for a
// group read before a subcommand's name too (beforeName), the innermost
// part the flag was given in. A name outside the group is a programming
// error.
func (v flagValues) from(name string) *cli.Command {
	if !slices.ContainsFunc(flagTable, func(s flagSpec) bool { return s.group == v.g && s.name == name }) {
		panic(fmt.Sprintf("--%s is not a flag of the %v group", name, v.g))
	}
	if flagRead != nil {
		flagRead(v.c.Name, v.g, name)
	}
	if beforeName[v.g] {
		return given(v.c, name)
	}
	return v.c
}

func (v flagValues) Bool(name string) bool     { return valueOf[bool](v.from(name), name) }
func (v flagValues) String(name string) string { return valueOf[string](v.from(name), name) }
func (v flagValues) Int(name string) int       { return valueOf[int](v.from(name), name) }
func (v flagValues) Duration(name string) time.Duration {
	return valueOf[time.Duration](v.from(name), name)
}
func (v flagValues) StringSlice(name string) []string { return valueOf[[]string](v.from(name), name) }
func (v flagValues) IsSet(name string) bool           { return isSet(v.from(name), name) }

// given returns the context in which flag name was given, innermost first,
// or c when it was given nowhere (its default).
func given(c *cli.Command, name string) *cli.Command {
	for _, ctx := range c.Lineage() {
		if isSet(ctx, name) {
			return ctx
		}
	}
	return c
}

// lookupFlag finds flag name as cli.Command's own lookup does (the first
// flag of c, then of its parents, that has the name), by an index of each
// command's flag names kept in its Metadata. cli.Command's lookup lists
// every name of every flag for each flag read: it was a fifth of the
// instructions of a run on a small file.
func lookupFlag(c *cli.Command, name string) cli.Flag {
	for _, cc := range c.Lineage() {
		if f := flagIndex(cc)[name]; f != nil {
			return f
		}
	}
	return nil
}

// flagIndexKey is where flagIndex keeps a command's index.
const flagIndexKey = "urix.flagIndex"

type indexedFlags struct {
	n     int // how many flags it was made of: made again if flags were added since
	names map[string]cli.Flag
}

func flagIndex(c *cli.Command) map[string]cli.Flag {
	// The flags cli.Command's lookup searches, in its order: the
	// command's own, then those of its groups of mutually exclusive ones.
	flags := c.Flags
	for _, g := range c.MutuallyExclusiveFlags {
		for _, fs := range g.Flags {
			flags = append(flags[:len(flags):len(flags)], fs...)
		}
	}
	if x, ok := c.Metadata[flagIndexKey].(indexedFlags); ok && x.n == len(flags) {
		return x.names
	}
	x := indexedFlags{n: len(flags), names: make(map[string]cli.Flag, 2*len(flags))}
	for _, f := range flags {
		for _, n := range f.Names() {
			if _, ok := x.names[n]; !ok {
				x.names[n] = f // the first, as cli.Command's lookup
			}
		}
	}
	if c.Metadata == nil {
		c.Metadata = map[string]any{}
	}
	c.Metadata[flagIndexKey] = x
	return x.names
}

// valueOf is flag name's value on c, as c.Bool, c.String and the like
// read it: the zero value when there is no such flag.
func valueOf[T any](c *cli.Command, name string) (v T) {
	if f := lookupFlag(c, name); f != nil {
		v, _ = f.Get().(T)
	}
	return v
}

// isSet is c.IsSet(name).
func isSet(c *cli.Command, name string) bool {
	f := lookupFlag(c, name)
	return f != nil && f.IsSet()
}

// checkBeforeName refuses the flags of urix given before subcommand c's
// name that c does not read there (beforeName): urix --format json pick
// would otherwise be taken and ignored.
func checkBeforeName(c *cli.Command) error {
	root := c.Root()
	if root == c {
		return nil
	}
	for _, s := range flagTable {
		if !honours(root.Name, s.group) || !isSet(root, s.name) {
			continue
		}
		if beforeName[s.group] && honours(c.Name, s.group) {
			continue
		}
		if slices.ContainsFunc(c.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), s.name) }) {
			return usageError("%s: give --%s after %q (see urix %s --help)", c.Name, s.name, c.Name, c.Name)
		}
		return usageError("%s: --%s is not a flag of urix %s (see urix %s --help)", c.Name, s.name, c.Name, c.Name)
	}
	return nil
}
