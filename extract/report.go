package extract

import (
	"strconv"
	"unicode/utf8"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
	"github.com/urix/urix/unwrap"
)

// report makes h.URI (the reference as found) absolute against base,
// applies --ascii, --normalize and the filters, and emits the hit.
func (j *job) report(h *Hit, base string) {
	if j.stop != nil {
		return
	}
	h.File, h.Base = j.file, base
	if len(h.URI) > delimit.MaxHit || len(h.Raw) > delimit.MaxHit {
		j.truncate(h)
	}
	if resolve.AsWritten(h.URI, j.x.opts.Resolve, h.Source) {
		h.Resolved = true // what Make returns, without parsing the base
	} else {
		rv, opts := j.ResolverIn(base, h.Encoding)
		h.URI, h.Resolved = resolve.Make(h.URI, rv, opts, h.Source)
	}
	if j.x.opts.Unwrap || j.x.opts.Clean {
		j.unwrap(h)
	}
	if j.x.opts.ASCII {
		h.URI = resolve.ToASCII(h.URI)
	}
	if j.x.opts.Normalize {
		h.URI = resolve.Normalize(h.URI)
	}
	if !j.x.wanted(h) {
		return
	}
	if h.Truncated && !j.truncated {
		j.truncated = true
		// A hit cut at MaxHit is as long, but for the end of a UTF-8
		// sequence (cutUTF8): a shorter one was cut with its line.
		j.warn("", reader.Note(truncatedHit{h.Offset, len(h.Raw) > delimit.MaxHit-utf8.UTFMax}))
	}
	// While the hit is handed on, this input does not read: the windows
	// it holds are not waited for (limit.Expansion.Park, L10a).
	j.budget.Park()
	err := j.emit(h)
	j.budget.Unpark()
	if err != nil {
		j.stop = err
		return
	}
	if j.emitted++; j.emitted == j.x.opts.MaxCount {
		j.stop = errMaxCount
	}
}

// unwrap applies Options.Unwrap and Options.Clean to a hit's absolute
// URI (doc/spec.md U1, U3); the hit keeps its position and Raw, the
// wrapper's. The first wrapper of an input that stays is noted.
func (j *job) unwrap(h *Hit) {
	if j.x.opts.Unwrap {
		target, wrappers, note := unwrap.URL(h.URI)
		if note != nil && !j.unwrapped {
			j.unwrapped = true
			j.warn(lineOf(h), reader.Note(note))
		}
		h.URI, h.Wrapped = target, reader.MakeWrapped(wrappers)
	}
	if j.x.opts.Clean {
		h.URI = unwrap.Clean(h.URI)
	}
}

// lineOf locates a hit for a warning: "line N", or "" when lines are
// not counted.
func lineOf(h *Hit) string {
	if h.Line == 0 {
		return ""
	}
	return "line " + strconv.Itoa(h.Line)
}

// truncate cuts a hit whose reference or raw text is longer than a hit
// may be (doc/spec.md L4: 64 KiB, for every format as for text), on a
// UTF-8 boundary, and marks it Truncated; report warns once per input,
// at the first such hit that passes the filters (ErrHitTruncated).
func (j *job) truncate(h *Hit) {
	h.URI, h.Raw = cutUTF8(h.URI, delimit.MaxHit), cutUTF8(h.Raw, delimit.MaxHit)
	h.Truncated = true
}

// cutUTF8 returns s cut to at most n bytes, not inside a UTF-8 sequence.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
