package kb

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// testRenumbering is a renumbering table for the forum fixtures.
func testRenumbering(t *testing.T) Renumbering {
	t.Helper()
	ren, err := ParseRenumbering("renumbering.yaml", []byte(`
- {old: "502.15", current: "702.26", changed: "2009-07-11"}
- {old: "502.15c", current: "702.26m"}
- {old: "217.8", abolished: true}
`))
	if err != nil {
		t.Fatal(err)
	}
	return ren
}

func TestParseSeedFixtures(t *testing.T) {
	tests := []struct {
		file string
		kind DocumentKind
		want []Doc
	}{
		{"feed.txt", DocFeed, []Doc{
			{ID: "feed", Kind: KindDoc, Game: "mtg", Lang: "fr", Title: "Clarifications officielles de Wizards of the Coast",
				Text: "Clarifications officielles de Wizards of the Coast. La traduction FR ci-dessous est générée automatiquement (IA) — l'original anglais reste la source de vérité."},
			{ID: "feed-1", Kind: KindRuling, Game: "mtg", Lang: "en", Source: "wotc", Date: "2022-02-18",
				Text: "A phased-out permanent is treated as though it does not exist."},
			{ID: "feed-2", Kind: KindRuling, Game: "mtg", Lang: "fr", Source: "wotc", Date: "2023-03-01", MachineTranslated: true,
				Text: "Un permanent hors phase est traité comme s'il n'existait pas."},
		}},
		{"forum.txt", DocForum, []Doc{
			{ID: "forum-c1", Kind: KindDoc, Game: "mtg", Lang: "fr", Title: "I. Introduction", Text: "Un texte de présentation.", Source: "forum"},
			{ID: "forum-502.15", Kind: KindRule, Game: "mtg", Lang: "fr", Ref: "502.15", Title: "Déphasage", Text: "Déphasage",
				Parent: "502", Obsolete: true, Current: "702.26", Source: "forum"},
			{ID: "forum-502.15a", Kind: KindRule, Game: "mtg", Lang: "fr", Ref: "502.15a", Text: "Le déphasage est une capacité statique.",
				Parent: "502.15", Obsolete: true, Current: "702.26", Source: "forum"},
			{ID: "forum-c2", Kind: KindDoc, Game: "mtg", Lang: "fr", Title: "I. Introduction", Ref: "502.15a", Text: "Un commentaire sur la règle.",
				Cites: []string{"702.26"}, Source: "forum"},
			{ID: "forum-502.15b", Kind: KindRule, Game: "mtg", Lang: "fr", Ref: "502.15b",
				Text:     `Lors de l'étape de dégagement, les permanents passent hors phase. (Voir règle 217.8, "Hors phase".)`,
				Examples: []string{"un exemple officiel."}, SeeAlso: []string{"217.8"},
				Parent: "502.15", Obsolete: true, Current: "702.26", Source: "forum"},
			{ID: "forum-217.8a", Kind: KindRule, Game: "mtg", Lang: "fr", Ref: "217.8a", Text: "Les permanents hors phase sont placés dans la zone hors phase.",
				Parent: "217.8", Obsolete: true, Source: "forum"},
			{ID: "forum-c3", Kind: KindDoc, Game: "mtg", Lang: "fr", Title: "I. Introduction", Ref: "217.8a", Text: "Fin du commentaire!", Source: "forum"},
		}},
		{"wiki.txt", DocWikiDiff, []Doc{
			{ID: "wiki-1", Kind: KindDoc, Game: "mtg", Lang: "ja", Text: "フェイズ・アウト/Phase Out は位相の1つ。"},
			{ID: "wiki-2", Kind: KindDoc, Game: "mtg", Lang: "ja", Ref: "概要", Title: "概要",
				Text: "バトルフィールドに存在しないかのように扱うCR 702.26b。\nフェイズ・イン", Cites: []string{"702.26b"}},
		}},
		{"article.txt", DocArticle, []Doc{
			{ID: "article-1", Kind: KindDoc, Game: "ygo", Lang: "fr", Ref: "Les phases", Title: "Les phases",
				Text: "Que se passe-t-il lors de la End Phase ?\n\nLes effets s'activent un par un, dans cet ordre :\n\n1- Le joueur actif active un effet\n2- Le joueur passif active un effet"},
			{ID: "article-2", Kind: KindDoc, Game: "ygo", Lang: "fr", Ref: "Les phases", Title: "Les phases", Text: "Fin de l'article."},
		}},
	}
	ren := testRenumbering(t)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			src := readTestdata(t, "seeds/"+tt.file)
			if k := DetectDocument(tt.file, src); k != tt.kind {
				t.Errorf("DetectDocument = %s, want %s", k, tt.kind)
			}
			got, err := ParseDocumentWith(tt.file, src, ren)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Errorf("%d docs, want %d", len(got), len(tt.want))
			}
			for i := 0; i < len(got) && i < len(tt.want); i++ {
				if !reflect.DeepEqual(got[i], tt.want[i]) {
					t.Errorf("doc %d\ngot  %#v\nwant %#v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestParseDocumentErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		code string
	}{
		{"empty.txt", "", CodeEmpty},
		{"blank.txt", "\n \n", CodeEmpty},
		{"latin1.txt", "caf\xe9 cr\xe8me", CodeBadEncoding},
		{"nul.txt", "a\x00b", CodeBadEncoding},
		{"feed-bad-date.txt", "En-tête\n31 février 2022 · source : wotc\nTexte.\n", CodeBadDate},
		{"feed-empty-entry.txt", "En-tête\n18 février 2022 · source : wotc\n18 février 2022 · source : wotc\nTexte.\n", CodeMissingField},
		{"forum-duplicate.txt", "502.15a Une règle.\n502.15b Une autre.\n502.15a Encore une.\n", CodeDuplicateID},
		{"bad.yaml", "docs: [", CodeBadYAML},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseDocument(tt.name, []byte(tt.src))
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Code != tt.code {
				t.Errorf("err = %v, want code %s", err, tt.code)
			}
		})
	}
}

