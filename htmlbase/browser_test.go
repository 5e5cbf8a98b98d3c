package htmlbase

import (
	"fmt"
	"strings"
	"testing"
)

// readBoth reads in with Options.Browser off and on.
func readBoth(t *testing.T, in string) (rfc, browser []string) {
	t.Helper()
	for _, b := range []bool{false, true} {
		doc, err := Read(strings.NewReader(in), Options{Browser: b})
		if err != nil {
			t.Fatalf("Read(%q, Browser: %v): %v", in, b, err)
		}
		got := show(doc)
		for i, l := range doc.Links {
			if l.DocumentURL {
				got[i] += " (document URL)"
			}
		}
		if b {
			browser = got
		} else {
			rfc = got
		}
	}
	return rfc, browser
}

// TestSrcsetBrowser: in the browser mode a srcset candidate with invalid
// descriptors is dropped, as the HTML standard's parser drops it (H3);
// the RFC modes keep its URL.
func TestSrcsetBrowser(t *testing.T) {
	tests := []struct {
		srcset string
		want   []string // Browser; the RFC modes report every URL
	}{
		{`a.png 1x, b.png 2x`, []string{"a.png", "b.png"}},
		{`a.png 1x 2x, b.png`, []string{"b.png"}},
		{`a.png 0w, b.png 1w`, []string{"b.png"}},
		{`a.png -1x, b.png -0x, c.png 0x`, []string{"b.png", "c.png"}},
		{`a.png 50h, b.png 100w 50h`, []string{"b.png"}},
		{`a.png 1.x, b.png .5x, c.png 1.5e1x, d.png 1e+x`, []string{"b.png", "c.png"}},
		{`a.png +1x, b.png 1X`, nil},
		{`a.png 100w 2x, b.png 2x 100w`, nil},
		{`a.png (junk), b.png 1x (junk, more)`, nil},
		{`a.png 100w 50h 60h, b.png 01w`, []string{"b.png"}},
		{`a.png, b.png,, c.png 1x,`, []string{"a.png", "b.png", "c.png"}},
		{`a.png	1x	, b.png`, []string{"a.png", "b.png"}},
		{`a.png 1x,b.png 2x 3x`, []string{"a.png"}},
		{`a.png 2x`, []string{"a.png"}},
		{`a.png 2`, nil},
	}
	for _, tt := range tests {
		var got, all []string
		splitSrcset([]byte(tt.srcset), true, func(u []byte) { got = append(got, string(u)) })
		splitSrcset([]byte(tt.srcset), false, func(u []byte) { all = append(all, string(u)) })
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("splitSrcset(%q, browser) = %q, want %q", tt.srcset, got, tt.want)
		}
		if len(all) != strings.Count(tt.srcset, ".png") {
			t.Errorf("splitSrcset(%q) = %q, want every URL", tt.srcset, all)
		}
	}
	// link@imagesrcset is read (H3).
	in := `<link rel=preload as=image imagesrcset="a.png 1x, b.png 1x 2x" href=c.png>`
	rfc, browser := readBoth(t, in)
	if want := []string{"link@imagesrcset a.png", "link@imagesrcset b.png", "link@href c.png"}; fmt.Sprint(rfc) != fmt.Sprint(want) {
		t.Errorf("Read(%q) = %q, want %q", in, rfc, want)
	}
	if want := []string{"link@imagesrcset a.png", "link@href c.png"}; fmt.Sprint(browser) != fmt.Sprint(want) {
		t.Errorf("Read(%q, Browser) = %q, want %q", in, browser, want)
	}
}

// TestDocumentURL: a meta refresh before the first <base href>, and an
// empty or blank form action or formaction, are resolved by a browser
// against the document's URL, not its base (H2, H3).
func TestDocumentURL(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`<meta http-equiv=refresh content="0; url=r.html"><base href="http://b.example/d/">`,
			[]string{"meta@content r.html (document URL)"}},
		{`<base href="http://b.example/d/"><meta http-equiv=refresh content="0; url=r.html">`,
			[]string{"meta@content r.html"}},
		{`<base target=_blank><meta http-equiv=refresh content="0; url=r.html"><base href=x/>`,
			[]string{"meta@content r.html (document URL)"}},
		{`<form action=""></form><form action=" "></form><form action="&#32;&#9;"></form><form action=x></form><form></form>`,
			[]string{"form@action  (same) (document URL)", "form@action  (same) (document URL)", "form@action  (same) (document URL)", "form@action x"}},
		{`<button formaction=""></button><input formaction=" " src=""><input formaction=y>`,
			[]string{"button@formaction  (same) (document URL)", "input@formaction  (same) (document URL)", "input@src  (same)", "input@formaction y"}},
		{`<form action="#top"></form><a href="">`, []string{"form@action #top (same)", "a@href  (same)"}},
	}
	for _, tt := range tests {
		rfc, browser := readBoth(t, tt.in)
		if fmt.Sprint(rfc) != fmt.Sprint(browser) || fmt.Sprint(browser) != fmt.Sprint(tt.want) {
			t.Errorf("Read(%q):\n got %q\nwant %q", tt.in, browser, tt.want)
		}
	}
}

