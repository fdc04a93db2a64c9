package i18n

import "testing"

func TestDate(t *testing.T) {
	c := loadCatalog(t)
	tests := []struct {
		name string
		lang Lang
		in   string
		want string
	}{
		{"en", EN, "2022-02-18", "February 18, 2022"},
		{"en first", EN, "2026-04-01", "April 1, 2026"},
		{"fr", FR, "2022-02-18", "18 février 2022"},
		{"fr first of month is 1er", FR, "2022-03-01", "1er mars 2022"},
		{"fr august", FR, "2026-08-07", "7 août 2026"},
		{"fr december", FR, "1995-12-31", "31 décembre 1995"},
		{"ja", JA, "2022-02-18", "2022年2月18日"},
		{"ja first", JA, "2026-01-01", "2026年1月1日"},
		{"en timestamp", EN, "2022-09-09T00:00:00Z", "September 9, 2022"},
		{"fr timestamp", FR, "2022-09-09T10:30:00+02:00", "9 septembre 2022"},
		{"year not grouped", EN, "1000-01-02", "January 2, 1000"},
		{"unparsable returned as is", FR, "18/02/2022", "18/02/2022"},
		{"impossible day returned as is", EN, "2022-02-30", "2022-02-30"},
		{"empty", JA, "", ""},
		{"only a year", EN, "2022", "2022"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Printer(tt.lang).Date(tt.in); got != tt.want {
				t.Errorf("%s Date(%q) = %q, want %q", tt.lang, tt.in, got, tt.want)
			}
		})
	}
}

func TestNumber(t *testing.T) {
	c := loadCatalog(t)
	tests := []struct {
		name string
		lang Lang
		n    int
		want string
	}{
		{"en small", EN, 702, "702"},
		{"en thousands", EN, 12345, "12,345"},
		{"en millions", EN, 1234567, "1,234,567"},
		{"en negative", EN, -4500, "-4,500"},
		{"fr small", FR, 999, "999"},
		{"fr thousands use U+00A0", FR, 12345, "12\u00a0345"},
		{"fr millions", FR, 1234567, "1\u00a0234\u00a0567"},
		{"ja thousands", JA, 12345, "12,345"},
		{"zero", JA, 0, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Printer(tt.lang).Number(tt.n); got != tt.want {
				t.Errorf("%s Number(%d) = %q, want %q", tt.lang, tt.n, got, tt.want)
			}
		})
	}
}

func TestList(t *testing.T) {
	c := loadCatalog(t)
	tests := []struct {
		name  string
		lang  Lang
		items []string
		and   string
		or    string
	}{
		{"en none", EN, nil, "", ""},
		{"en one", EN, []string{"A"}, "A", "A"},
		{"en two", EN, []string{"A", "B"}, "A and B", "A or B"},
		{"en three", EN, []string{"A", "B", "C"}, "A, B and C", "A, B or C"},
		{"en four", EN, []string{"A", "B", "C", "D"}, "A, B, C and D", "A, B, C or D"},
		{"fr two", FR, []string{"A", "B"}, "A et B", "A ou B"},
		{"fr three", FR, []string{"A", "B", "C"}, "A, B et C", "A, B ou C"},
		{"fr items keep their own punctuation", FR, []string{"Aura ?", "x: y"}, "Aura ? et x: y", "Aura ? ou x: y"},
		{"ja two", JA, []string{"A", "B"}, "A、B", "AまたはB"},
		{"ja three", JA, []string{"A", "B", "C"}, "A、B、C", "A、B、またはC"},
		{"items with verbs are not formatted", EN, []string{"100%", "%d"}, "100% and %d", "100% or %d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := c.Printer(tt.lang)
			if got := p.List(tt.items); got != tt.and {
				t.Errorf("List(%q) = %q, want %q", tt.items, got, tt.and)
			}
			if got := p.ListOr(tt.items); got != tt.or {
				t.Errorf("ListOr(%q) = %q, want %q", tt.items, got, tt.or)
			}
		})
	}
}

func TestCardName(t *testing.T) {
	c := loadCatalog(t)
	tests := []struct {
		name      string
		lang      Lang
		english   string
		localized string
		want      string
	}{
		{"fr", FR, "Teferi's Protection", "Protection de Téfeiri", "Protection de Téfeiri (Teferi's Protection)"},
		{"ja full-width parentheses", JA, "Teferi's Protection", "テフェリーの防御", "テフェリーの防御（Teferi's Protection）"},
		{"en shows English only", EN, "Teferi's Protection", "Protection de Téfeiri", "Teferi's Protection"},
		{"no localized name", FR, "Oubliette", "", "Oubliette"},
		{"same name in both", FR, "Oubliette", "Oubliette", "Oubliette"},
		{"no English name", JA, "", "三戦の才", "三戦の才"},
		{"names with percent signs stay literal", FR, "100% Pure", "100 % pur", "100 % pur (100% Pure)"},
		{"french punctuation in names untouched", FR, "Why?", "Pourquoi?", "Pourquoi? (Why?)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CardName(c.Printer(tt.lang), tt.english, tt.localized); got != tt.want {
				t.Errorf("CardName(%s, %q, %q) = %q, want %q", tt.lang, tt.english, tt.localized, got, tt.want)
			}
		})
	}
}

func TestLangName(t *testing.T) {
	c := loadCatalog(t)
	tests := []struct {
		name    string
		printer Lang
		of      Lang
		want    string
	}{
		{"en en", EN, EN, "English"},
		{"en fr", EN, FR, "French"},
		{"fr en", FR, EN, "anglais"},
		{"fr ja", FR, JA, "japonais"},
		{"ja fr", JA, FR, "フランス語"},
		{"ja ja", JA, JA, "日本語"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Printer(tt.printer).LangName(tt.of); got != tt.want {
				t.Errorf("LangName = %q, want %q", got, tt.want)
			}
		})
	}
}
