package i18n

import "testing"

func TestNormalizeKey(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"full-width rule reference", "ＭＴＧ　総合ルール１２３．４ａ", "mtg 総合ルール123.4a"},
		{"half-width katakana", "ｶｰﾄﾞを引く", "カードを引く"},
		{"half-width voiced katakana", "ｸﾘｰﾁｬｰ", "クリーチャー"},
		{"case fold", "Teferi's PROTECTION", "teferi's protection"},
		{"sharp s folds", "Straße", "strasse"},
		{"accents kept", "Téfeiri", "téfeiri"},
		{"circled digit", "①", "1"},
		{"ligature fi", "ﬁnal", "final"},
		{"spaces collapsed and trimmed", "  hors \t phase\n", "hors phase"},
		{"no-break spaces collapse", "Aura\u202f?", "aura ?"},
		{"japanese left alone", "フェイズ・アウトしたトークン", "フェイズ・アウトしたトークン"},
		{"japanese with upper-case latin", "テフェリーのPROTECTION", "テフェリーのprotection"},
		{"decomposed voicing mark", "カ\u3099ード", "ガード"},
		{"ideographic space", "防御\u3000ライフ", "防御 ライフ"},
		{"compatibility ideograph", "\uF900", "\u8C48"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NormalizeKey(tt.in)
			if got != tt.want {
				t.Errorf("NormalizeKey(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := NormalizeKey(got); again != got {
				t.Errorf("NormalizeKey is not idempotent: %q then %q", got, again)
			}
		})
	}
}

func TestFoldAccents(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"french name", "Protection de Téfeiri", "Protection de Tefeiri"},
		{"every french accent", "àâäçéèêëîïôöùûüÿ ÀÉÈÇ", "aaaceeeeiioouuuy AEEC"},
		{"ligatures", "Cœur d'Æther", "Coeur d'AEther"},
		{"case kept", "ÉCLAIR", "ECLAIR"},
		{"combining accent", "Te\u0301feiri", "Tefeiri"},
		{"japanese voicing marks kept", "ガード・ドッグ", "ガード・ドッグ"},
		{"japanese decomposed kept", "カ\u3099", "ガ"},
		{"japanese and latin", "テフェリーの防御 life", "テフェリーの防御 life"},
		{"compatibility ideograph", "\uF900", "\u8C48"},
		{"greek accent", "ά", "α"},
		{"plain", "Oubliette", "Oubliette"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FoldAccents(tt.in); got != tt.want {
				t.Errorf("FoldAccents(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestFoldedKeysMatchAcrossSpellings(t *testing.T) {
	tests := []struct {
		name     string
		query    string
		name2    string
		wantSame bool
	}{
		{"accentless query", "protection de tefeiri", "Protection de Téfeiri", true},
		{"upper case accentless", "ECLAIR", "Éclair", true},
		{"full-width and half-width", "ｸﾘｰﾁｬｰ", "クリーチャー", true},
		{"different names", "Teferi", "Téfeiri", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := FoldAccents(NormalizeKey(tt.query)), FoldAccents(NormalizeKey(tt.name2))
			if (a == b) != tt.wantSame {
				t.Errorf("keys %q and %q: same = %v, want %v", a, b, a == b, tt.wantSame)
			}
		})
	}
}
