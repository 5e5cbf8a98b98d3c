package main

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/limit"
	"github.com/urix/urix/resolve"
)

// fetchLimits bound fetching one http:// or https:// argument.
type fetchLimits struct {
	redirects int
	timeout   time.Duration // for the whole exchange, body included
	maxBytes  int64
}

// defaultFetchLimits are SPEC §7's: 10 redirects, 30 s, 50 MiB.
var defaultFetchLimits = fetchLimits{redirects: 10, timeout: 30 * time.Second, maxBytes: 50 << 20}

// newFetcher returns an extract.RunOptions.Open that fetches http:// and
// https:// arguments and leaves every other argument to extract. The
// response's Content-Type picks the reader and its charset; the base is the
// response's Content-Location, else the final URL after redirects
// (Section 5.1.3).
func newFetcher(limits fetchLimits) func(string) (extract.Input, io.Closer, bool, error) {
	client := &http.Client{
		Timeout: limits.timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= limits.redirects {
				return fmt.Errorf("stopped after %d redirects", limits.redirects)
			}
			return nil
		},
	}
	tooLarge := fmt.Errorf("response larger than %d bytes, the fetch limit", limits.maxBytes)
	return func(name string) (extract.Input, io.Closer, bool, error) {
		lower := strings.ToLower(name)
		if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
			return extract.Input{}, nil, false, nil
		}
		fail := func(err error) (extract.Input, io.Closer, bool, error) {
			return extract.Input{}, nil, true, &extract.InputError{File: name, Err: err}
		}
		req, err := http.NewRequest(http.MethodGet, name, nil)
		if err != nil {
			return fail(err)
		}
		req.Header.Set("User-Agent", "urix (+https://github.com/urix/urix)")
		resp, err := client.Do(req)
		if err != nil {
			var ue *url.Error
			if errors.As(err, &ue) {
				err = ue.Err
			}
			return fail(err)
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			return fail(fmt.Errorf("HTTP %s", resp.Status))
		}
		in := extract.Input{
			R:         limit.Reader(resp.Body, limits.maxBytes, tooLarge),
			Name:      name,
			Retrieval: resp.Request.URL.String(),
		}
		if loc := resp.Header.Get("Content-Location"); loc != "" {
			if r, err := resolve.NewResolver(in.Retrieval, resolve.Options{}); err == nil {
				in.Retrieval, _ = resolve.Absolute(loc, r)
			}
		}
		if mt, params, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil {
			in.Charset = params["charset"]
			in.Type, _ = extract.TypeForMediaType(mt)
		}
		return in, resp.Body, true, nil
	}
}
