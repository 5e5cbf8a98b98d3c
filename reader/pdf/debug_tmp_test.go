package pdf

import (
	"bytes"
	"fmt"
	"os"
	"testing"
)

func TestTmpDump(t *testing.T) {
	p := os.Getenv("PDFDEBUG")
	if p == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(p)
	d, err := open(newSrc(bytes.NewReader(data), int64(len(data))), maxTotal)
	if err != nil {
		t.Fatal(err)
	}
	r := &run{d: d}
	cat := d.resolveDict(d.trailer["Root"])
	n := 0
	var walk func(v any, res dict)
	walk = func(v any, res dict) {
		node := d.resolveDict(v)
		if rs := d.resolveDict(node["Resources"]); rs != nil {
			res = rs
		}
		if kids, ok := d.resolve(node["Kids"]).(array); ok {
			for _, k := range kids {
				walk(k, res)
			}
			return
		}
		n++
		txt, _, err := r.pageText(node, res)
		if grep := os.Getenv("PDFGREP"); grep == "" || bytes.Contains(txt, []byte(grep)) {
			fmt.Printf("=== page %d (%v)\n%s\n", n, err, txt)
		}
	}
	walk(cat["Pages"], nil)
}
