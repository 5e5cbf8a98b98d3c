package pdf

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// errEncrypted is the error of a document that does not open with the
// empty user password, or with a security handler not read here.
var errEncrypted = errors.New("encrypted document (needs a password or an unsupported security handler)")

// crypt decrypts the strings and streams of a document encrypted by the
// standard security handler and opened with the empty user password
// (ISO 32000-1 clause 7.6; ISO 32000-2 for AES-256): RC4 40 to 128 bits,
// AES-128 and AES-256.
type crypt struct {
	key      []byte
	v        int
	stm, str string // method of streams and of strings: "RC4", "AESV2", "AESV3", "None"
}

var pad = []byte("\x28\xbf\x4e\x5e\x4e\x75\x8a\x41\x64\x00\x4e\x56\xff\xfa\x01\x08\x2e\x2e\x00\xb6\xd0\x68\x3e\x80\x2f\x0c\xa9\xfe\x64\x53\x69\x7a")

func newCrypt(d *doc, enc dict) (*crypt, error) {
	if enc == nil || enc["Filter"] != name("Standard") {
		return nil, errEncrypted
	}
	v, _ := d.int(enc["V"])
	r, _ := d.int(enc["R"])
	c := &crypt{v: int(v), stm: "RC4", str: "RC4"}
	length, err := c.methods(d, enc, v)
	if err != nil {
		return nil, err
	}
	switch {
	case r >= 5:
		err = c.keyAES256(d, enc, r)
	case r >= 2 && r <= 4:
		err = c.keyMD5(d, enc, r, length)
	default:
		err = fmt.Errorf("%w: revision %d", errEncrypted, r)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// methods reads the crypt filters of strings and streams (V 4 and
// later) and returns the key length in bits.
func (c *crypt) methods(d *doc, enc dict, v int64) (int64, error) {
	length := int64(40)
	if l, ok := d.int(enc["Length"]); ok {
		length = l
	}
	if v < 4 {
		return length, nil
	}
	cf := d.resolveDict(enc["CF"])
	method := func(n any) string {
		nm, _ := d.resolve(n).(name)
		if nm == "" || nm == "Identity" {
			return "None"
		}
		m, _ := d.resolve(d.resolveDict(cf[nm])["CFM"]).(name)
		switch m {
		case "V2":
			return "RC4"
		case "AESV2", "AESV3":
			return string(m)
		case "None":
			return "None"
		}
		return "?"
	}
	c.stm, c.str = method(enc["StmF"]), method(enc["StrF"])
	if c.stm == "?" || c.str == "?" {
		return 0, errEncrypted
	}
	if l := d.resolveDict(cf["StdCF"])["Length"]; l != nil {
		if n, ok := d.int(l); ok && n <= 32 {
			length = n * 8
		}
	}
	if v == 4 && (c.stm == "AESV2" || c.str == "AESV2") {
		length = 128
	}
	return length, nil
}

// keyAES256 finds the key of revisions 5 and 6 (ISO 32000-2 Algorithm
// 2.A) with the empty user password.
func (c *crypt) keyAES256(d *doc, enc dict, r int64) error {
	u, _ := d.resolve(enc["U"]).(str)
	ue, _ := d.resolve(enc["UE"]).(str)
	if len(u) < 48 || len(ue) < 32 {
		return errEncrypted
	}
	hash := func(salt []byte) []byte {
		if r == 5 {
			h := sha256.Sum256(salt)
			return h[:]
		}
		return hash6(salt, nil)
	}
	if !bytes.Equal(hash([]byte(u[32:40])), []byte(u[:32])) {
		return errEncrypted
	}
	k := hash([]byte(u[40:48]))
	b, _ := aes.NewCipher(k)
	key := make([]byte, 32)
	cipher.NewCBCDecrypter(b, make([]byte, 16)).CryptBlocks(key, []byte(ue[:32]))
	c.key = key
	return nil
}

// keyMD5 finds the key of revisions 2 to 4 (Algorithm 2) with the empty
// user password, and checks it against /U.
func (c *crypt) keyMD5(d *doc, enc dict, r, length int64) error {
	o, _ := d.resolve(enc["O"]).(str)
	u, _ := d.resolve(enc["U"]).(str)
	p, _ := d.int(enc["P"])
	n := int(length / 8)
	if n < 5 || n > 16 {
		n = 5
		if r >= 3 {
			n = 16
		}
	}
	if r == 2 {
		n = 5
	}
	var id []byte
	if ids := d.resolveArray(d.trailer["ID"]); len(ids) > 0 {
		s, _ := d.resolve(ids[0]).(str)
		id = []byte(s)
	}
	h := md5.New()
	h.Write(pad)
	h.Write([]byte(o))
	var pb [4]byte
	binary.LittleEndian.PutUint32(pb[:], uint32(p))
	h.Write(pb[:])
	h.Write(id)
	if em, ok := d.resolve(enc["EncryptMetadata"]).(bool); ok && !em && r >= 4 {
		h.Write([]byte{0xff, 0xff, 0xff, 0xff})
	}
	key := h.Sum(nil)[:n]
	if r >= 3 {
		for i := 0; i < 50; i++ {
			s := md5.Sum(key)
			key = s[:n]
		}
	}
	if !userKeyOK(key, u, id, r) {
		return errEncrypted
	}
	c.key = key
	return nil
}

// userKeyOK checks a key against /U (Algorithms 4 and 5).
func userKeyOK(key []byte, u str, id []byte, r int64) bool {
	if r == 2 {
		got := make([]byte, 32)
		rc, _ := rc4.NewCipher(key)
		rc.XORKeyStream(got, pad)
		return len(u) >= 32 && bytes.Equal(got, []byte(u[:32]))
	}
	s := md5.Sum(append(append([]byte{}, pad...), id...))
	got := s[:]
	for i := 0; i < 20; i++ {
		k := make([]byte, len(key))
		for j := range key {
			k[j] = key[j] ^ byte(i)
		}
		rc, _ := rc4.NewCipher(k)
		rc.XORKeyStream(got, got)
	}
	return len(u) >= 16 && bytes.Equal(got, []byte(u[:16]))
}

// hash6 is the hash of ISO 32000-2 Algorithm 2.B with an empty password.
func hash6(salt, udata []byte) []byte {
	h := sha256.Sum256(salt)
	k := h[:]
	for i := 0; ; i++ {
		k1 := bytes.Repeat(append(k[:len(k):len(k)], udata...), 64)
		b, _ := aes.NewCipher(k[:16])
		e := make([]byte, len(k1))
		cipher.NewCBCEncrypter(b, k[16:32]).CryptBlocks(e, k1)
		sum := 0
		for _, x := range e[:16] {
			sum += int(x)
		}
		switch sum % 3 {
		case 0:
			s := sha256.Sum256(e)
			k = s[:]
		case 1:
			s := sha512.Sum384(e)
			k = s[:]
		case 2:
			s := sha512.Sum512(e)
			k = s[:]
		}
		// Stop after 64 rounds once the last byte of E is at most the
		// number of rounds done less 32.
		if n := i + 1; n >= 64 && int(e[len(e)-1]) <= n-32 {
			return k[:32]
		}
	}
}

// objKey is the key of one object (Algorithm 1).
func (c *crypt) objKey(num, gen int, aes bool) []byte {
	if c.v >= 5 {
		return c.key
	}
	b := append([]byte{}, c.key...)
	b = append(b, byte(num), byte(num>>8), byte(num>>16), byte(gen), byte(gen>>8))
	if aes {
		b = append(b, "sAlT"...)
	}
	s := md5.Sum(b)
	return s[:min(len(c.key)+5, 16)]
}

// decryptString decrypts one string of object num.
func (c *crypt) decryptString(s str, num, gen int) str {
	switch c.str {
	case "RC4":
		rc, _ := rc4.NewCipher(c.objKey(num, gen, false))
		b := []byte(s)
		rc.XORKeyStream(b, b)
		return str(b)
	case "AESV2", "AESV3":
		b := []byte(s)
		if len(b) < 32 || len(b)%16 != 0 {
			return ""
		}
		blk, _ := aes.NewCipher(c.objKey(num, gen, true))
		out := make([]byte, len(b)-16)
		cipher.NewCBCDecrypter(blk, b[:16]).CryptBlocks(out, b[16:])
		if p := int(out[len(out)-1]); p >= 1 && p <= 16 {
			out = out[:len(out)-p]
		}
		return str(out)
	}
	return s
}

// decryptStrings decrypts the strings of an object, in place.
func (c *crypt) decryptStrings(v any, num, gen, depth int) any {
	if depth > maxDepth {
		return v
	}
	switch x := v.(type) {
	case str:
		return c.decryptString(x, num, gen)
	case array:
		for i := range x {
			x[i] = c.decryptStrings(x[i], num, gen, depth+1)
		}
	case dict:
		for k := range x {
			x[k] = c.decryptStrings(x[k], num, gen, depth+1)
		}
	case *stream:
		c.decryptStrings(x.d, num, gen, depth+1)
	}
	return v
}

// streamReader decrypts a stream's data as it is read.
func (c *crypt) streamReader(r io.Reader, st *stream) (io.Reader, error) {
	m := c.stm
	if f, ok := st.d["Filter"].(array); ok && len(f) > 0 && f[0] == name("Crypt") {
		m = "None" // the stream names its own (Identity) crypt filter
	}
	switch m {
	case "RC4":
		rc, _ := rc4.NewCipher(c.objKey(st.num, st.gen, false))
		return cipher.StreamReader{S: rc, R: r}, nil
	case "AESV2", "AESV3":
		iv := make([]byte, 16)
		if _, err := io.ReadFull(r, iv); err != nil {
			return bytes.NewReader(nil), nil
		}
		b, _ := aes.NewCipher(c.objKey(st.num, st.gen, true))
		return &cbcReader{r: r, m: cipher.NewCBCDecrypter(b, iv)}, nil
	}
	return r, nil
}

// cbcReader decrypts AES-CBC as it reads, holding back the last block
// for its padding.
type cbcReader struct {
	r    io.Reader
	m    cipher.BlockMode
	held []byte // decrypted, not yet given
	last []byte // the last decrypted block, held back
	in   [4096]byte
	done bool
}

func (c *cbcReader) Read(p []byte) (int, error) {
	for len(c.held) == 0 {
		if c.done {
			return 0, io.EOF
		}
		n, err := io.ReadFull(c.r, c.in[:])
		n -= n % 16
		if n > 0 {
			out := make([]byte, n)
			c.m.CryptBlocks(out, c.in[:n])
			c.held = append(c.last, out[:n-16]...)
			c.last = out[n-16:]
		}
		if err != nil {
			c.done = true
			if l := c.last; len(l) == 16 {
				if k := int(l[15]); k >= 1 && k <= 16 {
					l = l[:16-k]
				}
				c.held = append(c.held, l...)
				c.last = nil
			}
		}
	}
	n := copy(p, c.held)
	c.held = c.held[n:]
	return n, nil
}
