// Package pick is an interactive list for choosing one of many links on a
// terminal, as urlview and urlscan offer in a mail reader: each distinct
// URI once (with how often it occurs), a line of context, grouped under a
// heading, numbered for quick selection, filtered as you type; Enter opens
// the selected URI, y copies it with OSC 52.
//
// It knows nothing of where the links come from: the caller hands it Items.
// The list is a Bubble Tea model (Model), a plain value that tests drive
// with messages; Run puts it on a terminal.
package pick

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/mattn/go-runewidth"

	"github.com/urix/urix/internal/safe"
)

// Item is one occurrence of a link.
type Item struct {
	URI     string
	Context string // a line of text from where it was found; "" for none
	Group   string // the heading it is listed under (a file, a MIME part)
}

// Options say what the picker does with a link.
type Options struct {
	// Open opens a URI (Enter). It should not wait for a browser to end.
	Open func(uri string) error
	// Single quits after the first URI opened without error.
	Single bool
}

// ErrInterrupted is returned by Run when the picker was ended by Ctrl-C
// or SIGINT, and ErrTerminated when by SIGTERM.
var (
	ErrInterrupted = errors.New("interrupted")
	ErrTerminated  = errors.New("terminated")
)

// Run shows the picker on the terminal tty (input and output) until the
// user quits, ctx is done, or a signal (SIGINT, SIGTERM) arrives. The
// terminal is restored on every one of these ways out.
func Run(ctx context.Context, items []Item, tty *os.File, opts Options) error {
	p := tea.NewProgram(New(items, opts), tea.WithInput(tty), tea.WithOutput(tty), tea.WithContext(ctx),
		tea.WithoutSignalHandler()) // ours tells SIGTERM from a quit
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case s := <-sig:
			p.Send(signalMsg{s})
		case <-done:
		}
	}()
	m, err := p.Run()
	if errors.Is(err, tea.ErrInterrupted) {
		return ErrInterrupted
	}
	if err != nil {
		return err
	}
	mm, _ := m.(Model)
	switch mm.signal {
	case nil:
		return nil
	case os.Interrupt:
		return ErrInterrupted
	}
	return ErrTerminated
}

// signalMsg is a signal that ends the picker.
type signalMsg struct{ sig os.Signal }

// entry is one distinct URI.
type entry struct {
	num     int // 1-based number in display order
	uri     string
	context string
	group   string
	count   int
	hay     string // lower-case URI and context, for the filter
}

// Model is the picker's state. Build it with New; it is a value that
// Update returns changed.
type Model struct {
	entries []entry // in display order: by group, then first occurrence
	visible []int   // indexes into entries that match the filter
	cursor  int     // index into visible
	offset  int     // first list row shown

	width, height int

	filter    string
	filtering bool   // typing a filter
	number    string // digits typed for quick selection
	context   bool   // show the context lines
	status    string // last outcome, shown above the help line

	opts   Options
	signal os.Signal // what ended the picker: os.Interrupt for Ctrl-C
}

// New returns the picker for items: each distinct URI once, under the
// group of its first occurrence, groups in the order they first appear.
func New(items []Item, opts Options) Model {
	m := Model{opts: opts, context: true, width: 80, height: 24}
	m.entries = entries(items)
	m.refilter()
	return m
}

func entries(items []Item) []entry {
	var groups []string
	groupIdx := map[string]int{}
	byGroup := map[string][]*entry{}
	seen := map[string]*entry{}
	for _, it := range items {
		if e := seen[it.URI]; e != nil {
			e.count++
			if e.context == "" {
				e.context = it.Context
			}
			continue
		}
		if _, ok := groupIdx[it.Group]; !ok {
			groupIdx[it.Group] = len(groups)
			groups = append(groups, it.Group)
		}
		e := &entry{uri: it.URI, context: it.Context, group: it.Group, count: 1}
		seen[it.URI] = e
		byGroup[it.Group] = append(byGroup[it.Group], e)
	}
	var out []entry
	for _, g := range groups {
		for _, e := range byGroup[g] {
			e.num = len(out) + 1
			e.hay = strings.ToLower(e.uri + "\n" + e.context)
			out = append(out, *e)
		}
	}
	return out
}

