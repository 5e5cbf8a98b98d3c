//go:build linux || darwin

package cli

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestComplete: what "urix __complete" offers (issue 24): the commands
// and the file names together for the first operand, a flag's values
// after --type, --spec, --format, --progress and --color (not file
// names), flags after "-" with descriptions free of backticks.
func TestComplete(t *testing.T) {
	var status int
	app := newApp(io.Discard, io.Discard, &status)
	for _, tt := range []struct {
		words     []string
		want, not []string
	}{
		{[]string{"r"}, []string{"resolve\tresolve references against a base", completeFiles}, nil},
		{[]string{""}, []string{"pick\tchoose a URI and open it", "completion\tprint a shell completion script", completeFiles}, nil},
		{[]string{"notes.txt", "r"}, []string{completeFiles}, []string{"resolve\tresolve references against a base"}},
		{[]string{"--type", "h"}, []string{"html\t"}, []string{completeFiles, "text\t"}},
		{[]string{"--read-as", ""}, []string{"auto\t", "email\t", "pdf\t"}, []string{completeFiles}},
		{[]string{"--spec", ""}, []string{"3986\t", "2396\t", "whatwg\t"}, []string{completeFiles}},
		{[]string{"--rfc", "w"}, []string{"whatwg\t"}, nil},
		{[]string{"--format", ""}, []string{"plain\t", "json\t", "tsv\t"}, []string{completeFiles}},
		{[]string{"parse", "--format", ""}, []string{"plain\t", "json\t"}, []string{"tsv\t"}},
		{[]string{"--progress", ""}, []string{"auto\t", "always\t", "never\t"}, []string{completeFiles}},
		{[]string{"--color", "a"}, []string{"auto\t", "always\t"}, []string{"never\t", completeFiles}},
		{[]string{"--color", "=", "n"}, []string{"never\t"}, nil}, // bash splits --color=n
		{[]string{"--color=n"}, []string{"--color=never\t"}, nil},
		{[]string{"-n", "--color", "never", ""}, []string{"pick\tchoose a URI and open it", completeFiles}, nil},
		{[]string{"--files-from", ""}, []string{completeFiles}, nil},
		{[]string{"--root-dir", ""}, []string{completeDirs}, nil},
		{[]string{"--base", ""}, nil, []string{completeFiles}},
		{[]string{"-j", ""}, nil, []string{completeFiles}},
		{[]string{"--with-po"}, []string{"--with-position\tprint FILE:LINE:COL: URI, as grep -n does, on a terminal and into..."}, nil},
		{[]string{"--files"}, []string{"--files-from\tread input names or URLs from FILE, one per line (- for standard input"}, nil},
		{[]string{"resolve", "--b"}, []string{"--base\tabsolute URI the references are relative to (required"}, nil},
		{[]string{"completion", ""}, []string{"bash\ta script for bash", "zsh\ta script for zsh", "fish\ta script for fish"}, []string{completeFiles}},
		{[]string{"help", "p"}, []string{"pick\tchoose a URI and open it", "parse\tshow the components of URIs"}, []string{completeFiles}},
		{[]string{"--", "-"}, []string{completeFiles}, nil},
	} {
		got := complete(app, tt.words)
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("complete(%q) = %q, want %q among them", tt.words, got, w)
			}
		}
		for _, w := range tt.not {
			if slices.Contains(got, w) {
				t.Errorf("complete(%q) = %q, want no %q", tt.words, got, w)
			}
		}
	}
	for _, l := range complete(app, []string{"-"}) {
		if strings.Contains(l, "`") {
			t.Errorf("a description with a backtick: %q", l)
		}
	}
}

// completionDir is a directory with the files of the completion tests,
// and the environment that runs this urix from PATH there.
func completionDir(t *testing.T) (dir string, env []string) {
	urix := urixForPTY(t)
	dir = t.TempDir()
	os.WriteFile(filepath.Join(dir, "reply.txt"), []byte("http://example.com/\n"), 0o644)
	env = []string{"PATH=" + filepath.Dir(urix) + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + dir, "TERM=xterm-256color"}
	return dir, env
}

// TestCompletionBash: the bash script in an interactive bash on a
// pseudo-terminal. urix re<Tab><Tab> lists both resolve and reply.txt;
// --color <Tab><Tab> its values; --type htm<Tab> completes to html.
func TestCompletionBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir, env := completionDir(t)
	script, _ := filepath.Abs("../../completions/urix.bash")
	cmd := exec.Command("bash", "--norc", "--noprofile", "-i")
	cmd.Dir, cmd.Env = dir, append(env, "PS1=$ ", "INPUTRC=/dev/null")
	tm := startInPTY(t, cmd)
	tm.send("source " + script + "\r")
	tm.send("urix re\t\t")
	tm.waitFor("reply.txt")
	tm.waitFor("resolve")
	tm.send("\x15urix --color \t\t")
	tm.waitFor("always")
	tm.waitFor("never")
	tm.send("\x15urix --type htm\t")
	tm.waitFor("urix --type html ")
	tm.send("\x15urix --with-po\t")
	tm.waitFor("urix --with-position ")
	tm.send("\x15exit\r")
	tm.wait()
}

// TestCompletionZsh: the zsh script in an interactive zsh with compinit.
func TestCompletionZsh(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("no zsh")
	}
	dir, env := completionDir(t)
	script, _ := filepath.Abs("../../completions/_urix")
	cmd := exec.Command("zsh", "-f", "-i")
	cmd.Dir, cmd.Env = dir, env
	tm := startInPTY(t, cmd)
	tm.send("PS1='$ '; autoload -U compinit; compinit -u; source " + script + "\r")
	tm.send("urix r\t")
	tm.waitFor("urix re") // the two candidates' common start
	tm.send("\t")
	tm.waitFor("reply.txt")
	tm.waitFor("resolve")
	tm.send("\x15urix --type htm\t")
	tm.waitFor("urix --type html")
	tm.send("\x15urix --co\t")
	tm.waitFor("colour the file names")
	tm.send("\x15exit\r")
	tm.wait()
}

// TestCompletionFish: the fish script, through fish's complete -C.
func TestCompletionFish(t *testing.T) {
	if _, err := exec.LookPath("fish"); err != nil {
		t.Skip("no fish")
	}
	dir, env := completionDir(t)
	script, _ := filepath.Abs("../../completions/urix.fish")
	for _, tt := range []struct{ line, want string }{
		{"urix r", "reply.txt\nresolve\tresolve references against a base\n"},
		{"urix --color ", "always\nauto\nnever\n"},
		{"urix --type htm", "html\n"},
	} {
		cmd := exec.Command("fish", "--no-config", "-c", "source "+script+"; complete -C '"+tt.line+"' | sort")
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("fish: %v\n%s", err, out)
		}
		if string(out) != tt.want {
			t.Errorf("completing %q: got %q, want %q", tt.line, out, tt.want)
		}
	}
}
