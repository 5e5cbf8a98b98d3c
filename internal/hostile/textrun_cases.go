package hostile

// The cases of one text run of n bytes of short URIs, in the readers that
// found its hits as one list before reporting them (doc/spec.md L1): 18
// bytes of memory for each byte of the run.
func init() {
	Cases = append(Cases,
		Case{"html-text-of-uris", ".html", "one paragraph of n bytes of 12-byte URIs",
			repeated(`<a href="http://tr.example/first">f</a><p>`, `http://a.b/ `, `</p><a href="http://tr.example/last">l</a>`)},
		Case{"xml-cdata-of-uris", ".xml", "one element whose CDATA section is n bytes of 12-byte URIs",
			repeated(`<r><p>http://tr.example/first</p><p><![CDATA[`, `http://a.b/ `, `]]></p><p>http://tr.example/last</p></r>`)},
		Case{"atom-html-of-uris", ".xml", "an Atom entry whose HTML content is n bytes of 12-byte URIs",
			repeated(`<feed xmlns="http://www.w3.org/2005/Atom"><link href="http://tr.example/first"/><entry><content type="html">`, `http://a.b/ `,
				`</content></entry><link href="http://tr.example/last"/></feed>`)},
	)
}