// Len is the number of distinct URIs.
func (m Model) Len() int { return len(m.entries) }

// Selected returns the URI under the cursor, "" when none matches the filter.
func (m Model) Selected() string {
	if m.cursor < 0 || m.cursor >= len(m.visible) {
		return ""
	}
	return m.entries[m.visible[m.cursor]].uri
}

// Visible returns the numbers of the entries that match the filter.
func (m Model) Visible() []int {
	nums := make([]int, len(m.visible))
	for i, v := range m.visible {
		nums[i] = m.entries[v].num
	}
	return nums
}

// refilter recomputes the visible entries, keeping the cursor on the same
// entry when it is still visible.
func (m *Model) refilter() {
	cur := -1
	if m.cursor >= 0 && m.cursor < len(m.visible) {
		cur = m.visible[m.cursor]
	}
	m.visible = m.visible[:0:0]
	f := strings.ToLower(m.filter)
	m.cursor = 0
	for i, e := range m.entries {
		if f == "" || strings.Contains(e.hay, f) {
			if i == cur {
				m.cursor = len(m.visible)
			}
			m.visible = append(m.visible, i)
		}
	}
	m.scroll()
}

func (m Model) Init() tea.Cmd { return nil }

// openedMsg reports the outcome of opening a URI.
type openedMsg struct {
	uri string
	err error
}

func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.scroll()
	case signalMsg:
		m.signal = msg.sig
		return m, tea.Quit
	case openedMsg:
		if msg.err != nil {
			m.status = "cannot open: " + msg.err.Error()
			return m, nil
		}
		m.status = "opened " + msg.uri
		if m.opts.Single {
			return m, tea.Quit
		}
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return m, nil
}

// key handles a key press.
func (m Model) key(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	s := k.String()
	if s == "ctrl+c" {
		m.signal = os.Interrupt
		return m, tea.Quit
	}
	if m.filtering {
		switch s {
		case "esc":
			m.filter, m.filtering = "", false
			m.refilter()
		case "enter":
			m.filtering = false
			return m, m.open()
		case "backspace":
			if m.filter != "" {
				_, size := utf8.DecodeLastRuneInString(m.filter)
				m.filter = m.filter[:len(m.filter)-size]
				m.refilter()
			}
		case "up", "down", "pgup", "pgdown":
			m.move(s)
		default:
			if k.Text != "" {
				m.filter += k.Text
				m.refilter()
			}
		}
		return m, nil
	}
	if len(s) == 1 && s[0] >= '0' && s[0] <= '9' {
		m.number += s
		m.jump()
		return m, nil
	}
	m.number = ""
	m.status = ""
	switch s {
	case "q":
		return m, tea.Quit
	case "esc":
		if m.filter != "" {
			m.filter = ""
			m.refilter()
			return m, nil
		}
		return m, tea.Quit
	case "/":
		m.filtering = true
	case "enter":
		return m, m.open()
	case "y":
		if u := m.Selected(); u != "" {
			m.status = "copied " + u
			return m, tea.SetClipboard(u)
		}
	case "c":
		m.context = !m.context
		m.scroll()
	default:
		m.move(s)
	}
	return m, nil
}

// move moves the cursor for a movement key.
func (m *Model) move(key string) {
	page := max(m.listHeight()/m.rowsPerEntry(), 1)
	switch key {
	case "up", "k":
		m.cursor--
	case "down", "j":
		m.cursor++
	case "pgup", "ctrl+b":
		m.cursor -= page
	case "pgdown", "ctrl+f", "space":
		m.cursor += page
	case "home", "g":
		m.cursor = 0
	case "end", "G":
		m.cursor = len(m.visible) - 1
	default:
		return
	}
	m.cursor = max(0, min(m.cursor, len(m.visible)-1))
	m.scroll()
}

