package extract

import (
	"errors"

	"github.com/urix/urix/htmlbase/charset"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// This file is the job's parsed bases: one resolver per base, made once
// and kept for the input's other references.

// maxResolvers and maxResolverBytes bound the parsed bases an input keeps,
// in number and in the bytes of their text: an archive has one base per
// member, a WARC file one per record, and each may be as long as
// resolve.MaxBase (SPEC L7).
const (
	maxResolvers     = 1024
	maxResolverBytes = 1 << 20
)

// resolver returns the parsed form of base, or nil when base is empty or
// not absolute.
func (j *job) resolver(base string) *resolve.Resolver {
	if base == "" {
		return nil
	}
	if base == j.lastBase { // most hits share their content's base
		return j.lastRV
	}
	if r, ok := j.resolvers[base]; ok {
		j.lastBase, j.lastRV = base, r
		return r
	}
	r, err := resolve.NewResolver(base, j.x.opts.Resolve)
	if err != nil {
		r = nil
		j.longBase(err)
	}
	j.keep(base, r)
	j.lastBase, j.lastRV = base, r
	return r
}

// keep keeps a parsed base under key for the input's other references, at
// most maxResolvers of them: an archive has a base per member, a WARC one
// per record (doc/spec.md L7), so past the cap the kept ones are
// dropped and kept anew.
func (j *job) keep(key string, rv *resolve.Resolver) {
	if j.resolvers == nil || len(j.resolvers) >= maxResolvers || j.resolverBytes+len(key) > maxResolverBytes {
		j.resolvers, j.resolverBytes = make(map[string]*resolve.Resolver), 0
	}
	j.resolvers[key] = rv
	j.resolverBytes += len(key)
}

// longBase notes, once an input, a base refused for its length
// (resolve.ErrLongBase): the references against it are kept as written.
func (j *job) longBase(err error) {
	if errors.Is(err, resolve.ErrLongBase) && !j.longBaseNoted {
		j.longBaseNoted = true
		j.warn("", reader.Note(err))
	}
}

// ResolverIn implements reader.Sink: the parsed form of base for a
// reference of a document in the encoding enc ("" or "utf-8" for UTF-8),
// and the options it was made with. In WHATWG mode a document's encoding
// is its queries' (R2), so its bases are kept apart by encoding. It is the
// one place that makes such a resolver, for the report step and for a
// reader's own base (the HTML reader's <base href>).
func (j *job) ResolverIn(base, enc string) (*resolve.Resolver, resolve.Options) {
	opts := j.x.opts.Resolve
	if opts.Mode != resolve.WHATWG || enc == "" || enc == "utf-8" {
		return j.resolver(base), opts
	}
	opts.QueryEncoding, _, _ = charset.Lookup(enc)
	if base == "" {
		return nil, opts
	}
	key := enc + "\x00" + base
	rv, ok := j.resolvers[key]
	if !ok {
		var err error
		if rv, err = resolve.NewResolver(base, opts); err != nil {
			j.longBase(err)
		}
		j.keep(key, rv)
	}
	return rv, opts
}
