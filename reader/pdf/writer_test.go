package pdf

import (
	"bytes"
	"compress/zlib"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"encoding/binary"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// pdfw writes small PDF files for the tests: objects numbered from 1,
// then a cross-reference table or stream.
type pdfw struct {
	objs    []string // bodies, object i+1
	ver     string
	junk    string // bytes before the header
	enc     *testEnc
	objStm  bool // put non-stream objects in one object stream, with an xref stream
	xrefStm bool
	trailer string // more trailer entries
}

func newW() *pdfw { return &pdfw{ver: "1.7"} }

// add adds an object and returns its number.
func (w *pdfw) add(body string) int {
	w.objs = append(w.objs, body)
	return len(w.objs)
}

// set replaces object n.
func (w *pdfw) set(n int, body string) { w.objs[n-1] = body }

// reserve adds a placeholder object to set later.
func (w *pdfw) reserve() int { return w.add("null") }

// streamObj is the body of a stream object with data and dict entries.
func streamObj(entries string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", entries, len(data), data)
}

func flate(b []byte) []byte {
	var buf bytes.Buffer
	z := zlib.NewWriter(&buf)
	z.Write(b)
	z.Close()
	return buf.Bytes()
}

// doc builds a one-catalog document: pages are content streams (with
// annotation object lists), catalog entries extra.
type page struct {
	content string
	annots  []int
	extra   string
}

// build writes a catalog over the given pages, returning the catalog's
// number; fonts F1 (Helvetica, WinAnsi) is in the shared resources.
func (w *pdfw) build(catExtra string, pages ...page) int {
	font := w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	res := w.add(fmt.Sprintf("<< /Font << /F1 %d 0 R >> >>", font))
	pagesN := w.reserve()
	var kids []string
	for _, p := range pages {
		c := w.add(streamObj("", []byte(p.content)))
		var an []string
		for _, a := range p.annots {
			an = append(an, fmt.Sprintf("%d 0 R", a))
		}
		pg := w.add(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R /Annots [%s] %s >>", pagesN, c, strings.Join(an, " "), p.extra))
		kids = append(kids, fmt.Sprintf("%d 0 R", pg))
	}
	w.set(pagesN, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /Resources %d 0 R >>", strings.Join(kids, " "), len(kids), res))
	return w.add(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R %s >>", pagesN, catExtra))
}

// text is a content stream showing lines of text, one per line, 14 pt
// apart.
func textC(lines ...string) string {
	var b strings.Builder
	b.WriteString("BT /F1 12 Tf 72 700 Td 14 TL\n")
	for i, l := range lines {
		if i > 0 {
			b.WriteString("T*\n")
		}
		fmt.Fprintf(&b, "(%s) Tj\n", escapePDF(l))
	}
	b.WriteString("ET")
	return b.String()
}

func escapePDF(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`)
	return r.Replace(s)
}

func linkAnnot(w *pdfw, action string) int {
	return w.add(fmt.Sprintf("<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A %s >>", action))
}

var streamRe = regexp.MustCompile(`(?s)^(<<.*?)/Length \d+ >>\nstream\n(.*)\nendstream$`)

// bytes writes the file with root as the catalog.
func (w *pdfw) bytes(root int) []byte {
	var b bytes.Buffer
	b.WriteString(w.junk)
	start := b.Len()
	fmt.Fprintf(&b, "%%PDF-%s\n%%\xe2\xe3\xcf\xd3\n", w.ver)
	offs := make([]int, len(w.objs)+3)
	var encNum int
	if w.enc != nil {
		encNum = len(w.objs) + 1
	}
	inStm := map[int]int{} // object -> index in the object stream
	var stmBody bytes.Buffer
	var stmHead []string
	for i, body := range w.objs {
		n := i + 1
		if w.enc != nil {
			body = w.enc.encrypt(body, n)
		}
		if w.objStm && !strings.Contains(body, "\nstream\n") {
			inStm[n] = len(stmHead)
			stmHead = append(stmHead, fmt.Sprintf("%d %d", n, stmBody.Len()))
			stmBody.WriteString(body + "\n")
			continue
		}
		offs[n] = b.Len() - start
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", n, body)
	}
	size := len(w.objs) + 1
	if w.enc != nil {
		offs[encNum] = b.Len() - start
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", encNum, w.enc.dict)
		size++
	}
	trailer := fmt.Sprintf("/Root %d 0 R %s", root, w.trailer)
	if w.enc != nil {
		trailer += fmt.Sprintf(" /Encrypt %d 0 R /ID [<%x> <%x>]", encNum, w.enc.id, w.enc.id)
	}
	if w.objStm || w.xrefStm {
		stmNum := size
		if w.objStm {
			head := strings.Join(stmHead, " ") + "\n"
			data := flate([]byte(head + stmBody.String()))
			offs = append(offs, 0)
			offs[stmNum] = b.Len() - start
			fmt.Fprintf(&b, "%d 0 obj\n<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream\nendobj\n", stmNum, len(stmHead), len(head), len(data), data)
			size++
		}
		xrefNum := size
		size++
		offs = append(offs, 0, 0)
		offs[xrefNum] = b.Len() - start
		var x bytes.Buffer
		for n := 0; n < size; n++ {
			var e [7]byte
			if idx, ok := inStm[n]; ok {
				e[0] = 2
				binary.BigEndian.PutUint32(e[1:5], uint32(stmNum))
				binary.BigEndian.PutUint16(e[5:], uint16(idx))
			} else if n > 0 {
				e[0] = 1
				binary.BigEndian.PutUint32(e[1:5], uint32(offs[n]))
			}
			x.Write(e[:])
		}
		data := flate(x.Bytes())
		fmt.Fprintf(&b, "%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Filter /FlateDecode %s /Length %d >>\nstream\n%s\nendstream\nendobj\n", xrefNum, size, trailer, len(data), data)
		fmt.Fprintf(&b, "startxref\n%d\n%%%%EOF\n", offs[xrefNum])
		return b.Bytes()
	}
	xref := b.Len() - start
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", size)
	for n := 1; n < size; n++ {
		fmt.Fprintf(&b, "%010d 00000 n \n", offs[n])
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d %s >>\nstartxref\n%d\n%%%%EOF\n", size, trailer, xref)
	return b.Bytes()
}

// update appends an incremental update to file: objects (number, body)
// and a table whose /Prev is the file's last startxref.
func update(file []byte, root int, objs map[int]string) []byte {
	i := bytes.LastIndex(file, []byte("startxref"))
	prev, _ := strconv.Atoi(strings.Fields(string(file[i+9:]))[0])
	b := bytes.NewBuffer(bytes.Clone(file))
	offs := map[int]int{}
	maxN := 0
	for n, body := range objs {
		offs[n] = b.Len()
		fmt.Fprintf(b, "%d 0 obj\n%s\nendobj\n", n, body)
		maxN = max(maxN, n)
	}
	xref := b.Len()
	b.WriteString("xref\n")
	for n := range objs {
		fmt.Fprintf(b, "%d 1\n%010d 00000 n \n", n, offs[n])
	}
	fmt.Fprintf(b, "trailer\n<< /Size %d /Root %d 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n", maxN+1, root, prev, xref)
	return b.Bytes()
}

// testEnc encrypts a document for the empty user password by the
// standard security handler: RC4 (R3, 128 bits) or AES-128 (V4 R4).
type testEnc struct {
	aes  bool
	v5   bool // AES-256, revision 6
	key  []byte
	id   []byte
	dict string
}

func newEnc(useAES bool) *testEnc {
	e := &testEnc{aes: useAES, id: []byte("0123456789abcdef")}
	o := bytes.Repeat([]byte{0x42}, 32)
	p := int32(-4)
	h := md5.New()
	h.Write(pad)
	h.Write(o)
	binary.Write(h, binary.LittleEndian, p)
	h.Write(e.id)
	key := h.Sum(nil)
	for i := 0; i < 50; i++ {
		s := md5.Sum(key)
		key = s[:]
	}
	e.key = key
	s := md5.Sum(append(append([]byte{}, pad...), e.id...))
	u := s[:]
	for i := 0; i < 20; i++ {
		k := make([]byte, 16)
		for j := range k {
			k[j] = key[j] ^ byte(i)
		}
		c, _ := rc4.NewCipher(k)
		c.XORKeyStream(u, u)
	}
	u = append(u, make([]byte, 16)...)
	if useAES {
		e.dict = fmt.Sprintf("<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /Length 16 /AuthEvent /DocOpen >> >> /StmF /StdCF /StrF /StdCF /O <%x> /U <%x> /P %d >>", o, u, p)
	} else {
		e.dict = fmt.Sprintf("<< /Filter /Standard /V 2 /R 3 /Length 128 /O <%x> /U <%x> /P %d >>", o, u, p)
	}
	return e
}

// newEnc256 encrypts with AES-256 (ISO 32000-2, revision 6).
func newEnc256() *testEnc {
	e := &testEnc{aes: true, v5: true, id: []byte("0123456789abcdef"), key: []byte("0123456789abcdef0123456789ABCDEF")}
	vs, ks := []byte("validati"), []byte("keysalt!")
	u := append(append(hash6(vs, nil), vs...), ks...)
	blk, _ := aes.NewCipher(hash6(ks, nil))
	ue := make([]byte, 32)
	cipher.NewCBCEncrypter(blk, make([]byte, 16)).CryptBlocks(ue, e.key)
	perms := []byte{0xfc, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 'T', 'a', 'd', 'b', 1, 2, 3, 4}
	pb, _ := aes.NewCipher(e.key)
	pb.Encrypt(perms, perms)
	o := bytes.Repeat([]byte{0x42}, 48)
	oe := bytes.Repeat([]byte{0x43}, 32)
	e.dict = fmt.Sprintf("<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /CFM /AESV3 /Length 32 /AuthEvent /DocOpen >> >> /StmF /StdCF /StrF /StdCF /O <%x> /U <%x> /OE <%x> /UE <%x> /P -4 /Perms <%x> >>", o, u, oe, ue, perms)
	return e
}

func (e *testEnc) objKey(n int) []byte {
	if e.v5 {
		return e.key
	}
	b := append(append([]byte{}, e.key...), byte(n), byte(n>>8), byte(n>>16), 0, 0)
	if e.aes {
		b = append(b, "sAlT"...)
	}
	s := md5.Sum(b)
	return s[:]
}

func (e *testEnc) crypt(n int, data []byte) []byte {
	if !e.aes {
		c, _ := rc4.NewCipher(e.objKey(n))
		out := make([]byte, len(data))
		c.XORKeyStream(out, data)
		return out
	}
	p := 16 - len(data)%16
	data = append(bytes.Clone(data), bytes.Repeat([]byte{byte(p)}, p)...)
	iv := []byte("fedcba9876543210")
	blk, _ := aes.NewCipher(e.objKey(n))
	out := make([]byte, len(data))
	cipher.NewCBCEncrypter(blk, iv).CryptBlocks(out, data)
	return append(iv, out...)
}

var litRe = regexp.MustCompile(`\((?:[^()\\]|\\.)*\)`)

// encrypt encrypts the literal strings (written without nested
// parentheses) and the stream data of one object body.
func (e *testEnc) encrypt(body string, n int) string {
	var data string
	m := streamRe.FindStringSubmatch(body)
	if m != nil {
		body, data = m[1], m[2]
	}
	body = litRe.ReplaceAllStringFunc(body, func(s string) string {
		l := &lexer{s: newSrc(strings.NewReader(s), int64(len(s)))}
		v, _ := l.next()
		return fmt.Sprintf("<%x>", e.crypt(n, []byte(v.(str))))
	})
	if m != nil {
		enc := e.crypt(n, []byte(data))
		return fmt.Sprintf("%s/Length %d >>\nstream\n%s\nendstream", body, len(enc), enc)
	}
	return body
}
