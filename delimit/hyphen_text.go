package delimit

import "fmt"

var hyphenNames = [...]string{HyphenKeep: "keep", HyphenDrop: "drop", HyphenBoth: "both"}

// String returns the policy's name: keep, drop or both.
func (h Hyphen) String() string {
	if int(h) < len(hyphenNames) {
		return hyphenNames[h]
	}
	return fmt.Sprintf("Hyphen(%d)", int(h))
}

// ParseHyphen converts a policy name (keep, drop, both) into a Hyphen.
func ParseHyphen(s string) (Hyphen, error) {
	for i, n := range hyphenNames {
		if s == n {
			return Hyphen(i), nil
		}
	}
	return HyphenKeep, fmt.Errorf("delimit: unknown hyphen policy %q (want keep, drop or both)", s)
}

// UnmarshalText parses a policy name (encoding.TextUnmarshaler).
func (h *Hyphen) UnmarshalText(b []byte) error {
	v, err := ParseHyphen(string(b))
	if err == nil {
		*h = v
	}
	return err
}

// MarshalText returns the policy's name (encoding.TextMarshaler).
func (h Hyphen) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// MarshalText returns the kind's name, as in JSON output (encoding.TextMarshaler).
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }
