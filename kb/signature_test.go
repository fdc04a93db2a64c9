package kb

import (
	"testing"
)

// TestQuestionKey keys close paraphrases of a question alike across the
// three languages, and tells different questions apart, on the full data.
func TestQuestionKey(t *testing.T) {
	ix := fullIndex(t)
	same := [][]struct{ q, lang string }{
		{{"Can an Aura phase out?", "en"}, {"can an aura phase out", "en"}, {"CAN AN AURA PHASE OUT ?!", "en"}},
		{{"Teferi's Protection and tokens", "en"}, {"teferis protection tokens", "en"}, {"Protection de Téfeiri et les jetons", "fr"}},
		{{"Comment marche le piétinement ?", "fr"}, {"comment marche le pietinement", "fr"}},
	}
	for _, group := range same {
		k0 := ix.QuestionKey(group[0].q, group[0].lang)
		if k0 == "" {
			t.Fatalf("%q: no key", group[0].q)
		}
		for _, x := range group[1:] {
			if k := ix.QuestionKey(x.q, x.lang); k != k0 {
				t.Errorf("%q keyed %q, %q keyed %q: want the same", group[0].q, k0, x.q, k)
			}
		}
	}
	different := [][2]string{
		{"Can an Aura phase out?", "Can an Aura be destroyed?"},
		{"Teferi's Protection and tokens", "Teferi's Protection and life total"},
		{"How does trample work?", "How does deathtouch work?"},
	}
	for _, d := range different {
		if a, b := ix.QuestionKey(d[0], "en"), ix.QuestionKey(d[1], "en"); a == b {
			t.Errorf("%q and %q both keyed %q", d[0], d[1], a)
		}
	}
}
