package cli

// The manual page urix(1), made from the same command and flag definitions
// as --help, so that the two cannot disagree. doc/urix.1 is its committed
// copy (TestGeneratedFiles keeps it fresh); "urix man" prints it for a
// binary installed with go install.

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v3"
)

// manCommand is the hidden "urix man": the manual page, in roff, on stdout.
func manCommand() *cli.Command {
	return &cli.Command{
		Name:   "man",
		Usage:  "print the manual page urix(1) in roff (e.g. urix man > ~/.local/share/man/man1/urix.1)",
		Hidden: true,
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Present() {
				return usageError("man: no argument is taken (e.g. urix man > urix.1)")
			}
			return writeManPage(c.Root().Writer, c.Root())
		},
	}
}

// writeManPage writes the manual page of root, section 1.
func writeManPage(w io.Writer, root *cli.Command) error {
	var b strings.Builder
	b.WriteString(".\\\" Made by \"urix man\" from the flag definitions; do not edit.\n")
	b.WriteString(".TH URIX 1 \"\" \"urix\" \"User Commands\"\n")
	b.WriteString(".SH NAME\nurix \\- " + roff(root.Usage) + "\n")
	b.WriteString(".SH SYNOPSIS\n")
	b.WriteString(".B urix\n[\\fIFLAGS\\fR] [\\fIFILE\\fR|\\fIDIR\\fR|\\fIURL\\fR|\\fB-\\fR]...\n.br\n")
	for _, sub := range root.Commands {
		if sub.Hidden {
			continue
		}
		fmt.Fprintf(&b, ".B urix %s\n[\\fIFLAGS\\fR] [\\fIARG\\fR]...\n.br\n", sub.Name)
	}
	b.WriteString(".SH DESCRIPTION\n")
	paragraphs(&b, root.Description)
	b.WriteString(".SH OPTIONS\n")
	flags(&b, root.Flags)
	b.WriteString(".TP\n\\fB\\-\\-help\\fR, \\fB\\-h\\fR\nshow the help of urix or of a command (urix resolve \\-\\-help)\n")
	b.WriteString(".TP\n\\fB\\-\\-version\\fR, \\fB\\-V\\fR\n" + roff(cli.VersionFlag.(cli.DocGenerationFlag).GetUsage()) + "\n")
	b.WriteString(".SH COMMANDS\n")
	for _, sub := range root.Commands {
		if sub.Hidden {
			continue
		}
		fmt.Fprintf(&b, ".SS \"urix %s\"\n", sub.Name)
		paragraphs(&b, sub.Usage+".")
		paragraphs(&b, sub.Description)
		if ex := examples(sub.UsageText); ex != "" {
			b.WriteString(".PP\nExamples:\n.nf\n" + ex + ".fi\n")
		}
		b.WriteString(".PP\nFlags:\n")
		flags(&b, sub.Flags)
	}
	b.WriteString(".SH EXAMPLES\n.nf\n" + examples(root.UsageText) + ".fi\n")
	b.WriteString(`.SH ENVIRONMENT
.TP
.B NO_COLOR
When set and not empty, output is not coloured unless \fB\-\-color always\fR is given.
.TP
.B TERM
When \fBdumb\fR, output is not coloured unless \fB\-\-color always\fR is given.
.TP
.B BROWSER
The command \fBurix pick\fR opens a URI with when \fB\-\-open\fR is not given.
.SH SHELL COMPLETION
\fBurix completion bash\fR, \fBzsh\fR or \fBfish\fR prints a completion script for
that shell; it offers the commands and file names, the flags, and the values of
\fB\-\-read\-as\fR, \fB\-t\fR, \fB\-\-spec\fR, \fB\-\-format\fR, \fB\-\-progress\fR and \fB\-\-color\fR.
For bash:
.PP
.nf
\%d=~/.local/share/bash\-completion/completions
mkdir \-p "$d" && urix completion bash > \%"$d/urix"
.fi
.PP
\fBurix man\fR prints this page; \fBurix help\fR \fICOMMAND\fR shows the help of a command.
.SH EXIT STATUS
0 if a URI was printed, 1 if none was, 2 on a usage error or when content
was lost: an input, or a part of one (a MIME part, a WARC record), could
not be read whole. The same rule for every format. Every other input and
part is still read, and every URI already found is printed. Damage that
lost nothing (a binary file skipped, a multipart whose boundary never
comes read whole as text, a URI cut at 64 KiB) is a note and does not
change the exit status.
.SH SEE ALSO
.BR grep (1),
.BR rg (1),
.BR urlscan (1),
.BR lynx (1)
.PP
RFC 3986, RFC 2396 and its drafts (Appendix E: URIs in running text), the
WHATWG URL Standard.
`)
	_, err := io.WriteString(w, b.String())
	return err
}

