package resolve

import (
	"fmt"
	"strings"
)

// ParseMode converts a --rfc value ("3986", "2396", in any case with an
// optional "rfc" before it) into a Mode.
func ParseMode(s string) (Mode, error) {
	switch strings.TrimPrefix(strings.ToLower(s), "rfc") {
	case "3986":
		return RFC3986, nil
	case "2396":
		return RFC2396, nil
	}
	return RFC3986, fmt.Errorf("resolve: unknown mode %q (want 3986 or 2396)", s)
}

// UnmarshalText parses a mode name (encoding.TextUnmarshaler).
func (m *Mode) UnmarshalText(b []byte) error {
	v, err := ParseMode(string(b))
	if err == nil {
		*m = v
	}
	return err
}

// MarshalText returns the mode's name (encoding.TextMarshaler).
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }
