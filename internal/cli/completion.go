package cli

// Shell completion: "urix completion bash|zsh|fish" prints a script that
// asks "urix __complete WORD..." for the candidates of the word under the
// cursor. The candidates come from the flag table, so that the scripts
// never go stale: a flag's values after --type, --spec, --format,
// --progress, --color, --hyphen and --status; flags after "-"; the
// commands and the file names together for the first operand (urix r<Tab>
// offers resolve and reply.txt); file names after that.

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/urix/urix/formats"
	"github.com/urix/urix/printer"
)

// completeCommand is the hidden first argument the scripts call urix with.
const completeCommand = "__complete"

// The directives of __complete's output, each on a line of its own after
// the candidates: the shell adds its own completion of file names, or of
// directory names.
const (
	completeFiles = ":files"
	completeDirs  = ":dirs"
)

// valueChoices are the values of the flags that take one of a few words,
// by flag name and command ("" for every command but the one named).
func valueChoices(cmd, flag string) []string {
	switch flag {
	case "read-as":
		var names []string
		for _, t := range formats.Default().Types() {
			names = append(names, t.String())
		}
		return names
	case "type", "type-not":
		return fileTypes()
	case "spec", "rfc":
		return []string{"3986", "2396", "whatwg"}
	case "format":
		if cmd == "parse" {
			return []string{"plain", "json"}
		}
		var names []string
		for _, f := range printer.Formats() {
			names = append(names, string(f))
		}
		return names
	case "progress", "color":
		return []string{"auto", "always", "never"}
	case "hyphen":
		return []string{"keep", "drop", "both"}
	case "status":
		return []string{"2xx", "all"}
	}
	return nil
}

// fileValued says which flags take a file name, and which a directory.
var fileValued = map[string]string{"files-from": completeFiles, "root-dir": completeDirs}

// complete returns the lines __complete prints for words, the words after
// "urix" up to the one under the cursor (last, maybe empty): candidates
// as "WORD<TAB>DESCRIPTION", then a directive when file names fit too.
func complete(root *cli.Command, words []string) []string {
	if len(words) == 0 {
		words = []string{""}
	}
	cur := words[len(words)-1]
	at := scanWords(root, words[:len(words)-1])
	if cur == "=" { // bash splits --type=h at the =
		cur = ""
	}
	switch {
	case at.valueOf == "" && strings.HasPrefix(cur, "--") && strings.Contains(cur, "=") && !at.dashdash:
		name, value, _ := strings.Cut(cur[2:], "=")
		var out []string
		for _, v := range valueChoices(at.cmd.Name, name) {
			if strings.HasPrefix(v, value) {
				out = append(out, "--"+name+"="+v+"\t")
			}
		}
		return out
	case at.valueOf != "":
		return completeValue(at, cur)
	case strings.HasPrefix(cur, "-") && !at.dashdash:
		return completeFlag(at.cmd, cur)
	}
	return completeOperand(root, at, cur)
}

// wordsBefore is what the words before the cursor say: the command they
// are for, how many operands came, whether -- came, and the flag whose
// value the word under the cursor is ("" for none).
type wordsBefore struct {
	cmd      *cli.Command
	operands int
	dashdash bool
	valueOf  string
}

// scanWords reads the words before the cursor as the command line
// parses them: a subcommand first, flags with their values (--flag value,
// --flag=value as bash splits it, -abc with a value flag last), operands.
func scanWords(root *cli.Command, before []string) wordsBefore {
	takes, long := shortFlags(root), longValueFlags(root)
	at := wordsBefore{cmd: root}
	for i := 0; i < len(before); i++ {
		a := before[i]
		at.valueOf = ""
		switch {
		case at.dashdash || a == "-" || !strings.HasPrefix(a, "-"):
			if at.operands == 0 && !at.dashdash {
				if sub := subcommand(root, a); sub != nil {
					at.cmd = sub
					continue
				}
			}
			if a != "=" {
				at.operands++
			}
		case a == "--":
			at.dashdash = true
		case strings.HasPrefix(a, "--"):
			if name := a[2:]; long[name] {
				if i+1 < len(before) && before[i+1] == "=" {
					i++ // bash splits --type=h at the =
				}
				if i+1 < len(before) {
					i++ // the value
				} else {
					at.valueOf = name
				}
			}
		default:
			var skip bool
			at.valueOf, skip = shortValueOf(at.cmd, takes, a, i+1 < len(before))
			if skip {
				i++ // the value
			}
		}
	}
	return at
}

// shortValueOf reads a group of short flags (-rnj): when its last letter
// takes a value, the flag's name, or skip when the value is the next
// word (there is one).
func shortValueOf(cmd *cli.Command, takes map[byte]shortFlag, a string, more bool) (valueOf string, skip bool) {
	for j := 1; j < len(a); j++ {
		f, known := takes[a[j]]
		switch {
		case !known:
			return "", false
		case !f.value:
			continue
		case j != len(a)-1:
			return "", false // -j4: the value is in the word
		case more:
			return "", true
		}
		return longName(cmd, a[j:j+1]), false
	}
	return "", false
}

// completeValue lists the values of the flag the word under the cursor
// is the value of, and file names where the flag takes one.
func completeValue(at wordsBefore, cur string) []string {
	var out []string
	for _, v := range valueChoices(at.cmd.Name, at.valueOf) {
		if strings.HasPrefix(v, cur) {
			out = append(out, v+"\t")
		}
	}
	if d, ok := fileValued[at.valueOf]; ok {
		out = append(out, d)
	}
	return out
}