// flags writes one tagged paragraph per visible flag.
func flags(b *strings.Builder, fs []cli.Flag) {
	for _, f := range fs {
		if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() {
			continue
		}
		d, ok := f.(cli.DocGenerationFlag)
		if !ok || f.Names()[0] == "help" || f.Names()[0] == "version" {
			continue // cli adds these when it runs; the page lists them once
		}
		placeholder, usage := unquoteUsage(d.GetUsage())
		if placeholder == "" && d.TakesValue() {
			placeholder = valueName(f.Names()[0])
		}
		var names []string
		for _, n := range f.Names() {
			dash := "\\-\\-"
			if len(n) == 1 {
				dash = "\\-"
			}
			name := "\\fB" + dash + roff(n) + "\\fR"
			if placeholder != "" {
				name += " \\fI" + roff(placeholder) + "\\fR"
			}
			names = append(names, name)
		}
		b.WriteString(".TP\n" + strings.Join(names, ", ") + "\n" + roff(usage))
		if def := d.GetDefaultText(); d.TakesValue() && def != "" && def != `""` {
			b.WriteString(" (default: " + roff(strings.Trim(def, `"`)) + ")")
		}
		b.WriteString("\n")
	}
}

// unquoteUsage splits the `PLACEHOLDER` out of a usage string, as cli's
// help does.
func unquoteUsage(usage string) (placeholder, text string) {
	i := strings.IndexByte(usage, '`')
	if i < 0 {
		return "", usage
	}
	j := strings.IndexByte(usage[i+1:], '`')
	if j < 0 {
		return "", usage
	}
	placeholder = usage[i+1 : i+1+j]
	return placeholder, usage[:i] + placeholder + usage[i+2+j:]
}

// paragraphs writes text, whose paragraphs are separated by blank lines.
func paragraphs(b *strings.Builder, text string) {
	for _, p := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			b.WriteString(".PP\n" + roff(p) + "\n")
		}
	}
}

// examples returns the lines of a UsageText after its "Examples:" line,
// unindented, for a no-fill block: each command on a line of its own and
// what it does under it, indented, so that the page stays within 80
// columns (TestManWidth), where the help has both on one line.
func examples(usageText string) string {
	_, ex, ok := strings.Cut(usageText, "Examples:\n")
	if !ok {
		return ""
	}
	var b strings.Builder
	for _, line := range strings.Split(ex, "\n") {
		line = strings.TrimSpace(line)
		cmd, what, ok := strings.Cut(line, "   ")
		if !ok {
			b.WriteString(roff(line) + "\n")
			continue
		}
		b.WriteString(roff(strings.TrimSpace(cmd)) + "\n    " + roff(strings.TrimSpace(what)) + "\n")
	}
	return b.String()
}

// roff escapes text for a roff line: backslashes, hyphens that are minus
// signs in commands, and a leading dot or quote that roff takes as a
// request; words that hold a URL are kept from hyphenation.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			l = `\&` + l
		}
		lines[i] = noHyphens(l)
	}
	return strings.Join(lines, "\n")
}

// isURLWord says whether a word holds a URL, a URL without its scheme
// (ftp.example.org/pub), a path or an address: what a hyphen would spoil.
func isURLWord(w string) bool {
	return strings.ContainsAny(w, "/@") || strings.Contains(w, "http:") || strings.Contains(w, "mailto:")
}

// noHyphens puts \% before each word of line that holds a URL: roff then
// never breaks it with a hyphen, which a reader would copy (issue 24).
func noHyphens(line string) string {
	words := strings.Split(line, " ")
	for i, w := range words {
		if isURLWord(w) && !strings.HasPrefix(w, `\%`) {
			words[i] = `\%` + w
		}
	}
	return strings.Join(words, " ")
}