// TestShadowRoot: the content of a <template shadowrootmode=open|closed>
// on an element that can host a shadow root is live; other templates stay
// inert, and a <base> in a shadow tree is not the document's (H2, H4).
func TestShadowRoot(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`<div><template shadowrootmode=open><img src=a.png></template></div>`, []string{"img@src a.png"}},
		{`<div><template shadowrootmode="CLOSED"><img src=a.png></template></div>`, []string{"img@src a.png"}},
		{`<x-el><template shadowrootmode=open><img src=a.png></template></x-el>`, []string{"img@src a.png"}},
		{`<div><template><img src=a.png></template><img src=b.png></div>`, []string{"img@src b.png"}},
		{`<div><template shadowrootmode=other><img src=a.png></template></div>`, nil},
		{`<div><template shadowroot=open><img src=a.png></template></div>`, nil},
		// not a valid host, or a second shadow root: a plain template
		{`<a href=h><template shadowrootmode=open><img src=a.png></template></a>`, []string{"a@href h"}},
		{`<template shadowrootmode=open><img src=a.png></template>`, nil},
		// with no open element, in the <head> (no host) or the <body>
		{`<html><head><title>t</title><template shadowrootmode=open><img src=a.png></template>`, nil},
		{`<p>x</p><template shadowrootmode=open><img src=a.png></template><template shadowrootmode=open><img src=b.png></template>`, []string{"img@src a.png"}},
		{`<html><img src=i.png><template shadowrootmode=open><img src=a.png></template>`, []string{"img@src i.png", "img@src a.png"}},
		{`<body><template shadowrootmode=open><img src=a.png></template>`, []string{"img@src a.png"}},
		{`<svg></svg><template shadowrootmode=open><img src=a.png></template>`, []string{"img@src a.png"}},
		{`<div><template shadowrootmode=open><img src=a.png></template><template shadowrootmode=open><img src=b.png></template></div>`, []string{"img@src a.png"}},
		// nested: inert in inert content, live in live content
		{`<div><template><div><template shadowrootmode=open><img src=a.png></template></div></template></div>`, nil},
		{`<div><template shadowrootmode=open><p><template shadowrootmode=open><img src=a.png></template></p><template><img src=b.png></template></template><img src=c.png></div>`,
			[]string{"img@src a.png", "img@src c.png"}},
		// text is scanned; a <base> inside is not the document's
		{`<div><template shadowrootmode=open>see http://t.example/ <base href="http://b.example/"></template></div><base href=real/>`,
			[]string{"template text http://t.example/"}},
	}
	for _, tt := range tests {
		rfc, browser := readBoth(t, tt.in)
		if fmt.Sprint(rfc) != fmt.Sprint(browser) || fmt.Sprint(browser) != fmt.Sprint(tt.want) {
			t.Errorf("Read(%q):\n got %q\nwant %q", tt.in, browser, tt.want)
		}
	}
	doc, _ := Read(strings.NewReader(tests[len(tests)-1].in), Options{})
	if doc.Base != "real/" {
		t.Errorf("base %q, want the one outside the shadow tree", doc.Base)
	}
}

// TestCSSBrowser: CSS in an SVG <style> is read, escapes in a function
// name are decoded, a url( cut short ends with its text (H3); custom
// properties are skipped in the browser mode only.
func TestCSSBrowser(t *testing.T) {
	tests := []struct {
		in            string
		rfc, browsers []string // browsers nil: as rfc
	}{
		{`<svg><style>a{fill:url(#g)} b{background:url(&quot;b.png&quot;)}</style></svg>`,
			[]string{"style@ #g (same)", "style@ b.png"}, nil},
		{`<svg><style><![CDATA[a{background:url(c&amp;d.png)}]]></style></svg>`,
			[]string{"style@ c&amp;d.png"}, nil},
		{`<math><style>a{background:url(m.png)}</style></math>`, nil, nil},
		{`<div style="background:u\72l(a.png); border-image:\75 rl(b.png) 1; x:\55\52\4c('c.png')"></div>`,
			[]string{"div@style a.png", "div@style b.png", "div@style c.png"}, nil},
		{`<style>a{background:U\RL(d.png)} b{background:xu\72l(no.png)} c{background:u\72lx(no.png)}</style>`,
			[]string{"style@ d.png"}, nil},
		{`<div style="background:url(a.png"></div><div style='background:url("b.png'></div><style>x{background:url( c.png </style>`,
			[]string{"div@style a.png", "div@style b.png", "style@ c.png"}, nil},
		{`<div style="--x: url(a.png); background: url(b.png)"></div><style>a{--y:image-set('c.png' 1x);--z:1} b{ --w : u\72l(d.png)}</style>`,
			[]string{"div@style a.png", "div@style b.png", "style@ c.png", "style@ d.png"},
			[]string{"div@style b.png"}},
	}
	for _, tt := range tests {
		rfc, browser := readBoth(t, tt.in)
		if tt.browsers == nil {
			tt.browsers = tt.rfc
		}
		if fmt.Sprint(rfc) != fmt.Sprint(tt.rfc) || fmt.Sprint(browser) != fmt.Sprint(tt.browsers) {
			t.Errorf("Read(%q):\n got %q\n and %q (Browser)\nwant %q\n and %q", tt.in, rfc, browser, tt.rfc, tt.browsers)
		}
	}
}

// TestRawTextBrowser: in the browser mode <noembed> and <noframes> hold
// raw text, as in a browser's parser; the RFC modes read them as markup
// (H4). <noscript> is markup in both (scripting off).
func TestRawTextBrowser(t *testing.T) {
	in := `<noembed><a href=ne.html>x</a> http://t.example/a</noembed><noframes><a href=nf.html></a></noframes><noscript><a href=ns.html></a></noscript><a href=after.html></a>`
	rfc, browser := readBoth(t, in)
	if want := []string{"a@href ne.html", "noembed text http://t.example/a", "a@href nf.html", "a@href ns.html", "a@href after.html"}; fmt.Sprint(rfc) != fmt.Sprint(want) {
		t.Errorf("Read(%q) = %q, want %q", in, rfc, want)
	}
	if want := []string{"a@href ns.html", "a@href after.html"}; fmt.Sprint(browser) != fmt.Sprint(want) {
		t.Errorf("Read(%q, Browser) = %q, want %q", in, browser, want)
	}
}
