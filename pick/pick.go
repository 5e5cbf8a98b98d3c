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
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// Item is one occurrence of a link.
type Item struct {
	URI     string
	Context string // a line of text from where it was found; "" for none
	Group   string // the heading it is listed under (a file, a MIME part)
	// Wrapper is the link as written when URI is the target unwrapped
	// from a security or tracking redirector (doc/spec.md U1): the list
	// marks the entry, and the w key shows the wrapper. "" for a link
	// written as it is.
	Wrapper string
	// Header marks a link of a message's header (List-Unsubscribe,
	// Archived-At): its group comes after every group of body links, and
	// the first link selected is a body link (doc/spec.md CL12).
	Header bool
}

// Options say what the picker does with a link.
type Options struct {
	// Open opens a URI (Enter) away from the terminal, as a graphical
	// browser is: it returns once the opener has started, or has failed
	// to (its error is shown in the footer; see OpenError).
	Open func(uri string) error
	// Command, when not nil, is used instead of Open: it gives the
	// command that opens a URI on the picker's own terminal, as a
	// terminal browser (lynx, w3m) does. The picker leaves the screen,
	// gives the command the terminal (its standard input and output, and
	// its standard error through a pipe that keeps the first line), waits
	// for it to end and draws itself again.
	Command func(uri string) *exec.Cmd
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
	m0 := New(items, opts)
	p := tea.NewProgram(m0, tea.WithInput(tty), tea.WithOutput(tty), tea.WithContext(ctx),
		tea.WithoutSignalHandler()) // ours tells SIGTERM from a quit
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case s := <-sig:
				if s == os.Interrupt && m0.fg.commands() {
					continue
				}
				p.Send(signalMsg{s})
				return
			case <-done:
				return
			}
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
	uriHay  string // lower-case URI
	wrapper string // Item.Wrapper of its first occurrence
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
	unwrapped bool   // an entry was unwrapped: the help line names w

	opts   Options
	signal os.Signal // what ended the picker: os.Interrupt for Ctrl-C
	// fg says whether a SIGINT is that of a command run on the terminal
	// (Options.Command); shared by the copies of the model.
	fg *interrupts
}

// New returns the picker for items: each distinct URI once, under the
// group of its first occurrence, groups in the order they first appear.
func New(items []Item, opts Options) Model {
	m := Model{opts: opts, context: true, width: 80, height: 24, fg: new(interrupts)}
	m.entries = entries(items)
	m.unwrapped = slices.ContainsFunc(m.entries, func(e entry) bool { return e.wrapper != "" })
	m.refilter()
	return m
}

func entries(items []Item) []entry {
	var groups []string
	groupIdx := map[string]int{}
	byGroup := map[string][]*entry{}
	seen := map[string]*entry{}
	header := map[string]bool{}
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
			header[it.Group] = it.Header
		}
		e := &entry{uri: it.URI, context: it.Context, group: it.Group, count: 1, wrapper: it.Wrapper}
		seen[it.URI] = e
		byGroup[it.Group] = append(byGroup[it.Group], e)
	}
	// Header groups go last, in their order (doc/spec.md CL12).
	slices.SortStableFunc(groups, func(a, b string) int { return cmpBool(header[a], header[b]) })
	var out []entry
	for _, g := range groups {
		for _, e := range byGroup[g] {
			e.num = len(out) + 1
			e.uriHay = strings.ToLower(e.uri)
			e.hay = e.uriHay + "\n" + strings.ToLower(e.context)
			out = append(out, *e)
		}
	}
	return out
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
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

// refilter recomputes the visible entries: those whose URI or context
// holds the filter. The cursor goes to a URI that holds it, staying on its
// entry if that one does, else to the first such; only when no URI holds
// it, to a match of the context (doc/spec.md CL12).
func (m *Model) refilter() {
	cur := -1
	if m.cursor >= 0 && m.cursor < len(m.visible) {
		cur = m.visible[m.cursor]
	}
	m.visible = m.visible[:0:0]
	f := strings.ToLower(m.filter)
	// rank: 3 f in the URI, 1 in the context alone; 1 more for the
	// entry under the cursor, which stays selected among its equals.
	best, bestRank := 0, 0
	for i, e := range m.entries {
		if f != "" && !strings.Contains(e.hay, f) {
			continue
		}
		rank := 1
		if f == "" || strings.Contains(e.uriHay, f) {
			rank = 3
		}
		if i == cur {
			rank++
		}
		if rank > bestRank {
			best, bestRank = len(m.visible), rank
		}
		m.visible = append(m.visible, i)
	}
	m.cursor = best
	m.scroll()
}

func (m Model) Init() tea.Cmd { return nil }

// openedMsg reports the outcome of opening a URI; ran says it was opened
// on the terminal, and is over.
type openedMsg struct {
	uri string
	err error
	ran bool
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
		if msg.ran {
			m.status = "back from " + msg.uri
			if m.opts.Single {
				return m, tea.Quit
			}
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
			cmd := m.open()
			return m, cmd
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
		cmd := m.open()
		return m, cmd
	case "y":
		if u := m.Selected(); u != "" {
			m.status = "copied " + u
			return m, tea.SetClipboard(u)
		}
	case "c":
		m.context = !m.context
		m.scroll()
	case "w":
		m.status = "not unwrapped: written as it is"
		if m.cursor >= 0 && m.cursor < len(m.visible) {
			if w := m.entries[m.visible[m.cursor]].wrapper; w != "" {
				m.status = "unwrapped from " + w
			}
		}
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

// open returns the command that opens the selected URI: on the terminal
// with Options.Command, else with Options.Open. What it says until the
// outcome is known ("opening ...") is set on m.
func (m *Model) open() tea.Cmd {
	u := m.Selected()
	switch {
	case u == "":
		return nil
	case m.opts.Command != nil:
		fg := &foreground{cmd: m.opts.Command(u), running: m.fg}
		return tea.Exec(fg, func(err error) tea.Msg { return openedMsg{uri: u, err: fg.result(err), ran: true} })
	case m.opts.Open != nil:
		m.status = "opening " + u
		open := m.opts.Open
		return func() tea.Msg { return openedMsg{uri: u, err: open(u)} }
	}
	return nil
}