// completeFlag lists cmd's visible flags that start with cur, with
// their descriptions.
func completeFlag(cmd *cli.Command, cur string) []string {
	var out []string
	for _, f := range cmd.Flags {
		if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() {
			continue
		}
		d, _ := f.(cli.DocGenerationFlag)
		for _, n := range f.Names() {
			name := "--" + n
			if len(n) == 1 {
				name = "-" + n
			}
			if strings.HasPrefix(name, cur) && (len(n) > 1 || cur != "-") {
				out = append(out, name+"\t"+shortUsage(d))
			}
		}
	}
	if strings.HasPrefix("--help", cur) {
		out = append(out, "--help\tshow the help")
	}
	return out
}

// completeOperand lists what an operand may be: a shell for completion,
// a command for help, a command or a file at the top.
func completeOperand(root *cli.Command, at wordsBefore, cur string) []string {
	var out []string
	switch {
	case at.cmd.Name == "completion":
		for _, sh := range []string{"bash", "zsh", "fish"} {
			if strings.HasPrefix(sh, cur) && at.operands == 0 {
				out = append(out, sh+"\ta script for "+sh)
			}
		}
		return out
	case at.cmd.Name == "help" || at.cmd.Name == "man":
		if at.cmd.Name == "help" && at.operands == 0 {
			for _, s := range synopses[1:] {
				if strings.HasPrefix(s.cmd, cur) && s.cmd != "help" {
					out = append(out, s.cmd+"\t"+s.what)
				}
			}
		}
		return out
	case at.cmd == root && at.operands == 0 && !at.dashdash:
		for _, s := range synopses[1:] {
			if strings.HasPrefix(s.cmd, cur) && subcommand(root, s.cmd) != nil {
				out = append(out, s.cmd+"\t"+s.what)
			}
		}
	}
	return append(out, completeFiles)
}

// longName is the first name of cmd's flag that has the name n, or n.
func longName(cmd *cli.Command, n string) string {
	for _, f := range cmd.Flags {
		if names := f.Names(); slices.Contains(names, n) {
			return names[0]
		}
	}
	return n
}

// shortUsage is a flag's usage cut for one line of a completion menu: its
// placeholder unquoted, no example, at most one clause.
func shortUsage(d cli.DocGenerationFlag) string {
	if d == nil {
		return ""
	}
	_, u := unquoteUsage(d.GetUsage())
	u, _, _ = strings.Cut(u, " (e.g.")
	u, _, _ = strings.Cut(u, "; ")
	if len(u) > 70 {
		u = u[:strings.LastIndexByte(u[:67], ' ')] + "..."
	}
	return strings.ReplaceAll(u, "\t", " ")
}

// completionCommand is "urix completion bash|zsh|fish".
func completionCommand() *cli.Command {
	return &cli.Command{
		Name:  "completion",
		Usage: "print the completion script of a shell: bash, zsh or fish",
		UsageText: `urix completion bash|zsh|fish

Examples:
   mkdir -p ~/.local/share/bash-completion/completions
   urix completion bash > ~/.local/share/bash-completion/completions/urix
   mkdir -p ~/.zfunc && urix completion zsh > ~/.zfunc/_urix
   urix completion fish > ~/.config/fish/completions/urix.fish`,
		Hidden: true, // listed in the synopses
		Action: func(_ context.Context, c *cli.Command) error {
			script, ok := completionScripts[c.Args().First()]
			if !ok || c.Args().Len() != 1 {
				return usageError("completion: want bash, zsh or fish (e.g. urix completion bash)")
			}
			_, err := io.WriteString(c.Root().Writer, script)
			return err
		},
	}
}

// runComplete answers the scripts' "urix __complete WORD...".
func runComplete(root *cli.Command, words []string, stdout io.Writer) int {
	for _, l := range complete(root, words) {
		fmt.Fprintln(stdout, l)
	}
	return exitFound
}

var completionScripts = map[string]string{
	"bash": `# bash completion for urix, made by "urix completion bash".
_urix() {
    local cur=${COMP_WORDS[COMP_CWORD]} line files=
    COMPREPLY=()
    while IFS= read -r line; do
        case $line in
        :files) files=f ;;
        :dirs) files=d ;;
        *) COMPREPLY+=("${line%%$'\t'*}") ;;
        esac
    done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
    if [[ -n $files ]]; then
        compopt -o filenames 2>/dev/null
        [[ $cur == = ]] && cur=
        while IFS= read -r line; do
            COMPREPLY+=("$line")
        done < <(compgen -"$files" -- "$cur")
    fi
}
complete -F _urix urix
`,
	"zsh": `#compdef urix
# zsh completion for urix, made by "urix completion zsh".
_urix() {
    local -a cands lines
    local line files=
    lines=("${(@f)$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
    for line in $lines; do
        case $line in
        :files) files=f ;;
        :dirs) files=d ;;
        '') ;;
        *) cands+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}") ;;
        esac
    done
    (( $#cands )) && _describe urix cands
    [[ $files == f ]] && _files
    [[ $files == d ]] && _files -/
    return 0
}
if [[ $funcstack[1] == _urix ]]; then
    _urix "$@"
else
    compdef _urix urix
fi
`,
	"fish": `# fish completion for urix, made by "urix completion fish".
function __urix_complete
    set -l cur (commandline -ct)
    set -l words (commandline -opc) "$cur"
    for line in ($words[1] __complete $words[2..-1] 2>/dev/null)
        switch $line
            case :files
                __fish_complete_path "$cur"
            case :dirs
                __fish_complete_directories "$cur"
            case '*'
                echo $line
        end
    end
end
complete -c urix -e
complete -c urix -f -a '(__urix_complete)'
`,
}
