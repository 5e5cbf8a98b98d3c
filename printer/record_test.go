package printer

import (
	"reflect"
	"slices"
	"testing"

	"github.com/urix/urix/reader"
)

// notOutput are the fields of reader.Hit that are the library's and not
// written by --format json: how a reference is made absolute, the HTML
// document's encoding, the context line urix pick shows, and whether the
// strings are borrowed.
var notOutput = []string{"Source", "Encoding", "Context", "Borrowed"}

// TestRecordCoversHit: every field of a hit is either a field of the JSON
// record, copied by RecordOf, or one of notOutput, so that a field added
// to reader.Hit is written out, or left out, on purpose.
func TestRecordCoversHit(t *testing.T) {
	ht, rt := reflect.TypeFor[reader.Hit](), reflect.TypeFor[Record]()
	var h reader.Hit
	hv := reflect.ValueOf(&h).Elem()
	for i := range ht.NumField() {
		f := ht.Field(i)
		if slices.Contains(notOutput, f.Name) {
			if _, ok := rt.FieldByName(f.Name); ok {
				t.Errorf("%s is both in Record and in notOutput", f.Name)
			}
			continue
		}
		rf, ok := rt.FieldByName(f.Name)
		if !ok {
			t.Errorf("reader.Hit.%s is not in Record (add it, with its JSON name, or to notOutput)", f.Name)
			continue
		}
		if f.Name == "Wrapped" { // a comparable list in a hit, a JSON array in a record
			h = reader.Hit{Wrapped: reader.MakeWrapped([]string{"x", "y"})}
			if r := RecordOf(&h); !slices.Equal(r.Wrapped, []string{"x", "y"}) {
				t.Errorf("RecordOf does not copy Wrapped: %q", r.Wrapped)
			}
			continue
		}
		if rf.Type != f.Type {
			t.Errorf("Record.%s is %v, reader.Hit's %v", f.Name, rf.Type, f.Type)
		}
		// Set the field alone and check that RecordOf carries it.
		h = reader.Hit{}
		switch fv := hv.Field(i); fv.Kind() {
		case reflect.String:
			fv.SetString("x")
		case reflect.Int, reflect.Int64:
			fv.SetInt(7)
		case reflect.Bool:
			fv.SetBool(true)
		default:
			t.Fatalf("reader.Hit.%s: kind %v not handled by this test", f.Name, fv.Kind())
		}
		r := RecordOf(&h)
		if got := reflect.ValueOf(r).FieldByName(f.Name); !got.Equal(hv.Field(i)) {
			t.Errorf("RecordOf does not copy %s", f.Name)
		}
	}
	if rt.NumField() != ht.NumField()-len(notOutput) {
		t.Errorf("Record has %d fields, reader.Hit %d less %d", rt.NumField(), ht.NumField(), len(notOutput))
	}
}
