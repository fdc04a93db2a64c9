package kb

import (
	"strings"
	"testing"

	"arbiter/i18n"
)

// TestErrorMessages checks that every error code has a message in every
// language, and that a ParseError renders with its location.
func TestErrorMessages(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		p := cat.Printer(l)
		for _, k := range []i18n.Key{i18n.KeyKBError, i18n.KeyKBAtLine, i18n.KeyKBAtOffset, i18n.KeyKBInFile} {
			if !p.Has(k) {
				t.Errorf("%s: no message %s", l, k)
			}
		}
		for _, code := range ErrorCodes() {
			e := &ParseError{File: "f.txt", Code: code, Detail: "detail"}
			if !p.Has(e.Key()) {
				t.Errorf("%s: no message %s", l, e.Key())
			}
		}
	}
	tests := []struct {
		name string
		lang i18n.Lang
		err  *ParseError
		want []string
	}{
		{"line en", i18n.EN, &ParseError{File: "cr.txt", Line: 12, Code: CodeTruncated, Detail: "no glossary"}, []string{"cr.txt", "12", "truncated", "no glossary"}},
		{"offset fr", i18n.FR, &ParseError{File: "r.json", Offset: 345, Code: CodeBadJSON, Detail: "x"}, []string{"r.json", "345", "JSON mal formé"}},
		{"file ja", i18n.JA, &ParseError{File: "c.yaml", Code: CodeEmpty, Detail: "no YAML"}, []string{"c.yaml", "空"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.err.Localize(cat.Printer(tt.lang))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("Localize = %q, lacks %q", got, w)
				}
			}
			if strings.Contains(got, "!kb.") {
				t.Errorf("Localize = %q has a missing key", got)
			}
		})
	}
	if got, want := (&ParseError{File: "cr.txt", Line: 3, Code: CodeBadDate, Detail: "bad"}).Error(), "cr.txt:3: bad (bad_date)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got, want := (&ParseError{File: "r.json", Offset: 9, Code: CodeBadJSON, Detail: "bad"}).Error(), "r.json: byte 9: bad (bad_json)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
