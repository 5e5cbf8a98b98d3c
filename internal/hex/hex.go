// Package hex reads hexadecimal digits, for the decoders of %HH (RFC 3986
// §2.1, package resolve) and of quoted-printable =HH (RFC 2045 §6.7,
// package reader/mail): one function two packages need, kept out of
// either's public API.
package hex

// Digit returns the value of the hexadecimal digit c (either case).
func Digit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
