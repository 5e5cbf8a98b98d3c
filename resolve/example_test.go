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
