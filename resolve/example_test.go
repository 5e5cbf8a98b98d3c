package resolve_test

import (
	"fmt"

	"github.com/urix/urix/resolve"
)

func ExampleParse() {
	for _, s := range []string{"http://user@example.com:8080/a/b?q#f", "http://a/b?", "g;x"} {
		r := resolve.Parse(s)
		fmt.Printf("%s\n  scheme=%q(%v) authority=%q(%v) host=%q port=%q(%v)\n  path=%q query=%q(%v) fragment=%q(%v)\n",
			s, r.Scheme, r.HasScheme, r.Authority, r.HasAuthority, r.Host, r.Port, r.HasPort,
			r.Path, r.Query, r.HasQuery, r.Fragment, r.HasFragment)
	}
	// Output:
	// http://user@example.com:8080/a/b?q#f
	//   scheme="http"(true) authority="user@example.com:8080"(true) host="example.com" port="8080"(true)
	//   path="/a/b" query="q"(true) fragment="f"(true)
	// http://a/b?
	//   scheme="http"(true) authority="a"(true) host="a" port=""(false)
	//   path="/b" query=""(true) fragment=""(false)
	// g;x
	//   scheme=""(false) authority=""(false) host="" port=""(false)
	//   path="g;x" query=""(false) fragment=""(false)
}

func ExampleResolve() {
	base := "http://a/b/c/d;p?q"
	for _, ref := range []string{"g", "?y", "../../../g", "/./g", "http:g"} {
		r3986, _ := resolve.Resolve(base, ref, resolve.Options{Mode: resolve.RFC3986})
		r2396, _ := resolve.Resolve(base, ref, resolve.Options{Mode: resolve.RFC2396})
		compat, _ := resolve.Resolve(base, ref, resolve.Options{Mode: resolve.RFC2396, Compat: true})
		fmt.Printf("%-10s 3986: %-18s 2396: %-18s 2396 compat: %s\n", ref, r3986, r2396, compat)
	}
	_, err := resolve.Resolve("/relative/base", "g", resolve.Options{})
	fmt.Println(err)
	// Output:
	// g          3986: http://a/b/c/g     2396: http://a/b/c/g     2396 compat: http://a/b/c/g
	// ?y         3986: http://a/b/c/d;p?y 2396: http://a/b/c/?y    2396 compat: http://a/b/c/?y
	// ../../../g 3986: http://a/g         2396: http://a/../g      2396 compat: http://a/../g
	// /./g       3986: http://a/g         2396: http://a/./g       2396 compat: http://a/./g
	// http:g     3986: http:g             2396: http:g             2396 compat: http://a/b/c/g
	// resolve: base "/relative/base": not an absolute URI: it has no scheme
}

func ExampleResolver() {
	rv, err := resolve.NewResolver("https://example.com/docs/guide/intro.html", resolve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ref := range []string{"setup.html", "../api/", "#install", "//cdn.example.net/x.js"} {
		fmt.Println(rv.Resolve(ref))
	}
	// Output:
	// https://example.com/docs/guide/setup.html
	// https://example.com/docs/api/
	// https://example.com/docs/guide/intro.html#install
	// https://cdn.example.net/x.js
}

func ExampleNormalize() {
	fmt.Println(resolve.Normalize("HTTP://Example.COM:80/a/./b/../c/%7euser%2f"))
	fmt.Println(resolve.Normalize("https://example.com"))
	// Output:
	// http://example.com/a/c/~user%2F
	// https://example.com/
}

func ExampleToASCII() {
	fmt.Println(resolve.ToASCII("http://bücher.example/straße"))
	// Output:
	// http://xn--bcher-kva.example/stra%C3%9Fe
}

func ExampleValidate() {
	fmt.Println(resolve.Validate("http://a/b%7e"))
	fmt.Println(resolve.Validate("http://a/b%7"))
	// Output:
	// <nil>
	// resolve: invalid URI reference "http://a/b%7": byte 10: '%' not followed by two hex digits (escaped)
}

func ExampleResolver_whatwg() {
	rv, err := resolve.NewResolver("https://example.com/docs/guide/intro.html", resolve.Options{Mode: resolve.WHATWG})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ref := range []string{"../api/%2e%2E/x y", "https:setup.html", "\\\\CDN.Example.NET:443\\x.js", "//[0:0::1]:80/", "http://a:b/"} {
		fmt.Println(rv.Resolve(ref))
	}
	_, err = rv.ResolveURL("http://a:b/")
	fmt.Println(err)
	// Output:
	// https://example.com/docs/x%20y
	// https://example.com/docs/guide/setup.html
	// https://cdn.example.net/x.js
	// https://[::1]:80/
	// http://a:b/
	// resolve: parse "http://a:b/": WHATWG URL parser failure: port-invalid
}

func ExampleParseURL() {
	u, err := resolve.ParseURL("HTTP://user@Bücher.example:80/a/../b?q=ü#frag")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Href())
	fmt.Println(u.Protocol(), u.Username(), u.Host(), u.Port() == "", u.Pathname(), u.Search(), u.Hash())
	fmt.Println(u.Origin())
	// Output:
	// http://user@xn--bcher-kva.example/b?q=%C3%BC#frag
	// http: user xn--bcher-kva.example true /b ?q=%C3%BC #frag
	// http://xn--bcher-kva.example
}
