package kb

import (
	"slices"
	"testing"
)

func TestJapaneseAnalyzer(t *testing.T) {
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	a := m.AnalyzerNamed(jaAnalyzerName)
	if a == nil {
		t.Fatal("no Japanese analyzer")
	}
	tests := []struct {
		in   string
		want []string
	}{
		// The dictionary does not know トークン: the CJK-bigram field
		// finds it instead. Symbols are dropped.
		{"フェイズ・アウトしたトークンは", []string{"フェイズ", "アウト", "トー", "クン"}},
		{"「オーラ」", []string{"オーラ"}},
		// Verbs and adjectives by their base form, whatever their inflection.
		{"戦場を離れた", []string{"戦場", "離れる"}},
		{"戦場を離れない", []string{"戦場", "離れる"}},
		{"強かった", []string{"強い"}},
		{"破壊された", []string{"破壊"}},
		// Full- and half-width forms fold to one term.
		{"ﾄｰｸﾝ", []string{"トークン"}},
		{"ＡＢＣ", []string{"abc"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got []string
			for _, tok := range a.Analyze([]byte(tt.in)) {
				got = append(got, string(tok.Term))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("terms %q, want %q", got, tt.want)
			}
		})
	}
}
