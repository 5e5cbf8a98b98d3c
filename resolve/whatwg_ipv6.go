package resolve

import (
	"strconv"

	"github.com/urix/urix/internal/hex"
)

// This file is the IPv6 parser and serializer of the URL Standard
// (sections 3.5 and 3.6), for hosts in brackets.

// parseIPv6 is the IPv6 parser (section 3.5), a transcription of its
// steps; in is what is between the brackets.
func parseIPv6(in string) ([8]uint16, error) {
	q := ipv6Parser{in: in, compress: -1}
	if q.c() == ':' {
		if q.p+1 >= len(in) || in[q.p+1] != ':' {
			return q.addr, failure("IPv6-invalid-compression")
		}
		q.p += 2
		q.piece++
		q.compress = q.piece
	}
	for q.c() != -1 {
		if q.piece == 8 {
			return q.addr, failure("IPv6-too-many-pieces")
		}
		if q.c() == ':' {
			if q.compress != -1 {
				return q.addr, failure("IPv6-multiple-compression")
			}
			q.p++
			q.piece++
			q.compress = q.piece
			continue
		}
		if err := q.readPiece(); err != nil {
			return q.addr, err
		}
	}
	return q.addr, q.finish()
}

// ipv6Parser is the state of the IPv6 parser: the input, the pointer
// into it, the address, the piece index and compress (-1: null).
type ipv6Parser struct {
	in              string
	p               int
	addr            [8]uint16
	piece, compress int
}

// c is the code point the pointer points at, or -1 at the end.
func (q *ipv6Parser) c() int {
	if q.p < len(q.in) {
		return int(q.in[q.p])
	}
	return -1
}

// readPiece reads a piece of up to four hex digits and the ':' after it,
// or the IPv4 address that ends the input.
func (q *ipv6Parser) readPiece() error {
	value, length := 0, 0
	for length < 4 && q.c() != -1 && isHex(byte(q.c())) {
		d, _ := hex.Digit(byte(q.c()))
		value = value*0x10 + int(d)
		q.p++
		length++
	}
	switch q.c() {
	case '.':
		if length == 0 {
			return failure("IPv4-in-IPv6-invalid-code-point")
		}
		q.p -= length
		return q.readIPv4()
	case ':':
		q.p++
		if q.c() == -1 {
			return failure("IPv6-invalid-code-point")
		}
	case -1:
	default:
		return failure("IPv6-invalid-code-point")
	}
	q.addr[q.piece] = uint16(value)
	q.piece++
	return nil
}

// readIPv4 reads the four numbers of an IPv4 address into the last two
// pieces.
func (q *ipv6Parser) readIPv4() error {
	if q.piece > 6 {
		return failure("IPv4-in-IPv6-too-many-pieces")
	}
	seen := 0
	for q.c() != -1 {
		if seen > 0 {
			if q.c() != '.' || seen >= 4 {
				return failure("IPv4-in-IPv6-invalid-code-point")
			}
			q.p++
		}
		v4, err := q.readIPv4Part()
		if err != nil {
			return err
		}
		q.addr[q.piece] = q.addr[q.piece]*0x100 + uint16(v4)
		seen++
		if seen == 2 || seen == 4 {
			q.piece++
		}
	}
	if seen != 4 {
		return failure("IPv4-in-IPv6-too-few-parts")
	}
	return nil
}

// readIPv4Part reads one decimal number of an IPv4 address in IPv6: no
// leading zero, at most 255.
func (q *ipv6Parser) readIPv4Part() (int, error) {
	if q.c() == -1 || !isDigit(byte(q.c())) {
		return 0, failure("IPv4-in-IPv6-invalid-code-point")
	}
	v4 := -1
	for q.c() != -1 && isDigit(byte(q.c())) {
		n := q.c() - '0'
		switch v4 {
		case -1:
			v4 = n
		case 0:
			return 0, failure("IPv4-in-IPv6-invalid-code-point")
		default:
			v4 = v4*10 + n
		}
		if v4 > 255 {
			return 0, failure("IPv4-in-IPv6-out-of-range-part")
		}
		q.p++
	}
	return v4, nil
}

// finish moves the pieces after a "::" to the end of the address, or
// fails when there is no "::" and fewer than eight pieces.
func (q *ipv6Parser) finish() error {
	if q.compress == -1 {
		if q.piece != 8 {
			return failure("IPv6-too-few-pieces")
		}
		return nil
	}
	swaps := q.piece - q.compress
	for piece := 7; piece != 0 && swaps > 0; piece-- {
		q.addr[piece], q.addr[q.compress+swaps-1] = q.addr[q.compress+swaps-1], q.addr[piece]
		swaps--
	}
	return nil
}

// serializeIPv6 is the IPv6 serializer (section 3.6): lowercase hex
// pieces, the first longest run of two or more zero pieces written "::"
// (RFC 5952).
func serializeIPv6(addr [8]uint16) string {
	// Find the IPv6 address compressed piece index.
	compress, longest := -1, 1
	for i := 0; i < 8; {
		if addr[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && addr[j] == 0 {
			j++
		}
		if j-i > longest {
			compress, longest = i, j-i
		}
		i = j
	}
	b := make([]byte, 0, 39)
	for i := 0; i < 8; i++ {
		if i == compress {
			if i == 0 {
				b = append(b, "::"...)
			} else {
				b = append(b, ':')
			}
			i += longest - 1
			continue
		}
		b = strconv.AppendUint(b, uint64(addr[i]), 16)
		if i != 7 {
			b = append(b, ':')
		}
	}
	return string(b)
}
