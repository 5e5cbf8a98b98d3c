package formats

import (
	"bytes"
	"testing"
)

// flatODFHead is the head of a flat OpenDocument text as LibreOffice
// writes it: an XML declaration, then office:document, whose office
// namespace comes after a dozen others.
const flatODFHead = `<?xml version="1.0" encoding="UTF-8"?>

<office:document xmlns:officeooo="http://openoffice.org/2009/office" xmlns:css3t="http://www.w3.org/TR/css3-text/" xmlns:grddl="http://www.w3.org/2003/g/data-view#" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xforms="http://www.w3.org/2002/xforms" xmlns:dom="http://www.w3.org/2001/xml-events" xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" xmlns:form="urn:oasis:names:tc:opendocument:xmlns:form:1.0" xmlns:math="http://www.w3.org/1998/Math/MathML" xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:ooo="http://openoffice.org/2004/office" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">`

// TestSniffersExcludeEachOther: of the default table's sniffers, at most
// one says yes to a head (List: the order then does not decide), and
// the head of a flat OpenDocument file, which is XML too, is odf's
// whatever the file's name (it was read as generic XML, a URL cut by
// the formatting of its words).
func TestSniffersExcludeEachOther(t *testing.T) {
	heads := []string{
		"", "just words, http://example.com/", "<!DOCTYPE html><a href=x>", "<html><body>",
		"From: a@example.com\nSubject: hi\n\nbody", "From a@example.com Sat Jan  1 00:00:00 2000\n",
		"%PDF-1.4\n", "{\"a\": \"http://example.com/\"}", "[1, 2]",
		"<?xml version=\"1.0\"?><rss/>", "<feed xmlns=\"http://www.w3.org/2005/Atom\">",
		"<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">",
		flatODFHead, "<?xml version=\"1.0\"?><office:document xmlns:office=\"urn:x\">",
		"BEGIN:VCALENDAR\r\n", "BEGIN:VCARD\r\n", "PK\x03\x04", "WARC/1.1\r\n", "# Title\n\nhttp://a/",
	}
	tab := Default()
	for _, h := range heads {
		var yes []string
		for _, f := range tab.formats {
			if f.Sniff != nil && f.Sniff(bytes.TrimPrefix([]byte(h), utf8BOM)) {
				yes = append(yes, f.Name)
			}
		}
		if len(yes) > 1 {
			t.Errorf("%.40q sniffs as %q", h, yes)
		}
	}
	for _, name := range []string{"d.fodt", "d.FODT", "d.xml", "d"} {
		if got := tab.Sniff([]byte(flatODFHead), name); got.Name != "odf" {
			t.Errorf("a flat OpenDocument file called %s is read as %s, want odf", name, got.Name)
		}
	}
	if got := tab.Sniff([]byte("<?xml version=\"1.0\"?><office:document xmlns:office=\"urn:x\">"), "d.xml"); got.Name != "xml" {
		t.Errorf("an office:document of another namespace is read as %s, want xml", got.Name)
	}
}
