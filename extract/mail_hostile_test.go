package extract

import (
	"errors"
	"strings"
	"testing"

	"github.com/urix/urix/reader/mail"
)

// TestMboxHeaderLineOverCap: a message in the middle of an mbox whose
// header holds a line over the header block's cap, then another field,
// panicked the mail reader and lost every later message. Its field is
// skipped with a warning, and every message's hits are found.
func TestMboxHeaderLineOverCap(t *testing.T) {
	in := "From a\nFrom: a@x\n\nhttp://one.example/\n" +
		"From b\nFrom: b@x\nSubject: " + strings.Repeat("s", 3<<20/2) + "\nContent-Type: text/html\n\n<a href=http://two.example/>x</a>\n" +
		"From c\nFrom: c@x\n\nhttp://three.example/\n"
	hits, warns := collect(t, mustNew(t, Options{Type: Mbox}), "in.mbox", "", []byte(in))
	want := "http://one.example/ http://two.example/ http://three.example/"
	if got := strings.Join(uris(hits), " "); got != want {
		t.Errorf("hits %s, want %s", got, want)
	}
	found := false
	for _, w := range warns {
		found = found || errors.Is(w, mail.ErrHeaderTooLarge) && IsWarning(w)
	}
	if !found {
		t.Errorf("warnings %v, want one that is %v", warns, mail.ErrHeaderTooLarge)
	}
}
