// Command warcrecords lists the records of WARC files as urix's reader
// (package extract/warc) sees them, one JSON object per line in the form
// of `warcio index`: {"offset":N,"warc-type":T,"warc-target-uri":U}.
// bench/warc-crosscheck.sh compares it with warcio's own index; damaged
// records are listed as {"offset":N,"damaged":"..."}.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urix/urix/reader/warc"
)

type entry struct {
	Offset  int64  `json:"offset"`
	Type    string `json:"warc-type,omitempty"`
	Target  string `json:"warc-target-uri,omitempty"`
	Damaged string `json:"damaged,omitempty"`
}

func main() {
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	status := 0
	for _, name := range os.Args[1:] {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "warcrecords:", err)
			status = 1
			continue
		}
		r := warc.NewReader(f, warc.RecordOptions{})
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			var re *warc.RecordError
			if errors.As(err, &re) {
				enc.Encode(entry{Offset: re.Offset, Damaged: re.Err.Error()})
				continue
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "warcrecords: %s: %v\n", name, err)
				status = 1
				break
			}
			enc.Encode(entry{Offset: rec.Offset, Type: rec.Get("WARC-Type"), Target: rec.TargetURI()})
		}
		f.Close()
	}
	os.Exit(status)
}
