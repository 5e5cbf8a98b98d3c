package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"golang.org/x/net/http/httpguts"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/internal/httpbody"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader/warc"
	"github.com/urix/urix/resolve"
)

// fetchOptions say how an http:// or https:// argument is fetched
// (--timeout, --max-size, --max-redirects, --user-agent, -H).
type fetchOptions struct {
	redirects int
	// timeout bounds the whole exchange, body included; for a WARC it
	// bounds the wait for the response header and then for each read.
	timeout   time.Duration
	maxBytes  int64 // 0: no cap; never applied to a WARC
	userAgent string
	header    http.Header // extra request header fields (-H), applied last
}

// defaultFetchOptions are SPEC §7's: 10 redirects, 30 s, 50 MiB, and a
// User-Agent that names urix, its version and where it comes from.
func defaultFetchOptions() fetchOptions {
	return fetchOptions{redirects: 10, timeout: 30 * time.Second, maxBytes: 50 << 20, userAgent: defaultUserAgent}
}

// urixVersion is the module version of this build (version.go), "devel"
// for a build from a checkout: a User-Agent product version is a token,
// without parentheses.
var urixVersion = strings.Trim(shortVersion(), "()")

var defaultUserAgent = "urix/" + urixVersion + " (+https://github.com/urix/urix)"

// parseHeader reads one -H value, "Name: value", as curl takes it: the
// name an HTTP token, the value without line ends or other control
// characters.
func parseHeader(s string) (name, value string, err error) {
	name, value, ok := strings.Cut(s, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	switch {
	case !ok:
		return "", "", fmt.Errorf("header %q: want Name: value, as in -H 'Accept-Language: fr' (FILE: prefixes come with -n)", s)
	case !httpguts.ValidHeaderFieldName(name):
		return "", "", fmt.Errorf("header %q: %q is not a valid field name", s, name)
	case !httpguts.ValidHeaderFieldValue(value):
		return "", "", fmt.Errorf("header %q: the value holds a line end or control character", s)
	}
	return http.CanonicalHeaderKey(name), value, nil
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

// newFetcher returns an runner.Options.Open that fetches http:// and
// https:// arguments and leaves every other argument to extract. The
// response's Content-Type picks the reader and its charset; the base is the
// response's Content-Location, else the final URL after redirects
// (Section 5.1.3).
func newFetcher(opts fetchOptions) func(string) (extract.Input, io.Closer, bool, error) {
	client := &http.Client{
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			// via holds the requests made: the first redirect has one.
			if len(via) > opts.redirects {
				return fmt.Errorf("stopped after %s (--max-redirects)", counted(opts.redirects, "redirect"))
			}
			applyHeader(req, opts)
			return nil
		},
	}
	tooLarge := fmt.Errorf("response larger than %d bytes, the fetch limit (--max-size)", opts.maxBytes)
	timedOut := fmt.Errorf("timeout: no complete response within %v (--timeout)", opts.timeout)
	return func(name string) (extract.Input, io.Closer, bool, error) {
		lower := strings.ToLower(name)
		if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
			return extract.Input{}, nil, false, nil
		}
		fail := func(err error) (extract.Input, io.Closer, bool, error) {
			return extract.Input{}, nil, true, &extract.InputError{File: name, Err: err}
		}
		ctx, cancel := context.WithCancelCause(context.Background())
		var timer *time.Timer
		if opts.timeout > 0 {
			timer = time.AfterFunc(opts.timeout, func() { cancel(timedOut) })
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
		in := extract.Input{
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
			in.Type = warc.Name
			if timer != nil {
				timer.Stop()
				body.idle, body.timeout, body.timedOut = true, opts.timeout, timedOut
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
			if opts.maxBytes > 0 {
				in.R = limit.Reader(in.R, opts.maxBytes, tooLarge)
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
			in.Type, _ = extract.TypeForMediaType(mt)
		}
		return in, body, true, nil
	}
}

// applyHeader sets the User-Agent, then the -H fields (which may replace
// it); a Host field names the host asked for.
func applyHeader(req *http.Request, opts fetchOptions) {
	if opts.userAgent != "" {
		req.Header.Set("User-Agent", opts.userAgent)
	}
	for name, values := range opts.header {
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