// readSeed reads one of the project's seed documents (../shared/seeds next
// to the repository root), skipping the test when it is absent.
func readSeed(t *testing.T, prefix string) (string, []byte) {
	t.Helper()
	dir := filepath.Join(filepath.Dir(filepath.Dir(sharedData(t, "SOURCES.md"))), "seeds")
	m, _ := filepath.Glob(filepath.Join(dir, prefix+"_*.txt"))
	if len(m) != 1 {
		t.Skipf("seed %s absent from %s", prefix, dir)
	}
	b, err := os.ReadFile(m[0])
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Base(m[0]), b
}

func TestParseSeedForum(t *testing.T) {
	name, src := readSeed(t, "000")
	docs, err := ParseDocumentWith(name, src, testRenumbering(t))
	if err != nil {
		t.Fatal(err)
	}
	stem := strings.TrimSuffix(name, ".txt")
	byID := make(map[string]Doc)
	var rules []string
	for _, d := range docs {
		byID[d.ID] = d
		if d.Kind == KindRule {
			rules = append(rules, d.Ref)
			if !d.Obsolete {
				t.Errorf("%s is not Obsolete", d.ID)
			}
		}
	}
	want := strings.Fields("502.15 502.15a 502.15b 217.8 217.8a 217.8b 217.8c 217.8d 502.15c 502.15d 502.15e 502.15f 502.15g 502.15h 502.15i 502.15j 502.15k 502.15m 502.15n 502.15p")
	if !slices.Equal(rules, want) {
		t.Errorf("rules %q\nwant  %q", rules, want)
	}
	tests := []struct {
		name, id, prefix, suffix, current string
	}{
		{"glued after commentary", "502.15c", "Si un sort ou une capacité", "ce tour-ci.", "702.26m"},
		{"glued after a long comment", "502.15d", "Les permanents qui passent en phase", "d'entretien.).", "702.26"},
		{"glued after a list", "502.15p", "Des exemplaires multiples", "redondants.", "702.26"},
		{"abolished zone", "217.8d", "Les jetons dans la zone hors phase", "fin de la partie.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ok := byID[stem+"-"+tt.id]
			if !ok {
				t.Fatalf("no rule %s", tt.id)
			}
			if !strings.HasPrefix(d.Text, tt.prefix) || !strings.HasSuffix(d.Text, tt.suffix) || d.Current != tt.current {
				t.Errorf("%s: current %q text %q", tt.id, d.Current, d.Text)
			}
		})
	}
	if ex := byID[stem+"-502.15g"].Examples; len(ex) != 1 || !strings.HasPrefix(ex[0], "une créature sous l'effet d'une Croissance Gigantesque") {
		t.Errorf("502.15g examples %q", ex)
	}
	var comment *Doc
	for i, d := range docs {
		if d.Kind == KindDoc && d.Ref == "217.8d" {
			comment = &docs[i]
		}
	}
	if comment == nil || comment.Text != "Encore un bon moyen d'éliminer de gros jetons!" {
		t.Errorf("commentary after 217.8d = %+v", comment)
	}
}

func TestParseSeedFeeds(t *testing.T) {
	tests := []struct {
		seed, date string
		entries    int
	}{
		{"001", "2022-02-18", 10},
		{"004", "2022-09-09", 11},
	}
	for _, tt := range tests {
		t.Run(tt.seed, func(t *testing.T) {
			name, src := readSeed(t, tt.seed)
			f, err := ParseFeedRecord(name, src)
			if err != nil {
				t.Fatal(err)
			}
			if !f.MachineTranslation || f.Lang != "fr" || !strings.Contains(f.Statement, "source de vérité") {
				t.Errorf("header: %+v", f)
			}
			if len(f.Entries) != tt.entries {
				t.Errorf("%d entries, want %d", len(f.Entries), tt.entries)
			}
			for _, e := range f.Entries {
				if e.Date != tt.date || e.Source != "wotc" || e.Lang != "en" || e.MachineTranslated {
					t.Errorf("entry at line %d: %+v", e.Line, e)
				}
			}
			docs := f.Docs(name)
			if len(docs) != tt.entries+1 || docs[0].Kind != KindDoc || docs[1].Kind != KindRuling {
				t.Errorf("docs %+v", docs)
			}
		})
	}
}

func TestParseSeedWikiDiff(t *testing.T) {
	name, src := readSeed(t, "002")
	docs, err := ParseDocument(name, src)
	if err != nil {
		t.Fatal(err)
	}
	var refs, cites []string
	for _, d := range docs {
		refs = append(refs, d.Ref)
		cites = append(cites, d.Cites...)
		if d.Lang != "ja" || d.Kind != KindDoc {
			t.Errorf("%s: lang %s kind %s", d.ID, d.Lang, d.Kind)
		}
		for _, markup := range []string{"[[", "]]", "{{", "'''", "<ref", "__NOTOC__"} {
			if strings.Contains(d.Text, markup) {
				t.Errorf("%s keeps markup %q: %q", d.ID, markup, clip(d.Text, 80))
			}
		}
		// Lines of the unsaved edit (right column) must not appear.
		for _, edit := range []string{"上記の行動によって変更される", "==ルール==", "位相を、フェイズ・イン"} {
			if strings.Contains(d.Text, edit) {
				t.Errorf("%s holds text of the unsaved edit %q", d.ID, edit)
			}
		}
	}
	want := []string{"", "概要", "フェイズ・アウトする", "フェイズ・アウト状態", "フェイズ・イン", "持続的なフェイズ・アウト", "フェイズ・アウト領域 (廃語)", "取り扱いの変遷", "その他", "参考"}
	if !slices.Equal(refs, want) {
		t.Errorf("sections %q\nwant     %q", refs, want)
	}
	for _, c := range []string{"610.3", "610.4", "603.10b"} {
		if !slices.Contains(cites, c) {
			t.Errorf("cites %q lack %s", cites, c)
		}
	}
	if !strings.HasPrefix(docs[0].Text, "フェイズ・アウト/Phase Out は、パーマネントの取り得る位相の1つ。") {
		t.Errorf("intro %q", clip(docs[0].Text, 60))
	}
}

func TestParseSeedArticle(t *testing.T) {
	name, src := readSeed(t, "003")
	docs, err := ParseDocument(name, src)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range docs {
		if d.Game != "ygo" || d.Lang != "fr" || d.Kind != KindDoc {
			t.Errorf("%s: game %s lang %s kind %s", d.ID, d.Game, d.Lang, d.Kind)
		}
		if strings.Contains(d.Text, "1- Le joueur actif") {
			found = true
			for _, step := range []string{"2- Le joueur passif", "3- Le joueur actif", "4- Le joueur passif", "Tout cela suit un ordre particulier :"} {
				if !strings.Contains(d.Text, step) {
					t.Errorf("the procedure's doc lacks %q", step)
				}
			}
		}
	}
	if !found {
		t.Error("no doc holds the numbered procedure")
	}
}
