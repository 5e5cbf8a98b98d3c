// Command htmlwalk is the "bare tokenizer" peer of the HTML benchmark: it
// prints the value of every href and src attribute in the files given,
// one per line, using only golang.org/x/net/html's low-level Tokenizer
// API. It resolves nothing and knows no base, charset or text.
//
//	htmlwalk FILE...
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"golang.org/x/net/html"
)

func main() {
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	code := 0
	for _, name := range os.Args[1:] {
		if err := walk(out, name); err != nil {
			fmt.Fprintf(os.Stderr, "htmlwalk: %v\n", err)
			code = 2
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(os.Stderr, "htmlwalk: %v\n", err)
		code = 2
	}
	os.Exit(code)
}

// walk prints the href and src values of one file.
func walk(out *bufio.Writer, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	z := html.NewTokenizer(bufio.NewReaderSize(f, 64<<10))
	for {
		switch z.Next() {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return fmt.Errorf("%s: %w", name, err)
			}
			return nil
		case html.StartTagToken, html.SelfClosingTagToken:
			_, more := z.TagName()
			for more {
				var key, val []byte
				key, val, more = z.TagAttr()
				if string(key) == "href" || string(key) == "src" {
					out.Write(val)
					out.WriteByte('\n')
				}
			}
		}
	}
}
