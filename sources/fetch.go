package sources

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/urix/urix/internal/httpbody"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/resolve"
)

// FetchOptions say how an http:// or https:// input is fetched (the
// command line's --timeout, --max-size, --max-redirects, --user-agent,
// -H).
type FetchOptions struct {
	Redirects int // how many redirects are followed: 0 none (DefaultFetchOptions: 10)
	// Timeout bounds the whole exchange, body included; for a WARC it
	// bounds the wait for the response header and then for each read.
	Timeout   time.Duration
	MaxBytes  int64 // 0: no cap; never applied to a WARC
	UserAgent string
	Header    http.Header // extra request header fields, applied last
}

// DefaultFetchOptions are doc/spec.md CL2's: 10 redirects, 30 s, 50 MiB,
// and the User-Agent given (one that names the program, its version and
// where it comes from).
func DefaultFetchOptions(userAgent string) FetchOptions {
	return FetchOptions{Redirects: 10, Timeout: 30 * time.Second, MaxBytes: 50 << 20, UserAgent: userAgent}
}

// IsURL reports whether an input name is an http:// or https:// URL,
// which a Fetcher fetches.
func IsURL(name string) bool {
	return hasPrefixFold(name, "http://") || hasPrefixFold(name, "https://")
}

// hasPrefixFold reports whether s starts with the ASCII prefix in any
// case, as strings.ToLower(s) would start with it lower-case, without a
// lower-case copy of every file name of a walk. EqualFold of the prefix's
// bytes is ASCII's fold here: a rune that folds to an ASCII letter (ſ, K)
// takes more bytes than the letter.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// isWARC reports whether a response is a WARC, by its media type or its
// URL's name: it is then streamed without the size cap.
func isWARC(resp *http.Response) bool {
	if mt, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil && mt == "application/warc" {
		return true
	}
	for _, u := range []*url.URL{resp.Request.URL} {
		name := strings.ToLower(path.Base(u.Path))
		if strings.HasSuffix(name, ".warc") || strings.HasSuffix(name, ".warc.gz") {
			return true
		}
	}
	return false
}

// Fetcher returns an opener (runner.Options.Open) that fetches http://
// and https:// inputs and leaves every other name to the caller (ok
// false). The response's Content-Type gives the input's media type and
// charset; the base is the response's Content-Location, else the final
// URL after redirects (Section 5.1.3). It never fetches anything but the
// URL it is given and its redirects.
func Fetcher(opts FetchOptions) func(name string) (in Input, closer io.Closer, ok bool, err error) {
	client := &http.Client{
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			// via holds the requests made: the first redirect has one.
			if len(via) > opts.Redirects {
				return fmt.Errorf("stopped after %s (--max-redirects)", counted(opts.Redirects, "redirect"))
			}
			applyHeader(req, opts)
			return nil
		},
	}
	tooLarge := fmt.Errorf("response larger than %d bytes, the fetch limit (--max-size)", opts.MaxBytes)
	timedOut := fmt.Errorf("timeout: no complete response within %v (--timeout)", opts.Timeout)
	return func(name string) (Input, io.Closer, bool, error) {
		if !IsURL(name) {
			return Input{}, nil, false, nil
		}
		fail := func(err error) (Input, io.Closer, bool, error) {
			return Input{}, nil, true, &InputError{File: name, Err: err}
		}
		ctx, cancel := context.WithCancelCause(context.Background())
		var timer *time.Timer
		if opts.Timeout > 0 {
			timer = time.AfterFunc(opts.Timeout, func() { cancel(timedOut) })
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, name, nil)
		if err != nil {
			cancel(nil)
			return fail(err)
		}
		applyHeader(req, opts)
		resp, err := client.Do(req)
		if err != nil {
			cancel(nil)
			if cause := context.Cause(ctx); cause == timedOut {
				return fail(timedOut)
			}
			var ue *url.Error
			if errors.As(err, &ue) {
				err = ue.Err
			}
			return fail(err)
		}
		body := &fetchBody{r: resp.Body, ctx: ctx, cancel: cancel}
		if resp.StatusCode != http.StatusOK {
			body.Close()
			return fail(fmt.Errorf("HTTP %s", resp.Status))
		}
		in := Input{
			R:         body,
			Name:      name,
			Retrieval: resp.Request.URL.String(),
		}
		isArchive := isWARC(resp)
		if isArchive {
			// A crawl's WARC runs to gigabytes: no size cap, and the
			// timeout now bounds each wait for data, not the whole.
			// It is read as a WARC whatever media type the server
			// guessed for its name (text/plain, octet-stream).
			in.MediaType = "application/warc"
			if timer != nil {
				timer.Stop()
				body.idle, body.timeout, body.timedOut = true, opts.Timeout, timedOut
			}
		} else {
			// A body the client did not decode itself (it asked for no
			// coding, or -H set Accept-Encoding) is decoded here; one in
			// a coding urix cannot undo is an error that says so.
			if !resp.Uncompressed {
				dec, _, err := httpbody.Decode(body, resp.Header.Get("Content-Encoding"))
				if err != nil {
					body.Close()
					return fail(err)
				}
				in.R = dec
			}
			if opts.MaxBytes > 0 {
				in.R = limit.Reader(in.R, opts.MaxBytes, tooLarge)
			}
			// A body cut by --max-size or --timeout ends mid-word: the
			// cut word is not read, so no cut URI comes out as a hit.
			in.R = limit.CutAtSpace(in.R)
		}
		if loc := resp.Header.Get("Content-Location"); loc != "" {
			if r, err := resolve.NewResolver(in.Retrieval, resolve.Options{}); err == nil {
				in.Retrieval, _ = resolve.Absolute(loc, r)
			}
		}
		if mt, params, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil && !isArchive {
			in.Charset = params["charset"]
			in.MediaType = mt
		}
		return in, body, true, nil
	}
}

// applyHeader sets the User-Agent, then the -H fields (which may replace
// it); a Host field names the host asked for.
func applyHeader(req *http.Request, opts FetchOptions) {
	if opts.UserAgent != "" {
		req.Header.Set("User-Agent", opts.UserAgent)
	}
	for name, values := range opts.Header {
		if name == "Host" {
			req.Host = values[len(values)-1]
			continue
		}
		req.Header[name] = values
	}
}

// fetchBody is a response body whose errors after the timeout say so;
// with idle set, every read must start within timeout of the last one.
type fetchBody struct {
	r        io.ReadCloser
	ctx      context.Context
	cancel   context.CancelCauseFunc
	idle     bool
	timeout  time.Duration
	timedOut error
}

func (b *fetchBody) Read(p []byte) (int, error) {
	if b.idle {
		t := time.AfterFunc(b.timeout, func() { b.cancel(b.timedOut) })
		defer t.Stop()
	}
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF {
		if cause := context.Cause(b.ctx); cause != nil && cause != context.Canceled {
			err = cause
		}
	}
	return n, err
}

func (b *fetchBody) Close() error {
	b.cancel(nil)
	return b.r.Close()
}

// counted is "1 redirect", "2 redirects".
func counted(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
