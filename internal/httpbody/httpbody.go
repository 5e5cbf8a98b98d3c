// Package httpbody undoes the content coding of an HTTP body (RFC 9110
// §8.4), for the bodies urix fetches and the responses of web archives
// (doc/spec.md W1, L9, L10): one place, so that both read the same codings
// and fail alike on the others.
package httpbody

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/andybalholm/brotli"

	"github.com/urix/urix/internal/decomp"
	"github.com/urix/urix/internal/limit"
)

// ErrContentEncoding reports a body in a content coding urix cannot undo
// (compress, ...).
var ErrContentEncoding = errors.New("unsupported HTTP Content-Encoding: body skipped")

// Decode returns a reader of body with the content coding of a
// Content-Encoding field value undone: gzip, x-gzip, deflate (zlib), zstd
// and br; "" and identity leave it as it is (coded false). Errors of the
// decoder name it ("HTTP body: gzip: unexpected EOF"); an unknown coding
// is ErrContentEncoding, naming it. A body that decodes to more than
// limit.MaxRatio times its size fails with limit.ErrRatio.
func Decode(body io.Reader, contentEncoding string) (r io.Reader, coded bool, err error) {
	enc := strings.ToLower(strings.TrimSpace(contentEncoding))
	if enc == "" || enc == "identity" {
		return body, false, nil
	}
	in := &limit.Counter{R: body}
	var dec io.Reader
	switch enc {
	case "gzip", "x-gzip":
		zr, err := decomp.Gzip(in)
		if err != nil {
			return nil, true, fmt.Errorf("HTTP body: gzip: %w", decomp.HeaderErr(err, in.N))
		}
		dec = zr
	case "deflate":
		zr, err := decomp.Zlib(in)
		if err != nil {
			return nil, true, fmt.Errorf("HTTP body: deflate: %w", err)
		}
		dec = zr
	case "zstd": // RFC 8878 §7.2
		zr, err := decomp.Zstd(in, nil, nil)
		if err != nil {
			return nil, true, fmt.Errorf("HTTP body: zstd: %w", err)
		}
		dec = &closeAtEnd{zr}
	case "br":
		dec = brotli.NewReader(in)
		enc = "brotli"
	default:
		return nil, true, fmt.Errorf("%w (%s)", ErrContentEncoding, enc)
	}
	return limit.Ratio(limit.Named(dec, "HTTP body: "+enc), in), true, nil
}

// closeAtEnd frees a zstd decoder once its body has ended or failed.
type closeAtEnd struct{ z *decomp.ZstdReader }

func (c *closeAtEnd) Read(p []byte) (int, error) {
	if c.z == nil {
		return 0, io.EOF
	}
	n, err := c.z.Read(p)
	if err != nil {
		c.z.Close()
		c.z = nil
		if err != io.EOF {
			return n, err
		}
	}
	return n, err
}
