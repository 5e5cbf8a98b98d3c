package pdf

import "strings"

// The widths below are those of Adobe's Core 14 AFM files (Copyright (c)
// 1985, 1987, 1989, 1990, 1997 Adobe Systems Incorporated; the files may
// be used, copied and distributed for any purpose).

// core14Widths are the advance widths (thousandths of the font size)
// of the printable ASCII codes 32-126, as WinAnsiEncoding names them,
// of the standard fonts a PDF may use without /Widths (ISO 32000-1
// clause 9.6.2.2). Courier's are all 600; the obliques are their
// upright's.
var core14Widths = map[string]*[95]uint16{
	"Helvetica": {
		278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
		556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
		611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
		667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
		222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
	},
	"Helvetica-Bold": {
		278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
		556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
		611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
		667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
		278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
	},
	"Times-Roman": {
		250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500,
		500, 500, 500, 500, 500, 500, 500, 278, 278, 564, 564, 564, 444, 921, 722, 667, 667, 722, 611,
		556, 722, 722, 333, 389, 722, 611, 889, 722, 722, 556, 722, 667, 556, 611, 722, 722, 944, 722,
		722, 611, 333, 278, 333, 469, 500, 333, 444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500,
		278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480, 200, 480, 541,
	},
	"Times-Bold": {
		250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500,
		500, 500, 500, 500, 500, 500, 500, 333, 333, 570, 570, 570, 500, 930, 722, 667, 722, 722, 667,
		611, 778, 778, 389, 500, 778, 667, 944, 722, 778, 611, 778, 722, 556, 667, 722, 722, 1000, 722,
		722, 667, 333, 278, 333, 581, 500, 333, 500, 556, 444, 556, 444, 333, 500, 556, 278, 333, 556,
		278, 833, 556, 500, 556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394, 220, 394, 520,
	},
	"Times-Italic": {
		250, 333, 420, 500, 500, 833, 778, 214, 333, 333, 500, 675, 250, 333, 250, 278, 500, 500, 500,
		500, 500, 500, 500, 500, 500, 500, 333, 333, 675, 675, 675, 500, 920, 611, 611, 667, 722, 611,
		611, 722, 722, 333, 444, 667, 556, 833, 667, 722, 611, 722, 611, 500, 556, 722, 611, 833, 611,
		556, 556, 389, 278, 389, 422, 500, 333, 500, 500, 444, 500, 444, 278, 500, 500, 278, 278, 444,
		278, 722, 500, 500, 500, 500, 389, 389, 278, 500, 444, 667, 444, 444, 389, 400, 275, 400, 541,
	},
	"Times-BoldItalic": {
		250, 389, 555, 500, 500, 833, 778, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500,
		500, 500, 500, 500, 500, 500, 500, 333, 333, 570, 570, 570, 500, 832, 667, 667, 667, 722, 667,
		667, 722, 778, 389, 500, 667, 611, 889, 722, 722, 611, 722, 667, 556, 611, 722, 667, 889, 667,
		611, 611, 333, 278, 333, 570, 500, 333, 500, 500, 444, 500, 444, 333, 500, 556, 278, 278, 500,
		278, 778, 556, 500, 500, 500, 389, 389, 278, 556, 444, 667, 500, 444, 389, 348, 220, 348, 570,
	},
}

// standardWidths returns the widths of codes 32-126 of a standard font
// by its /BaseFont (a subset prefix "ABCDEF+" and the usual aliases,
// Arial and Times New Roman, allowed), nil for another font.
func standardWidths(base string) *[95]uint16 {
	if i := strings.IndexByte(base, '+'); i == 6 {
		base = base[i+1:]
	}
	b := strings.ToLower(base)
	bold := strings.Contains(b, "bold")
	italic := strings.Contains(b, "italic") || strings.Contains(b, "oblique")
	switch {
	case strings.HasPrefix(b, "courier"):
		return &courierWidths
	case strings.HasPrefix(b, "helvetica") || strings.HasPrefix(b, "arial"):
		if bold {
			return core14Widths["Helvetica-Bold"]
		}
		return core14Widths["Helvetica"]
	case strings.HasPrefix(b, "times"):
		switch {
		case bold && italic:
			return core14Widths["Times-BoldItalic"]
		case bold:
			return core14Widths["Times-Bold"]
		case italic:
			return core14Widths["Times-Italic"]
		}
		return core14Widths["Times-Roman"]
	}
	return nil
}

var courierWidths = func() (w [95]uint16) {
	for i := range w {
		w[i] = 600
	}
	return
}()