// jump moves the cursor to the entry whose number has been typed.
func (m *Model) jump() {
	n, err := strconv.Atoi(m.number)
	if err != nil {
		return
	}
	for i, v := range m.visible {
		if m.entries[v].num == n {
			m.cursor = i
			m.scroll()
			return
		}
	}
}

// open returns the command that opens the selected URI.
func (m Model) open() tea.Cmd {
	u := m.Selected()
	if u == "" || m.opts.Open == nil {
		return nil
	}
	open := m.opts.Open
	return func() tea.Msg { return openedMsg{uri: u, err: open(u)} }
}

// The screen: a title line, the list, a status or filter line, a help line.
const chrome = 3

func (m Model) listHeight() int { return max(m.height-chrome, 1) }

func (m Model) rowsPerEntry() int {
	if m.context {
		return 2
	}
	return 1
}

// row is one line of the list.
type row struct {
	kind  int // rowGroup, rowEntry, rowContext
	entry int // index into entries
	vis   int // index into visible
}

const (
	rowGroup = iota
	rowEntry
	rowContext
)

// rows lays out the visible entries.
func (m Model) rows() []row {
	var rs []row
	group := "\x00"
	for i, v := range m.visible {
		e := m.entries[v]
		if e.group != group {
			group = e.group
			rs = append(rs, row{kind: rowGroup, entry: v, vis: i})
		}
		rs = append(rs, row{kind: rowEntry, entry: v, vis: i})
		if m.context && e.context != "" {
			rs = append(rs, row{kind: rowContext, entry: v, vis: i})
		}
	}
	return rs
}

// scroll moves the window of rows so that the cursor's entry, its context
// and, at the top, its group heading are shown.
func (m *Model) scroll() {
	rs := m.rows()
	first, last, entry := -1, -1, -1
	for i, r := range rs {
		if r.vis == m.cursor {
			if first < 0 {
				first = i
			}
			if r.kind == rowEntry {
				entry = i
			}
			last = i
		}
	}
	h := m.listHeight()
	if first < 0 {
		m.offset = 0
		return
	}
	if last >= m.offset+h {
		m.offset = last - h + 1
	}
	if first < m.offset {
		m.offset = first
	}
	if entry < m.offset || entry >= m.offset+h { // a window too small for all
		m.offset = entry
	}
	m.offset = max(0, min(m.offset, len(rs)-h))
	// A window that starts inside a group repeats its heading on its
	// first line, which leaves a line less for the rows.
	if m.sticky(rs) && last > m.offset+h-2 {
		m.offset++
	}
}

// sticky says whether the list window starts inside a group, below its
// heading, and is tall enough to repeat the heading above an entry.
func (m Model) sticky(rs []row) bool {
	return m.listHeight() > m.rowsPerEntry() && m.offset > 0 && m.offset < len(rs) && rs[m.offset].kind != rowGroup
}

// SGR styles.
const (
	bold    = "\x1b[1m"
	faint   = "\x1b[2m"
	reverse = "\x1b[7m"
	reset   = "\x1b[0m"
)

func (m Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	return v
}

// Render returns the screen as text with SGR styles, one line per row.
func (m Model) Render() string {
	var b strings.Builder
	w := max(m.width, 20)
	title := fmt.Sprintf("urix pick: %d links", len(m.entries))
	if m.filter != "" {
		title += fmt.Sprintf(", %d match /%s", len(m.visible), m.filter)
	}
	b.WriteString(bold + Shorten(title, w) + reset + "\n")

	numWidth := len(strconv.Itoa(len(m.entries)))
	rs := m.rows()
	h := m.listHeight()
	if m.sticky(rs) {
		b.WriteString(m.line(row{kind: rowGroup, entry: rs[m.offset].entry}, w, numWidth) + "\n")
		h--
	}
	for i := m.offset; i < m.offset+h; i++ {
		// A heading on the last line would be without its entries.
		if i < len(rs) && !(i == m.offset+h-1 && rs[i].kind == rowGroup) {
			b.WriteString(m.line(rs[i], w, numWidth))
		}
		b.WriteString("\n")
	}

	switch {
	case m.filtering:
		b.WriteString(Shorten("/"+m.filter, w-1) + reverse + " " + reset)
	case m.status != "":
		b.WriteString(Shorten(m.status, w))
	case len(m.visible) == 0:
		b.WriteString("no link matches /" + m.filter)
	}
	b.WriteString("\n")
	help := "↑↓jk PgUp/Dn Home/End  12⏎ opens 12  / filter  ⏎ open  y copy  c context  q quit" // 80 columns
	if m.filtering {
		help = "type to filter  ↑↓ move  ⏎ open  Esc clear the filter"
	}
	b.WriteString(faint + Truncate(help, w) + reset)
	return b.String()
}

