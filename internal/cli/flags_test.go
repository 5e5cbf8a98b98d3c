package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/urfave/cli/v3"
)

// TestFlagTable checks the table itself: every flag has a group, a name,
// a kind whose default fits and a help text; every group has flags and a
// command that honours it; no command takes two flags of one name.
func TestFlagTable(t *testing.T) {
	inTable := map[flagGroup]bool{}
	for _, s := range flagTable {
		if s.group <= groupNone || s.group >= numGroups {
			t.Errorf("--%s has no group (%v)", s.name, s.group)
		}
		if s.name == "" || s.usage == "" {
			t.Errorf("flag %+v: want a name and a usage", s)
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("--%s: %v", s.name, r)
				}
			}()
			s.flag()
		}()
		inTable[s.group] = true
	}
	for g := groupNone + 1; g < numGroups; g++ {
		if !inTable[g] {
			t.Errorf("group %v has no flag", g)
		}
		honoured := false
		for cmd := range commandGroups {
			honoured = honoured || honours(cmd, g)
		}
		if !honoured {
			t.Errorf("no command honours group %v", g)
		}
	}
	for cmd := range commandGroups {
		seen := map[string]flagGroup{}
		for _, s := range flagTable {
			if !honours(cmd, s.group) {
				continue
			}
			for _, n := range append([]string{s.name}, s.aliases...) {
				if g, dup := seen[n]; dup {
					t.Errorf("urix %s takes %q twice, from groups %v and %v", cmd, n, g, s.group)
				}
				seen[n] = s.group
			}
		}
	}
}

// TestCommandsTakeTheTable checks that each command's flags are the
// table's entries of its groups: none defined beside the table.
func TestCommandsTakeTheTable(t *testing.T) {
	var status int
	app := newApp(io.Discard, io.Discard, &status)
	for _, c := range append([]*cli.Command{app}, app.Commands...) {
		if _, ok := commandGroups[c.Name]; !ok {
			t.Errorf("command %s has no entry in commandGroups", c.Name)
			continue
		}
		var got, want []string
		for _, f := range c.Flags {
			got = append(got, f.Names()[0])
		}
		for _, f := range flagsFor(c.Name) {
			want = append(want, f.Names()[0])
		}
		if !slices.Equal(got, want) {
			t.Errorf("urix %s flags = %q, want the table's %q", c.Name, got, want)
		}
	}
}

// TestCommandsReadTheirFlags runs each command once and records, through
// the group readers, which flags its action reads. Every flag a command
// accepts must be read, by the reader of its group: a flag added to a
// group and not read, or a group listed for a command whose action does
// not call its reader, fails here.
func TestCommandsReadTheirFlags(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(text, []byte("see http://example.com/a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(empty, []byte("no links here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	type read struct {
		g    flagGroup
		name string
	}
	var mu sync.Mutex
	reads := map[string]map[read]bool{}
	flagRead = func(cmd string, g flagGroup, name string) {
		mu.Lock()
		defer mu.Unlock()
		if reads[cmd] == nil {
			reads[cmd] = map[read]bool{}
		}
		reads[cmd][read{g, name}] = true
	}
	defer func() { flagRead = nil }()

	for _, tt := range []struct {
		cmd  string
		args []string
		code int
	}{
		{"urix", []string{text}, exitFound},
		// An input with no URI: pick reads its flags, finds nothing and
		// stops before it would open the terminal.
		{"pick", []string{"pick", empty}, exitNotFound},
		{"resolve", []string{"resolve", "--base", "http://a/b", "c"}, exitFound},
		{"parse", []string{"parse", "http://a/b"}, exitFound},
		{"man", []string{"man"}, exitFound},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"urix"}, tt.args...), &stdout, &stderr); code != tt.code {
			t.Fatalf("urix %q: exit %d, want %d; stderr %q", tt.args, code, tt.code, stderr.String())
		}
		var missing []string
		for _, s := range flagTable {
			if honours(tt.cmd, s.group) && !reads[tt.cmd][read{s.group, s.name}] {
				missing = append(missing, "--"+s.name+" ("+s.group.String()+")")
			}
		}
		name := "urix"
		if tt.cmd != "urix" {
			name += " " + tt.cmd
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s accepts flags its action never reads: %s", name, strings.Join(missing, ", "))
		}
		for r := range reads[tt.cmd] {
			if !honours(tt.cmd, r.g) {
				t.Errorf("%s read --%s of group %v, which it does not honour", name, r.name, r.g)
			}
		}
	}
}

