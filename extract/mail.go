package extract

import "io"

// readMessage reads one RFC 5322 message (SPEC §4). STUB: the mail issue
// replaces this with the MIME walker; for now the message is read as text.
func (j *job) readMessage(r io.Reader, src source) error { return j.scanText(r, src) }

// readMbox reads an mbox file message by message (M5). STUB.
func (j *job) readMbox(r io.Reader, src source) error { return j.scanText(r, src) }
