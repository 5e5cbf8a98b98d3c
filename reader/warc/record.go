package warc

import (
	"fmt"
	"io"
	"strings"
)

// RecordError reports a damaged record at a byte offset of the input (the
// record's, or its gzip member's).
type RecordError struct {
	Offset int64
	Err    error
}

func (e *RecordError) Error() string {
	return fmt.Sprintf("record at offset %d: %v", e.Offset, e.Err)
}

func (e *RecordError) Unwrap() error { return e.Err }

// Field is one header field, its name as written.
type Field struct{ Name, Value string }

// Record is one WARC record. Its Body is valid until the next call to Next.
type Record struct {
	Version string  // "WARC/1.0", "WARC/1.1"
	Fields  []Field // the header fields in order
	// Offset is the record's byte offset in the input, or its gzip
	// member's when Compressed.
	Offset     int64
	Compressed bool
	Line       int // the record's 1-based line in the input; 0 when Compressed
	// BodyOffset and BodyLine are where the block starts in the input
	// (byte offset, 1-based line); 0 when Compressed.
	BodyOffset    int64
	BodyLine      int
	ContentLength int64
	Body          io.Reader
}

// Get returns the value of the first field called name, in any case.
func (r *Record) Get(name string) string {
	for _, f := range r.Fields {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// Type returns WARC-Type, lower case.
func (r *Record) Type() string { return strings.ToLower(r.Get("WARC-Type")) }

// TargetURI returns WARC-Target-URI without the <> some writers put
// around it (WARC/1.0 examples did).
func (r *Record) TargetURI() string {
	return strings.TrimSuffix(strings.TrimPrefix(r.Get("WARC-Target-URI"), "<"), ">")
}