// TestValuesOfRefusesOtherGroups checks the rule the reading test relies
// on: a group's reader cannot read a flag of another group, nor a command
// a group it does not honour.
func TestValuesOfRefusesOtherGroups(t *testing.T) {
	panics := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", name)
			}
		}()
		f()
	}
	var status int
	app := newApp(io.Discard, io.Discard, &status)
	panics("output reader reading --type", func() { valuesOf(app, groupOutput).String("type") })
	var pick *cli.Command
	for _, c := range app.Commands {
		if c.Name == "pick" {
			pick = c
		}
	}
	panics("pick reading the output group", func() { valuesOf(pick, groupOutput) })
}

// TestSubcommandsRefuseFlagsTheyIgnore checks, for every flag of urix that
// a subcommand does not honour, that giving it to the subcommand, after
// its name or before it, is a usage error (exit status 2) rather than a
// flag taken and ignored: urix pick --format json, urix --format json pick.
func TestSubcommandsRefuseFlagsTheyIgnore(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, []byte("no links here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	operand := map[string]string{"pick": empty, "resolve": "g", "parse": "http://a/"}
	for _, sub := range []string{"pick", "resolve", "parse"} {
		own := map[string]bool{}
		for _, s := range flagTable {
			if honours(sub, s.group) {
				own[s.name] = true
			}
		}
		for _, s := range flagTable {
			if !honours("urix", s.group) || honours(sub, s.group) && beforeName[s.group] {
				continue
			}
			flag := []string{"--" + s.name}
			if s.kind != boolKind {
				flag = append(flag, sampleValue(s.kind))
			}
			var wantAfter, wantBefore string
			if own[s.name] {
				wantBefore = "urix: " + sub + ": give --" + s.name + " after \"" + sub + "\" (see urix " + sub + " --help)\n"
			} else {
				wantAfter = "urix: " + sub + ": unknown flag --" + s.name // and perhaps "(did you mean ...?)"
				wantBefore = "urix: " + sub + ": --" + s.name + " is not a flag of urix " + sub + " (see urix " + sub + " --help)\n"
			}
			cases := [][]string{append(append([]string{"urix"}, flag...), sub, operand[sub])}
			wants := []string{wantBefore}
			if wantAfter != "" {
				cases = append(cases, append(append([]string{"urix", sub}, flag...), operand[sub]))
				wants = append(wants, wantAfter)
			}
			for i, args := range cases {
				var stdout, stderr bytes.Buffer
				code := run(args, &stdout, &stderr)
				if code != exitError || !strings.HasPrefix(stderr.String(), wants[i]) || !strings.HasSuffix(stderr.String(), " --help)\n") {
					t.Errorf("%q: exit %d, stderr %q; want exit 2, %q", args, code, stderr.String(), wants[i])
				}
			}
		}
	}
}

// sampleValue is a valid value for a flag of kind k.
func sampleValue(k flagKind) string {
	switch k {
	case intKind:
		return "1"
	case durationKind:
		return "1s"
	case stringsKind:
		return "X-A: b"
	case globKind:
		return "*.txt"
	}
	return "plain"
}

// TestFlagLookupAsCli: the index the flag readers look flags up in finds
// what cli.Command's own lookup finds, for every flag of the table, on
// the root and on a subcommand, given before or after the subcommand's
// name, set or left to its default.
func TestFlagLookupAsCli(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("see http://example.com/a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"urix", "--format", "json", "-j", "2", "--schemes", "http", "-n", text},
		{"urix", "-u", "--base", "http://a.example/", text},
		{"urix", "--spec", "whatwg", "resolve", "--base", "http://a/b", "c"},
		{"urix", "resolve", "--compat", "--base", "http://a/b", "c"},
	} {
		var status int
		var stdout, stderr bytes.Buffer
		app := newApp(&stdout, &stderr, &status)
		// The exit status is the command's business here (resolve's
		// comes back as an error): only the flags as parsed are looked at.
		_ = app.Run(context.Background(), splitShortFlags(app, args))
		if stdout.Len() == 0 {
			t.Fatalf("%q printed nothing: stderr %q", args, stderr.String())
		}
		cmds := append([]*cli.Command{app}, app.Commands...)
		for _, c := range cmds {
			for _, s := range flagTable {
				name := s.name
				want, got := c.Value(name), lookupFlagValue(c, name)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%q: on %s, --%s = %#v, cli.Command finds %#v", args, c.Name, name, got, want)
				}
				if got, want := isSet(c, name), c.IsSet(name); got != want {
					t.Errorf("%q: on %s, --%s set = %v, cli.Command says %v", args, c.Name, name, got, want)
				}
			}
		}
	}
}

// lookupFlagValue is what cli.Command.Value(name) gives, through the index.
func lookupFlagValue(c *cli.Command, name string) any {
	if f := lookupFlag(c, name); f != nil {
		return f.Get()
	}
	return nil
}
