package pick

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/mattn/go-runewidth"
)

var sample = []Item{
	{URI: "mailto:leave@example.com", Context: "List-Unsubscribe: <mailto:leave@example.com>", Group: "header"},
	{URI: "https://example.com/a", Context: "see https://example.com/a today", Group: "part 1"},
	{URI: "https://example.com/b", Context: "and https://example.com/b", Group: "part 1"},
	{URI: "https://example.com/a", Context: "again https://example.com/a", Group: "part 2 (HTML)"},
	{URI: "https://news.example.org/x", Context: "<a href> Read the news", Group: "part 2 (HTML)"},
	{URI: "https://example.com/b", Context: "", Group: "part 1"},
	{URI: "https://example.com/a", Context: "", Group: "part 1"},
}

// key makes the message of a key press as the terminal reader does.
func key(s string) tea.KeyPressMsg {
	special := map[string]rune{
		"up": tea.KeyUp, "down": tea.KeyDown, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
		"home": tea.KeyHome, "end": tea.KeyEnd, "enter": tea.KeyEnter, "esc": tea.KeyEscape,
		"backspace": tea.KeyBackspace,
	}
	if c, ok := special[s]; ok {
		return tea.KeyPressMsg{Code: c}
	}
	if s == "ctrl+c" {
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// press sends keys to m and returns the model and the last command.
func press(t *testing.T, m Model, keys ...string) (Model, tea.Cmd) {
	t.Helper()
	var cmd tea.Cmd
	for _, k := range keys {
		msg := key(k)
		if got := msg.String(); got != k {
			t.Fatalf("key %q is read as %q", k, got)
		}
		var tm tea.Model
		tm, cmd = m.Update(msg)
		m = tm.(Model)
	}
	return m, cmd
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

func screen(m Model) []string {
	return strings.Split(sgr.ReplaceAllString(m.Render(), ""), "\n")
}

func TestEntriesDedupAndGroups(t *testing.T) {
	es := entries(sample)
	type row struct {
		num          int
		uri, group   string
		count        int
		contextStart string
	}
	var got []row
	for _, e := range es {
		got = append(got, row{e.num, e.uri, e.group, e.count, e.context})
	}
	want := []row{
		{1, "mailto:leave@example.com", "header", 1, "List-Unsubscribe: <mailto:leave@example.com>"},
		{2, "https://example.com/a", "part 1", 3, "see https://example.com/a today"},
		{3, "https://example.com/b", "part 1", 2, "and https://example.com/b"},
		{4, "https://news.example.org/x", "part 2 (HTML)", 1, "<a href> Read the news"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("entries:\n got %v\nwant %v", got, want)
	}
}

// A URI first met in a later group stays there, and groups keep the order
// they first appear in even when their entries interleave.
func TestEntriesInterleavedGroups(t *testing.T) {
	es := entries([]Item{
		{URI: "u:1", Group: "a"}, {URI: "u:2", Group: "b"}, {URI: "u:3", Group: "a"}, {URI: "u:1", Group: "b"},
	})
	var got []string
	for _, e := range es {
		got = append(got, e.group+" "+e.uri)
	}
	if want := []string{"a u:1", "a u:3", "b u:2"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestShorten(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  string
	}{
		{"https://example.com/", 30, "https://example.com/"},
		{"https://example.com/a/very/long/path/page.html", 20, "https://ex…page.html"},
		{"https://example.com/a/very/long/path/page.html", 21, "https://ex…/page.html"},
		{"abcdef", 1, "a"},
		{"abcdef", 0, ""},
		{"http://bücher.example/straße/und/mehr", 15, "http://…nd/mehr"},
		{"http://例え.jp/ページ/とても/長い", 16, "http://…も/長い"},
		{"a\x1b[2Jb", 10, `a\x1b[2Jb`},           // no escape sequence reaches the terminal
		{"a\u202eb\u009b", 20, `a\u202eb\u009b`}, // nor a bidi override, nor C1
	} {
		got := Shorten(tc.in, tc.width)
		if got != tc.want {
			t.Errorf("Shorten(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
		if w := runewidth.StringWidth(got); w > max(tc.width, 0) {
			t.Errorf("Shorten(%q, %d) is %d wide", tc.in, tc.width, w)
		}
	}
}

func TestShortenURI(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  string
	}{
		{"https://a.example/story-1?utm_source=newsletter&utm_medium=email", 40, "https://a.example/story-1?utm_so…m=email"},
		{"https://a.example/story-1#a-long-fragment-here", 34, // too little room for the fragment alone
			"https://a.example…ng-fragment-here"},
		{"https://a.example/a/long/path/story-1?utm_source=x", 40, "https://a.example/a/…tory-1?utm_source=x"},
		{"https://a.example/story-1?q=1", 40, "https://a.example/story-1?q=1"},
		{"https://a.example/a/b", 12, "https:…e/a/b"},
	} {
		got := ShortenURI(tc.in, tc.width)
		if got != tc.want {
			t.Errorf("ShortenURI(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
		if w := runewidth.StringWidth(got); w > tc.width {
			t.Errorf("ShortenURI(%q, %d) is %d wide", tc.in, tc.width, w)
		}
	}
}

func TestTruncate(t *testing.T) {
	if got := Truncate("see https://example.com/a today", 12); got != "see https:/…" {
		t.Errorf("Truncate = %q", got)
	}
	if got := Truncate("short", 12); got != "short" {
		t.Errorf("Truncate = %q", got)
	}
}

func TestKeys(t *testing.T) {
	for _, tc := range []struct {
		keys []string
		want string // selected URI after the keys, from the start
	}{
		{nil, "mailto:leave@example.com"},
		{[]string{"j"}, "https://example.com/a"},
		{[]string{"down", "down"}, "https://example.com/b"},
		{[]string{"j", "j", "j", "j", "j"}, "https://news.example.org/x"}, // stops at the end
		{[]string{"end", "k"}, "https://example.com/b"},
		{[]string{"end", "up", "home"}, "mailto:leave@example.com"},
		{[]string{"G"}, "https://news.example.org/x"},
		{[]string{"G", "g"}, "mailto:leave@example.com"},
		{[]string{"pgdown"}, "https://news.example.org/x"},
		{[]string{"pgdown", "pgup"}, "mailto:leave@example.com"},
		{[]string{"3"}, "https://example.com/b"},
		{[]string{"4", "k"}, "https://example.com/b"},
		{[]string{"9"}, "mailto:leave@example.com"}, // no entry 9: stay
		{[]string{"/", "n", "e", "w", "s"}, "https://news.example.org/x"},
		{[]string{"/", "T", "O", "D", "A", "Y"}, "https://example.com/a"}, // context, any case
		{[]string{"/", "e", "x", "a", "m", "p", "l", "e", ".", "c", "o", "m", "/", "b"}, "https://example.com/b"},
		{[]string{"/", "n", "o", "p", "e"}, ""},
		// "n" is in news.example.org's URI, and only in the context of
		// entry 1 (List-Unsubscribe): the URI match is selected, and stays
		// selected when the filter is cleared.
		{[]string{"/", "n", "o", "p", "e", "backspace", "backspace", "backspace"}, "https://news.example.org/x"},
		{[]string{"/", "n", "o", "p", "e", "backspace", "backspace", "backspace", "backspace"}, "https://news.example.org/x"},
		{[]string{"j", "/", "x", "esc"}, "https://example.com/a"}, // Esc clears; the cursor stays put
		{[]string{"/", "e", "x", "a", "m", "p", "l", "e", "down"}, "https://example.com/a"},
	} {
		m := New(sample, Options{})
		m.width, m.height = 80, 24
		m, _ = press(t, m, tc.keys...)
		if got := m.Selected(); got != tc.want {
			t.Errorf("%q: selected %q, want %q", tc.keys, got, tc.want)
		}
	}
}

func TestFilterNumbersStay(t *testing.T) {
	m := New(sample, Options{})
	m, _ = press(t, m, "/", "n", "e", "w", "s")
	if got := m.Visible(); !slices.Equal(got, []int{4}) {
		t.Errorf("visible %v, want [4]", got)
	}
	s := screen(m)
	if !slices.Contains(s, "> 4  https://news.example.org/x") {
		t.Errorf("screen has no entry 4 as numbered before filtering:\n%s", strings.Join(s, "\n"))
	}
	if !strings.Contains(s[0], "1 match /news") {
		t.Errorf("title %q", s[0])
	}
	// Enter leaves the filter on and opens; a later Esc clears the filter.
	m, _ = press(t, m, "enter")
	if m.filtering || m.filter != "news" {
		t.Errorf("after Enter: filtering %v, filter %q", m.filtering, m.filter)
	}
	m, cmd := press(t, m, "esc")
	if m.filter != "" || len(m.Visible()) != 4 || cmd != nil {
		t.Errorf("Esc did not clear the filter: %q %v", m.filter, m.Visible())
	}
	// In a filter, q and digits are text, not commands.
	m, cmd = press(t, m, "/", "q", "1")
	if m.filter != "q1" || cmd != nil {
		t.Errorf("filter %q", m.filter)
	}
}

func TestOpen(t *testing.T) {
	var opened []string
	open := func(u string) error {
		opened = append(opened, u)
		if strings.Contains(u, "news") {
			return errors.New("no browser")
		}
		return nil
	}
	m := New(sample, Options{Open: open})
	m, cmd := press(t, m, "3", "enter")
	if cmd == nil {
		t.Fatal("Enter gave no command")
	}
	tm, next := m.Update(cmd())
	m = tm.(Model)
	if !slices.Equal(opened, []string{"https://example.com/b"}) || next != nil {
		t.Fatalf("opened %q, next %v", opened, next)
	}
	if got := screen(m); !slices.Contains(got, "opened https://example.com/b") {
		t.Errorf("no status line:\n%s", strings.Join(got, "\n"))
	}
	m, cmd = press(t, m, "G", "enter")
	tm, _ = m.Update(cmd())
	m = tm.(Model)
	if m.status != "cannot open: no browser" {
		t.Errorf("status %q", m.status)
	}

	// --single quits after the first URI opened.
	m = New(sample, Options{Open: open, Single: true})
	m, cmd = press(t, m, "enter")
	_, next = m.Update(cmd())
	if next == nil || !isQuit(next) {
		t.Errorf("--single did not quit after opening")
	}
}

func isQuit(cmd tea.Cmd) bool {
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

func TestQuitAndCopy(t *testing.T) {
	for _, keys := range [][]string{{"q"}, {"esc"}, {"/", "x", "esc", "esc"}, {"ctrl+c"}} {
		m, cmd := press(t, New(sample, Options{}), keys...)
		if cmd == nil || !isQuit(cmd) {
			t.Errorf("%q does not quit", keys)
		}
		if want := keys[0] == "ctrl+c"; (m.signal == os.Interrupt) != want {
			t.Errorf("%q: signal %v", keys, m.signal)
		}
	}
	m, cmd := press(t, New(sample, Options{}), "j", "y")
	if cmd == nil {
		t.Fatal("y gave no command")
	}
	// tea.SetClipboard's message is a string type holding the text.
	if v := reflect.ValueOf(cmd()); v.Kind() != reflect.String || v.String() != "https://example.com/a" {
		t.Errorf("y copies %v", cmd())
	}
	if m.status != "copied https://example.com/a" {
		t.Errorf("status %q", m.status)
	}
}

func TestRender(t *testing.T) {
	m := New(sample, Options{})
	tm, _ := m.Update(tea.WindowSizeMsg{Width: 40, Height: 12})
	m = tm.(Model)
	want := []string{
		"urix pick: 4 links",
		"header",
		"> 1  mailto:leave@example.com",
		"     List-Unsubscribe: <mailto:leave@ex…",
		"part 1",
		"  2  https://example.com/a (×3)",
		"     see https://example.com/a today",
		"  3  https://example.com/b (×2)",
		"     and https://example.com/b",
		"",
		"",
		"↑↓jk PgUp/Dn Home/End  12⏎ opens 12  / …",
	}
	if got := screen(m); !slices.Equal(got, want) {
		t.Errorf("screen:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Without context the list is one line per URI; moving to the end
	// scrolls the cursor's entry into view.
	m, _ = press(t, m, "c", "G")
	got := screen(m)
	if !slices.Contains(got, "> 4  https://news.example.org/x") || slices.Contains(got, "     and https://example.com/b") {
		t.Errorf("screen without context:\n%s", strings.Join(got, "\n"))
	}
	m, _ = press(t, m, "c")
	got = screen(m)
	if got[1] == "header" || !slices.Contains(got, "     <a href> Read the news") {
		t.Errorf("screen scrolled to the end:\n%s", strings.Join(got, "\n"))
	}
	// A long URI is shortened in the middle to the width.
	long := New([]Item{{URI: "https://example.com/" + strings.Repeat("x", 100) + "/end.html", Group: "g"}}, Options{})
	tm, _ = long.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	if got := screen(tm.(Model))[2]; got != "> 1  https://example.c…xxxxxxxx/end.html" {
		t.Errorf("long URI: %q", got)
	}
}

func TestList(t *testing.T) {
	var b strings.Builder
	if err := List(&b, sample); err != nil {
		t.Fatal(err)
	}
	want := `header
  1  mailto:leave@example.com
part 1
  2  https://example.com/a (×3)
  3  https://example.com/b (×2)
part 2 (HTML)
  4  https://news.example.org/x
`
	if b.String() != want {
		t.Errorf("List:\n%s\nwant:\n%s", b.String(), want)
	}
}

// Whatever the cursor's position, its entry is on screen and the first
// line of the list names the group it is in.
func TestScrollKeepsCursorAndHeading(t *testing.T) {
	var items []Item
	for g := 1; g <= 3; g++ {
		for i := 1; i <= 7; i++ {
			items = append(items, Item{URI: fmt.Sprintf("https://example.com/%d/%d", g, i), Context: "context", Group: fmt.Sprintf("group %d", g)})
		}
	}
	for _, context := range []bool{true, false} {
		for _, height := range []int{4, 5, 6, 7, 12} {
			m := New(items, Options{})
			m.context = context
			tm, _ := m.Update(tea.WindowSizeMsg{Width: 60, Height: height})
			m = tm.(Model)
			check := func(num int) {
				t.Helper()
				s := screen(m)
				if len(s) != height {
					t.Fatalf("height %d: %d lines", height, len(s))
				}
				cursor := fmt.Sprintf("> %2d  https://example.com/%d/%d", num, (num-1)/7+1, (num-1)%7+1)
				if !slices.Contains(s, cursor) {
					t.Errorf("context %v, height %d: no %q on screen:\n%s", context, height, cursor, strings.Join(s, "\n"))
				}
				if want := fmt.Sprintf("group %d", (num-1)/7+1); height-chrome > m.rowsPerEntry() && s[1] != want {
					heading := false
					for _, l := range s[1:] {
						heading = heading || l == want
					}
					if !heading {
						t.Errorf("context %v, height %d, at %d: first line %q, and no %q:\n%s", context, height, num, s[1], want, strings.Join(s, "\n"))
					}
				}
				if height-chrome > m.rowsPerEntry() && !strings.HasPrefix(s[1], "group ") {
					t.Errorf("context %v, height %d, at %d: first line %q is no heading", context, height, num, s[1])
				}
			}
			for num := 1; num <= len(items); num++ {
				check(num)
				m, _ = press(t, m, "j")
			}
			for num := len(items); num >= 1; num-- {
				m, _ = press(t, m, "k")
				check(max(num-1, 1))
			}
		}
	}
}

// BenchmarkFilterKeystroke10k: one keystroke of a filter, then the frame
// that shows it, over 10,000 links (issue 12: filtering stays responsive).
func BenchmarkFilterKeystroke10k(b *testing.B) {
	items := make([]Item, 10000)
	for i := range items {
		items[i] = Item{
			URI:     fmt.Sprintf("https://news.example.com/2026/11/story-%d?utm_source=newsletter", i),
			Context: fmt.Sprintf("Read story %d of today's newsletter", i),
			Group:   fmt.Sprintf("part %d", 1+i/2500),
		}
	}
	m := New(items, Options{})
	m.width, m.height = 120, 40
	tm, _ := m.Update(key("/"))
	m = tm.(Model)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tm, _ := m.Update(key("7"))
		mm := tm.(Model)
		_ = mm.Render()
		tm, _ = mm.Update(key("backspace"))
		_ = tm.(Model).Render()
	}
}

// A message's header links (List-Unsubscribe) are listed last, in a group
// of their own, and the first link selected is the body's: Enter on the
// first screen of a newsletter does not unsubscribe.
func TestHeaderLinksLast(t *testing.T) {
	items := []Item{
		{URI: "mailto:leave@example.com", Context: "List-Unsubscribe: <mailto:leave@example.com>", Group: "header", Header: true},
		{URI: "https://example.com/archive", Context: "Archived-At: <https://example.com/archive>", Group: "header", Header: true},
		{URI: "https://example.com/story", Context: "Read the story", Group: "part 1"},
		{URI: "https://example.com/more", Context: "", Group: "part 2 (HTML)"},
	}
	m := New(items, Options{})
	if got := m.Selected(); got != "https://example.com/story" {
		t.Errorf("selected %q, want the first body link", got)
	}
	tm, _ := m.Update(tea.WindowSizeMsg{Width: 60, Height: 13})
	want := []string{
		"urix pick: 4 links",
		"part 1",
		"> 1  https://example.com/story",
		"     Read the story",
		"part 2 (HTML)",
		"  2  https://example.com/more",
		"header",
		"  3  mailto:leave@example.com",
		"     List-Unsubscribe: <mailto:leave@example.com>",
		"  4  https://example.com/archive",
		"     Archived-At: <https://example.com/archive>",
		"",
		"↑↓jk PgUp/Dn Home/End  12⏎ opens 12  / filter  ⏎ open  y co…",
	}
	if got := screen(tm.(Model)); !slices.Equal(got, want) {
		t.Errorf("screen:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// With header links alone, the first is selected: there is no other.
	if got := New(items[:2], Options{}).Selected(); got != "mailto:leave@example.com" {
		t.Errorf("header links alone: selected %q", got)
	}
}

// The filter selects a link whose URI holds it before one whose context
// alone does; a context match is selected only when no URI matches.
func TestFilterPrefersURI(t *testing.T) {
	items := []Item{
		{URI: "https://a.example/1", Context: "the news of the day", Group: "g"},
		{URI: "https://b.example/2", Context: "more", Group: "g"},
		{URI: "https://news.example/3", Context: "", Group: "g"},
		{URI: "https://news.example/4", Context: "", Group: "g"},
	}
	for _, tc := range []struct {
		keys    []string
		want    string
		visible []int
	}{
		{[]string{"/", "n", "e", "w", "s"}, "https://news.example/3", []int{1, 3, 4}},
		{[]string{"4", "/", "n", "e", "w", "s"}, "https://news.example/4", []int{1, 3, 4}}, // the cursor's entry holds it: stay
		{[]string{"/", "d", "a", "y"}, "https://a.example/1", []int{1}},
		{[]string{"/", "m", "o", "r", "e"}, "https://b.example/2", []int{2}},
	} {
		m, _ := press(t, New(items, Options{}), tc.keys...)
		if got := m.Selected(); got != tc.want || !slices.Equal(m.Visible(), tc.visible) {
			t.Errorf("%q: selected %q of %v, want %q of %v", tc.keys, got, m.Visible(), tc.want, tc.visible)
		}
	}
}

// A failing opener's exit status and first line of standard error are
// shown in the footer; "opening" is shown until the outcome is known, and
// never "opened" for a failure.
func TestOpenFailureFooter(t *testing.T) {
	fail := func(string) error {
		return NewOpenError(errors.New("exit status 127"), []byte("\nsh: 1: no-such-browser: not found\nmore\n"))
	}
	m, cmd := press(t, New(sample, Options{Open: fail}), "enter")
	if got := screen(m); got[len(got)-2] != "opening mailto:leave@example.com" {
		t.Errorf("footer while opening %q", got[len(got)-2])
	}
	tm, next := m.Update(cmd())
	m = tm.(Model)
	if got := screen(m); got[len(got)-2] != "cannot open: exit status 127: sh: 1: no-such-browser: not found" || next != nil {
		t.Errorf("footer after a failure %q", got[len(got)-2])
	}
	// On the terminal: back from the opener, or its failure.
	m = New(sample, Options{Single: true, Command: func(u string) *exec.Cmd { return exec.Command("true") }})
	tm, next = m.Update(openedMsg{uri: "https://example.com/a", ran: true})
	if tm.(Model).status != "back from https://example.com/a" || next == nil || !isQuit(next) {
		t.Errorf("after a terminal opener: status %q", tm.(Model).status)
	}
	tm, next = m.Update(openedMsg{uri: "https://example.com/a", ran: true, err: &OpenError{Err: errors.New("exit status 1")}})
	if tm.(Model).status != "cannot open: exit status 1" || next != nil {
		t.Errorf("after a failing terminal opener: status %q", tm.(Model).status)
	}
}

func TestFirstLine(t *testing.T) {
	for in, want := range map[string]string{
		"":                       "",
		"\n  \nerror: x\nnext\n": "error: x",
		"no newline":             "no newline",
		strings.Repeat("é", 150): strings.Repeat("é", 100) + "…",
	} {
		if got := FirstLine([]byte(in)); got != want {
			t.Errorf("FirstLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRenderOneLink: the title counts one link in the singular.
func TestRenderOneLink(t *testing.T) {
	tm, _ := New(sample[:1], Options{}).Update(tea.WindowSizeMsg{Width: 40, Height: 12})
	if got := screen(tm.(Model))[0]; got != "urix pick: 1 link" {
		t.Errorf("title %q", got)
	}
}
