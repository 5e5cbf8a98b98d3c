package mdscan

import (
	"flag"
	"math/rand/v2"
	"strings"
	"testing"
)

var (
	randomN    = flag.Int("mdscan.random", 3000, "random token documents TestRandomTokens compares")
	writeSeeds = flag.Bool("mdscan.seeds", false, "TestWriteSeeds writes the fuzz seed corpus")
	randomSeed = flag.Uint64("mdscan.seed", 1, "the seed of TestRandomTokens")
)

// tokens are the pieces TestRandomTokens builds documents of: the
// characters and strings that decide Markdown structure and links.
var tokens = strings.Fields(`[ ] ( ) < > ! ` + "` `` ```" + ` \ * _ ~ " ' : # = - + 1. 2) a b
	www.a.com http://x.y/z a@b.co &amp; &#65; <div> </div> <a <a_href="x"> <!-- --> <? ?> <![CDATA[ ]]>
	[a]: /u [a] [b] ![ ]( <http://q> <m@n.io> --- *** ~~~ <script> </script> <span>
	[a]:_/u_"t" [b]:_<x_y> \[ \] \* "t" 't' [a][b] ![a] [] http://x.y/z. www.a.com/(b) a_b@c.de
	&#x41; &ouml; \&amp; (t) [B]: ===`)

func randomDoc(r *rand.Rand) string {
	var b strings.Builder
	n := 1 + r.IntN(40)
	for range n {
		switch k := r.IntN(10); {
		case k == 0:
			b.WriteString("\n")
		case k == 1:
			b.WriteString([]string{" ", "  ", "    ", "\t", "\n> ", "\n- ", "\n  ", "\n\n", "\n1. ", "\n    ",
				"\r", "\r\n", "\x00", "\v", "ẞ", " \t", "\\\n", "\xe5", "\ufffd"}[r.IntN(19)])
		default:
			b.WriteString(strings.ReplaceAll(tokens[r.IntN(len(tokens))], "_", " "))
		}
	}
	return b.String()
}

// TestRandomTokens compares mdscan with goldmark on random documents of
// Markdown tokens (seeded: the same documents every run).
func TestRandomTokens(t *testing.T) {
	r := rand.New(rand.NewPCG(*randomSeed, 2))
	fails := 0
	for range *randomN {
		doc := randomDoc(r)
		if deliberate([]byte(doc)) {
			continue
		}
		for _, linkify := range []bool{false, true} {
			if Scan([]byte(doc), Options{Linkify: linkify}, func(Event) {}).Capped {
				continue
			}
			gm, ms := gmLinks([]byte(doc), linkify), scanLinks([]byte(doc), linkify)
			gm, ms = append(gm, gmHTML([]byte(doc), linkify)...), append(ms, scanHTML([]byte(doc), linkify)...)
			if !sameLinks(gm, ms) {
				fails++
				if fails <= 15 {
					t.Errorf("linkify=%v %q\n goldmark %q\n   mdscan %q", linkify, doc, gm, ms)
				}
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d differences", fails)
	}
}
