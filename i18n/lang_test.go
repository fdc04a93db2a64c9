package i18n

import "testing"

func TestMatch(t *testing.T) {
	tests := []struct {
		name    string
		locales []string
		want    Lang
	}{
		{"en-US", []string{"en-US"}, EN},
		{"en-GB", []string{"en-GB"}, EN},
		{"fr", []string{"fr"}, FR},
		{"fr-CA", []string{"fr-CA"}, FR},
		{"fr-BE", []string{"fr-BE"}, FR},
		{"ja", []string{"ja"}, JA},
		{"ja-JP", []string{"ja-JP"}, JA},
		{"es-ES falls back to en", []string{"es-ES"}, EN},
		{"pt-BR falls back to en", []string{"pt-BR"}, EN},
		{"zh-TW falls back to en", []string{"zh-TW"}, EN},
		{"de falls back to en", []string{"de"}, EN},
		{"empty", []string{""}, EN},
		{"none", nil, EN},
		{"garbage", []string{"not a locale!"}, EN},
		{"empty then fr", []string{"", "fr"}, FR},
		{"unknown then ja", []string{"es-ES", "ja"}, JA},
		{"first good match wins", []string{"ja", "fr"}, JA},
		{"user locale before guild locale", []string{"fr", "en-US"}, FR},
		{"posix locale", []string{"fr_FR.UTF-8"}, FR},
		{"posix C skipped", []string{"C", "ja_JP.UTF-8"}, JA},
		{"upper case", []string{"FR-ca"}, FR},
		{"spaces", []string{" ja "}, JA},
	}
	c := loadCatalog(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Match(tt.locales...); got != tt.want {
				t.Errorf("Match(%q) = %v, want %v", tt.locales, got, tt.want)
			}
			if got := c.Match(tt.locales...); got != tt.want {
				t.Errorf("Catalog.Match(%q) = %v, want %v", tt.locales, got, tt.want)
			}
		})
	}
}

func TestParseLang(t *testing.T) {
	tests := []struct {
		in     string
		want   Lang
		wantOK bool
	}{
		{"fr", FR, true},
		{"FR", FR, true},
		{"fr-CA", FR, true},
		{"fr_FR.UTF-8", FR, true},
		{"ja-JP", JA, true},
		{"ja", JA, true},
		{"en-US", EN, true},
		{"en", EN, true},
		{" en ", EN, true},
		{"", EN, false},
		{"C", EN, false},
		{"es", EN, false},
		{"french", EN, false},
		{"auto", EN, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := ParseLang(tt.in)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("ParseLang(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestLangStringAndTag(t *testing.T) {
	tests := []struct {
		name string
		l    Lang
		str  string
		tag  string
	}{
		{"en", EN, "en", "en"},
		{"fr", FR, "fr", "fr"},
		{"ja", JA, "ja", "ja"},
		{"out of range", Lang(9), "en", "en"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.l.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
			if got := tt.l.Tag().String(); got != tt.tag {
				t.Errorf("Tag() = %q, want %q", got, tt.tag)
			}
			if back, ok := ParseLang(tt.l.String()); !ok || (tt.l.valid() && back != tt.l) {
				t.Errorf("ParseLang(String()) = %v, %v", back, ok)
			}
		})
	}
}