// line draws one row of the list.
func (m Model) line(r row, w, numWidth int) string {
	e := m.entries[r.entry]
	indent := 2 + numWidth + 2
	switch r.kind {
	case rowGroup:
		return bold + Shorten(e.group, w) + reset
	case rowContext:
		return faint + strings.Repeat(" ", indent) + Truncate(e.context, w-indent) + reset
	}
	mark := "  "
	if r.vis == m.cursor {
		mark = "> "
	}
	count := ""
	if e.count > 1 {
		count = fmt.Sprintf(" (×%d)", e.count)
	}
	text := fmt.Sprintf("%s%*d  %s%s", mark, numWidth, e.num, ShortenURI(e.uri, w-indent-runewidth.StringWidth(count)), count)
	if r.vis == m.cursor {
		return reverse + text + reset
	}
	return text
}

// Shorten fits s in width columns by cutting out its middle, where a long
// URI is least telling: "https://example.com/a/…/page.html".
func Shorten(s string, width int) string {
	s = printable(s)
	if runewidth.StringWidth(s) <= width {
		return s
	}
	if width <= 1 {
		return runewidth.Truncate(s, max(width, 0), "")
	}
	h := runewidth.Truncate(s, width/2, "")
	tail := width - 1 - runewidth.StringWidth(h)
	rs := []rune(s)
	var t []rune
	tw := 0
	for i := len(rs) - 1; i >= 0; i-- {
		cw := runewidth.RuneWidth(rs[i])
		if tw+cw > tail {
			break
		}
		tw += cw
		t = append([]rune{rs[i]}, t...)
	}
	return h + "…" + string(t)
}

// ShortenURI fits a URI in width columns as Shorten does, but cuts the
// middle of its query alone when the rest fits with room to spare: the
// path tells links apart (…/story-1?utm_…, …/story-2?utm_…), tracking
// parameters seldom do.
func ShortenURI(uri string, width int) string {
	uri = printable(uri)
	q := strings.IndexAny(uri, "?#")
	if q < 0 || runewidth.StringWidth(uri) <= width {
		return Shorten(uri, width)
	}
	const room = 12 // columns left for the shortened query, at least
	if rest := width - runewidth.StringWidth(uri[:q]); rest >= room {
		return uri[:q] + Shorten(uri[q:], rest)
	}
	return Shorten(uri, width)
}

// Truncate fits s in width columns by cutting its end.
func Truncate(s string, width int) string {
	s = printable(s)
	if width < 1 {
		return ""
	}
	return runewidth.Truncate(s, width, "…")
}

// printable escapes control characters, which would move the cursor or
// start escape sequences on the terminal, and bidi controls, which would
// reorder the line, as urix escapes every field it writes to a terminal
// (SPEC §8).
func printable(s string) string { return safe.Text(s) }

// List writes the numbered list, without shortening, as the picker
// numbers it: for a terminal-less caller.
func List(w io.Writer, items []Item) error {
	group := "\x00"
	es := entries(items)
	numWidth := len(strconv.Itoa(len(es)))
	for _, e := range es {
		if e.group != group {
			group = e.group
			if _, err := fmt.Fprintln(w, printable(group)); err != nil {
				return err
			}
		}
		count := ""
		if e.count > 1 {
			count = fmt.Sprintf(" (×%d)", e.count)
		}
		if _, err := fmt.Fprintf(w, "%*d  %s%s\n", numWidth+2, e.num, printable(e.uri), count); err != nil {
			return err
		}
	}
	return nil
}
