package cardlang

import (
	"reflect"
	"testing"
)

// TestCompiledCardsRoundTrip checks every card of the data that compiles:
// it is valid, its text form reads back to the same card, and printing
// that gives the same text.
func TestCompiledCardsRoundTrip(t *testing.T) {
	t.Parallel()
	n := 0
	for _, r := range allCompiled(t) {
		s, c := r.src, r.card
		if r.err != nil {
			continue
		}
		n++
		if err := Validate(c); err != nil {
			t.Errorf("%s: compiled card invalid: %v\n%s", s.Name, err, c)
			continue
		}
		text := c.String()
		back, err := ParseCard(text)
		if err != nil {
			t.Errorf("%s: %v\n%s", s.Name, err, text)
			continue
		}
		if !reflect.DeepEqual(back, c) {
			t.Errorf("%s: read back differs\n%s\n%s", s.Name, text, back)
			continue
		}
		if back.String() != text {
			t.Errorf("%s: printed differently:\n%s\n%s", s.Name, text, back)
		}
		_ = c.Needs()
	}
	if n == 0 {
		t.Fatal("no card compiled")
	}
}
