package outlook

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/internal/mapitest"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/mail"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

var update = flag.Bool("update", false, "rewrite testdata/oracle.txt from the oracles")

// The oracles: other readers of the same generated files, Debian's
// msgconvert (Email::Outlook::Message), tnef and Convert::TNEF
// (libconvert-tnef-perl, testdata/convert-tnef.pl), and npm's
// @kenjiuno/msgreader (testdata/msgreader.js). What each read is written
// through urix's text, HTML and mail readers into a list of URIs per
// file and tool, kept in testdata/oracle.txt; urix reading the .msg or
// TNEF must find the same. The test runs the tools that are installed
// (and -update rewrites the record from them); without them it holds
// urix to the record.

// oracleFiles are the generated files the oracles read.
func oracleFiles() map[string][]byte {
	rtf := &mapitest.Message{Subject: "rtf", Body: "plain https://plain.example/", RTF: fromHTML}
	return map[string][]byte{
		"sample.msg": mapitest.Msg(sample(), mapitest.Options{}),
		"rtf.msg":    mapitest.Msg(rtf, mapitest.Options{}),
		"sample.dat": mapitest.TNEF(sample()),
		"rtf.dat":    mapitest.TNEF(rtf),
	}
}

// uris reads data as a content of format f (nil: sniffed by name) with
// the tests' table and returns the sorted URIs found, each once.
func uris(f *reader.Format, name string, data []byte) []string {
	s := &readertest.Sink{}
	s.Formats = formats()
	s.Opts.MaxDecoded = 1 << 24
	if f == nil {
		f = s.Sniff(data[:min(len(data), sniffLen)], name)
	}
	f.Read(&reader.Content{R: bytes.NewReader(data), Name: name}, s)
	var out []string
	for _, h := range s.Hits {
		out = append(out, h.URI)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// urixURIs is what urix finds in a file, as the oracle of tool can see
// it: tnef does not open attached messages or read a transport header,
// msgreader reads no header either; Convert::TNEF reads the body and the
// attachments' data but no MAPI property, so neither the HTML body of
// sample.dat nor the RTF body of rtf.dat (part 2 of both, after the
// plain body) nor the attached message (part 6, whose TNEF is a
// property).
func urixURIs(tool, name string, data []byte) []string {
	f := Msg
	if strings.HasSuffix(name, ".dat") {
		f = TNEF
	}
	hs, _ := readBytes(f, data, true)
	var out []string
	for _, h := range hs {
		if h.Kind == "header" && tool != "msgconvert" || (tool == "tnef" || tool == "convert-tnef") && strings.Contains(h.Part, ".") ||
			tool == "convert-tnef" && h.Part == "2" {
			continue
		}
		out = append(out, h.URI)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// msgconvert turns a .msg into a MIME message: its header is read by
// the mail reader, each of its leaf parts by its name or type, and the
// RTF it decompressed de-encapsulated as urix does.
func runMsgconvert(t *testing.T, path string) []string {
	out, err := exec.Command("msgconvert", "--outfile", "-", path).Output()
	if err != nil {
		t.Fatalf("msgconvert %s: %v", path, err)
	}
	m, err := netmail.ReadMessage(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	hdr, _, _ := bytes.Cut(out, []byte("\n\n"))
	all := uris(mail.Message, "x.eml", append(hdr, "\n\n"...))
	all = append(all, mimeURIs(t, textproto.MIMEHeader(m.Header), m.Body)...)
	slices.Sort(all)
	return slices.Compact(all)
}

// mimeURIs reads the leaf parts of a MIME entity.
func mimeURIs(t *testing.T, h textproto.MIMEHeader, body io.Reader) []string {
	mt, params, _ := mime.ParseMediaType(h.Get("Content-Type"))
	if strings.HasPrefix(mt, "multipart/") {
		var all []string
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err != nil {
				return all
			}
			all = append(all, mimeURIs(t, p.Header, p)...)
		}
	}
	if h.Get("Content-Transfer-Encoding") == "base64" {
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, _ := io.ReadAll(body)
	if mt == "message/rfc822" {
		m, err := netmail.ReadMessage(bytes.NewReader(b))
		if err != nil {
			return nil
		}
		return mimeURIs(t, textproto.MIMEHeader(m.Header), m.Body)
	}
	return fileURIs(params["name"], mt, b)
}

// fileURIs reads a body or an attachment an oracle extracted: RTF
// de-encapsulated as urix does (the oracle decompressed it), text and
// HTML by their media type, the rest by name.
func fileURIs(name, mt string, b []byte) []string {
	switch {
	case mt == "application/rtf" || strings.HasSuffix(name, ".rtf"):
		if bytes.Contains(b, []byte("\\fromhtml")) {
			return uris(html.Format, "x", deencapsulate(b, true))
		}
		return nil
	case mt == "text/plain" && name == "":
		return uris(text.Format, "x", b)
	case mt == "text/html" && name == "":
		return uris(html.Format, "x", b)
	case bytes.IndexByte(b[:min(len(b), sniffLen)], 0) >= 0:
		return nil
	}
	return uris(nil, name, b)
}

// msgreader prints each body and attachment as JSON strings.
func runMsgreader(t *testing.T, path string) []string {
	root, err := exec.Command("npm", "root", "-g").Output()
	if err != nil {
		t.Skip("npm root -g:", err)
	}
	cmd := exec.Command("node", filepath.Join("testdata", "msgreader.js"), path)
	cmd.Env = append(os.Environ(), "NODE_PATH="+strings.TrimSpace(string(root)))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("msgreader %s: %v", path, err)
	}
	var all []string
	for _, l := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		fields := strings.SplitN(l, " ", 3)
		if len(fields) < 3 {
			continue
		}
		var v string
		switch fields[1] {
		case "body", "html":
			json.Unmarshal([]byte(fields[2]), &v)
			f := text.Format
			if fields[1] == "html" {
				f = html.Format
			}
			all = append(all, uris(f, "x", []byte(v))...)
		case "attachment":
			dec := json.NewDecoder(strings.NewReader(fields[2]))
			var name string
			dec.Decode(&name)
			dec.Decode(&v)
			b := make([]byte, 0, len(v))
			for _, r := range v { // latin1: one byte a character
				b = append(b, byte(r))
			}
			all = append(all, fileURIs(name, "", b)...)
		}
	}
	slices.Sort(all)
	return slices.Compact(all)
}

// tnef extracts the attachments and a body: run once for each kind of
// body (HTML, text, RTF).
func runTnef(t *testing.T, path string) []string {
	var all []string
	for _, pref := range []string{"h", "t", "r"} {
		dir := t.TempDir()
		if out, err := exec.Command("tnef", "--save-body", "--body-pref="+pref, "-C", dir, path).CombinedOutput(); err != nil {
			t.Fatalf("tnef %s: %v %s", path, err, out)
		}
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			mt := ""
			switch e.Name() {
			case "message.html":
				mt = "text/html"
			case "message.txt":
				mt = "text/plain"
			}
			name := e.Name()
			if mt != "" {
				name = ""
			}
			all = append(all, fileURIs(name, mt, b)...)
		}
	}
	slices.Sort(all)
	return slices.Compact(all)
}

// runConvertTNEF reads the body and the attachments Convert::TNEF
// extracts (testdata/convert-tnef.pl), with its checksums checked.
func runConvertTNEF(t *testing.T, path string) []string {
	out, err := exec.Command("perl", filepath.Join("testdata", "convert-tnef.pl"), path).Output()
	if err != nil {
		t.Fatalf("Convert::TNEF %s: %v", path, err)
	}
	var all []string
	for _, l := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		kind, rest, _ := strings.Cut(l, " ")
		dec := json.NewDecoder(strings.NewReader(rest))
		var name, v string
		if kind == "attachment" {
			dec.Decode(&name)
		}
		dec.Decode(&v)
		b := make([]byte, 0, len(v))
		for _, r := range v { // one character a byte
			b = append(b, byte(r))
		}
		switch kind {
		case "body":
			all = append(all, uris(text.Format, "x", b)...)
		case "attachment":
			all = append(all, fileURIs(name, "", b)...)
		}
	}
	slices.Sort(all)
	return slices.Compact(all)
}

func TestOracles(t *testing.T) {
	files := oracleFiles()
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tools := map[string]func(*testing.T, string) []string{"msgconvert": runMsgconvert, "msgreader": runMsgreader, "tnef": runTnef, "convert-tnef": runConvertTNEF}
	have := map[string]bool{}
	for tool := range tools {
		bin := map[string]string{"msgconvert": "msgconvert", "msgreader": "node", "tnef": "tnef", "convert-tnef": "perl"}[tool]
		if _, err := exec.LookPath(bin); err == nil {
			have[tool] = true
		}
	}
	if have["msgreader"] {
		if err := exec.Command("sh", "-c", `NODE_PATH=$(npm root -g) node -e "require('@kenjiuno/msgreader'); require('rtf-stream-parser')"`).Run(); err != nil {
			have["msgreader"] = false
		}
	}
	if have["convert-tnef"] && exec.Command("perl", "-MConvert::TNEF", "-MJSON::PP", "-e1").Run() != nil {
		have["convert-tnef"] = false
	}
	record, _ := os.ReadFile(filepath.Join("testdata", "oracle.txt"))
	var lines []string
	for _, l := range strings.Split(string(record), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	var fresh []string
	for _, tool := range []string{"msgconvert", "msgreader", "tnef", "convert-tnef"} {
		for _, name := range []string{"sample.msg", "rtf.msg", "sample.dat", "rtf.dat"} {
			if strings.HasSuffix(name, ".dat") != strings.HasSuffix(tool, "tnef") {
				continue
			}
			prefix := tool + " " + name + " "
			var got []string
			if have[tool] {
				got = tools[tool](t, filepath.Join(dir, name))
				fresh = append(fresh, prefix+strings.Join(got, " "))
			} else {
				i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, prefix) })
				if i < 0 {
					t.Errorf("no record of %s", prefix)
					continue
				}
				got = strings.Fields(strings.TrimPrefix(lines[i], prefix))
			}
			if want := urixURIs(tool, name, files[name]); !slices.Equal(got, want) {
				t.Errorf("%s%q\nurix finds %q", prefix, got, want)
			}
		}
	}
	if len(fresh) == 0 {
		return
	}
	out := "# What msgconvert, @kenjiuno/msgreader, tnef and Convert::TNEF read in the generated files of TestOracles:\n# tool file URIs (regenerate with go test -run TestOracles -update)\n" + strings.Join(fresh, "\n") + "\n"
	if *update {
		os.WriteFile(filepath.Join("testdata", "oracle.txt"), []byte(out), 0o644)
	} else if len(fresh) == len(lines) && strings.Join(fresh, "\n") != strings.Join(lines, "\n") {
		t.Errorf("the oracles read otherwise than testdata/oracle.txt records:\n%s", out)
	}
}
