package i18n

import (
	"strings"
	"testing"
	"unicode"
)

func TestFrenchSpaces(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"space before colon", "Voici ce que disent les règles :", "Voici ce que disent les règles\u00a0:"},
		{"no space before colon after a word", "Sources:", "Sources\u00a0:"},
		{"question mark", "Aura ?", "Aura\u202f?"},
		{"question mark glued", "Aura?", "Aura\u202f?"},
		{"exclamation", "Enfin!", "Enfin\u202f!"},
		{"semicolon", "erreur interne ; voir le journal", "erreur interne\u202f; voir le journal"},
		{"several spaces collapse", "Quoi   ?", "Quoi\u202f?"},
		{"wrong no-break space fixed", "Quoi\u00a0? Note\u202f:", "Quoi\u202f? Note\u00a0:"},
		{"guillemets", "« bot help »", "«\u00a0bot help\u00a0»"},
		{"guillemets glued", "«bot help»", "«\u00a0bot help\u00a0»"},
		{"after a verb", "%[1]s : %[2]s", "%[1]s\u00a0: %[2]s"},
		{"after a verb glued", "%[1]s?", "%[1]s\u202f?"},
		{"after a parenthesis", "(voir plus haut):", "(voir plus haut)\u00a0:"},
		{"after a code span", "`bot help`:", "`bot help`\u00a0:"},
		{"url untouched", "https://magic.wizards.com/fr/rules?lang=fr", "https://magic.wizards.com/fr/rules?lang=fr"},
		{"time untouched", "à 15:30", "à 15:30"},
		{"bang prefix untouched", "!common.x", "!common.x"},
		{"percent verb untouched", "100 %% sûr", "100 %% sûr"},
		{"code span untouched", "exemple : `/ruling question: x?`.", "exemple\u00a0: `/ruling question: x?`."},
		{"unclosed backquote", "a ` b :", "a ` b\u00a0:"},
		{"line start kept", "Options :\n  : rien", "Options\u00a0:\n  : rien"},
		{"combined marks", "Vraiment ?!", "Vraiment\u202f?!"},
		{"ellipsis and question", "Et alors… ?", "Et alors…\u202f?"},
		{"guillemets then colon", "« x » :", "«\u00a0x\u00a0»\u00a0:"},
		{"empty", "", ""},
		{"multiline", "usage : bot\ncommandes : ask", "usage\u00a0: bot\ncommandes\u00a0: ask"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := frenchSpaces(tt.in)
			if got != tt.want {
				t.Errorf("frenchSpaces(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := frenchSpaces(got); again != got {
				t.Errorf("not idempotent: %q then %q", got, again)
			}
		})
	}
}

func TestTypographyOnlyFrench(t *testing.T) {
	for _, l := range []Lang{EN, JA} {
		if got := typography(l, "Sources : « x » ?"); got != "Sources : « x » ?" {
			t.Errorf("typography(%s) changed the text: %q", l, got)
		}
	}
}

func TestFrenchCatalogIsTypeset(t *testing.T) {
	msgs, _ := rawMessages(t)
	c := loadCatalog(t)
	p := c.Printer(FR)
	for k, raw := range msgs[FR] {
		sh := parseShape(t, raw)
		for _, r := range render(p, k, sh) {
			if got := frenchSpaces(r.text); got != r.text {
				t.Errorf("%s %s renders %q, which French spacing would change to %q", k, r.label, r.text, got)
			}
		}
	}
}

// TestJapanesePunctuation checks that Japanese messages use full-width
// parentheses and question and exclamation marks next to Japanese text.
func TestJapanesePunctuation(t *testing.T) {
	msgs, _ := rawMessages(t)
	isJa := func(r rune) bool { return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) }
	for k, raw := range msgs[JA] {
		for form, tmpl := range parseShape(t, raw).forms {
			rs := []rune(tmpl)
			for i, r := range rs {
				if !strings.ContainsRune("()?!", r) {
					continue
				}
				if (i > 0 && isJa(rs[i-1])) || (i+1 < len(rs) && isJa(rs[i+1])) {
					t.Errorf("%s (form %q): ASCII %q next to Japanese text in %q; use （）？！", k, form, r, tmpl)
				}
			}
		}
	}
}
