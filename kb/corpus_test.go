package kb

import (
	"errors"
	"io/fs"
	"path"
	"reflect"
	"slices"
	"strings"
	"testing"

	"arbiter/data"
)

func TestParseCorpusGood(t *testing.T) {
	docs, err := ParseCorpus("good.yaml", readTestdata(t, "corpus/good.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	base := Doc{Game: "mtg", Source: "wotc", Title: "Test release notes", URL: "https://example.org/notes", Date: "2022-02-18"}
	want := []Doc{
		with(base, func(d *Doc) {
			d.ID, d.Kind, d.Lang, d.Card, d.Ref = "notes-1", KindRuling, "en", "March of Swirling Mist", "702.26"
			d.Text, d.Cites, d.Preset = "Phased-out permanents are treated as though they don't exist.", []string{"702.26b"}, "aura-phases-with-host"
		}),
		with(base, func(d *Doc) {
			d.ID, d.OriginalID, d.Kind, d.Lang, d.Card, d.Ref = "notes-1.fr", "notes-1", KindRuling, "fr", "March of Swirling Mist", "702.26"
			d.Text, d.Cites, d.Preset, d.MachineTranslated = "Les permanents hors phase sont traités comme s'ils n'existaient pas.", []string{"702.26b"}, "aura-phases-with-host", true
		}),
		with(base, func(d *Doc) {
			d.ID, d.Kind, d.Lang, d.Ref, d.Obsolete, d.Current, d.Date = "old-502.15h", KindRule, "en", "502.15h", true, "702.26d", "2001-04-11"
			d.Text = "Phased-out cards remember their history."
		}),
	}
	if !reflect.DeepEqual(docs, want) {
		t.Errorf("got\n%#v\nwant\n%#v", docs, want)
	}
}

// TestParseCorpusTranslationFirst checks that a translation may come before
// its original in the file.
func TestParseCorpusTranslationFirst(t *testing.T) {
	docs, err := ParseCorpus("c.yaml", []byte("lang: en\ndocs:\n  - {id: a.fr, original_id: a, lang: fr, text: b}\n  - {id: a, kind: ruling, card: X, cites: [702.26], text: a}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if d := docs[0]; d.Kind != KindRuling || d.Card != "X" || !reflect.DeepEqual(d.Cites, []string{"702.26"}) || d.Lang != "fr" {
		t.Errorf("translation = %+v", d)
	}
}

func with(d Doc, f func(*Doc)) Doc {
	f(&d)
	return d
}

func TestParseCorpusErrors(t *testing.T) {
	const head = "source: wotc\nlang: en\ndocs:\n"
	tests := []struct {
		name, src, code string
		line            int
	}{
		{"empty", "", CodeEmpty, 0},
		{"syntax", "docs: [\n", CodeBadYAML, 0},
		{"unknown file key", "sauce: wotc\ndocs: []\n", CodeUnknownKey, 1},
		{"unknown doc key", head + "  - id: a\n    kind: doc\n    txt: x\n", CodeUnknownKey, 6},
		{"wrong type", head + "  - id: a\n    kind: doc\n    text: x\n    cites: 702.26\n", CodeWrongType, 7},
		{"duplicate id", head + "  - {id: a, kind: doc, text: x}\n  - {id: a, kind: doc, text: y}\n", CodeDuplicateID, 5},
		{"missing original", head + "  - {id: a.fr, original_id: a, lang: fr, text: x}\n", CodeMissingOriginal, 4},
		{"translation cycle", head + "  - {id: a, original_id: b, text: x}\n  - {id: b, original_id: a, text: y}\n", CodeMissingOriginal, 0},
		{"bad date", head + "  - {id: a, kind: doc, text: x, date: 18/02/2022}\n", CodeBadDate, 4},
		{"impossible date", head + "  - {id: a, kind: doc, text: x, date: 2022-02-30}\n", CodeBadDate, 4},
		{"bad file date", "date: 2022\n" + head + "  - {id: a, kind: doc, text: x}\n", CodeBadDate, 1},
		{"bad lang", head + "  - {id: a, kind: doc, text: x, lang: de}\n", CodeBadLang, 4},
		{"no lang", "docs:\n  - {id: a, kind: doc, text: x}\n", CodeMissingField, 2},
		{"bad id", head + "  - {id: \"a b\", kind: doc, text: x}\n", CodeBadID, 4},
		{"no id", head + "  - {kind: doc, text: x}\n", CodeMissingField, 4},
		{"bad kind", head + "  - {id: a, kind: news, text: x}\n", CodeBadKind, 4},
		{"bad game", "game: chess\n" + head + "  - {id: a, kind: doc, text: x}\n", CodeBadKind, 1},
		{"no text", head + "  - {id: a, kind: doc}\n", CodeMissingField, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseCorpus("c.yaml", []byte(tt.src))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *ParseError", err)
			}
			if pe.Code != tt.code || pe.File != "c.yaml" || (tt.line != 0 && pe.Line != tt.line) {
				t.Errorf("err = %+v, want code %s at line %d", pe, tt.code, tt.line)
			}
		})
	}
}

func TestParseGlossary(t *testing.T) {
	g, err := ParseGlossary("glossary.yaml", []byte(`
- {id: battlefield, en: [battlefield], fr: ["champ de bataille"], ja: [戦場], old_en: ["in play"], old_fr: ["en jeu"]}
- {id: aura, en: [Aura], fr: [Aura], ja: [オーラ], old_en: ["local enchantment"], old_fr: ["enchantement local"], note: "renamed in 2009"}
- {id: phasing, en: [phasing], fr: [déphasage], ja: [フェイジング]}
- {id: chain, en: [chain], fr: [chaîne], ja: [チェーン], game: ygo}
- {id: chain-mtg, en: [chain], fr: [chaîne], ja: [連鎖], game: mtg}
- {id: trample, en: [trample], fr: [piétinement], ja: [トランプル], text_en: ["excess damage"]}
`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		term, id, lang, preferredFR string
		obsolete                    bool
	}{
		{"Champ de Bataille", "battlefield", "fr", "champ de bataille", false},
		{"en jeu", "battlefield", "fr", "champ de bataille", true},
		{"ENCHANTEMENT  LOCAL", "aura", "fr", "Aura", true},
		{"Dephasage", "phasing", "fr", "déphasage", false},
		{"ﾌｪｲｼﾞﾝｸﾞ", "phasing", "ja", "déphasage", false},
		{"chaine", "chain", "fr", "chaîne", false},
	}
	for _, tt := range tests {
		t.Run(tt.term, func(t *testing.T) {
			m, ok := g.Lookup(tt.term)
			if !ok {
				t.Fatalf("Lookup(%q) found nothing", tt.term)
			}
			if m.Term.ID != tt.id || m.Lang != tt.lang || m.Obsolete != tt.obsolete || m.Term.Preferred("fr") != tt.preferredFR {
				t.Errorf("Lookup(%q) = %+v", tt.term, m)
			}
		})
	}
	// The words texts use for a term are no name of it.
	if m, ok := g.Lookup("trample"); !ok || !slices.Equal(m.Term.Texts, []string{"excess damage"}) {
		t.Errorf("Lookup(trample) = %+v, want the texts' words [excess damage]", m)
	}
	if _, ok := g.Lookup("excess damage"); ok {
		t.Error("Lookup(excess damage) found an entry")
	}
	if _, ok := g.Lookup("banding"); ok {
		t.Error("Lookup(banding) found an entry")
	}
	if all := g.LookupAll("chain"); len(all) != 2 || all[1].Term.Game != "mtg" {
		t.Errorf("LookupAll(chain) = %+v", all)
	}
	bad := []struct{ name, src, code string }{
		{"no english", "- {id: x, fr: [a]}", CodeMissingField},
		{"duplicate id", "- {id: x, en: [a]}\n- {id: x, en: [b]}", CodeDuplicateID},
		{"term in two entries", "- {id: x, en: [a]}\n- {id: y, en: [b], old_en: [A]}", CodeDuplicateID},
		{"unknown key", "- {id: x, en: [a], de: [b]}", CodeUnknownKey},
		{"bad game", "- {id: x, en: [a], game: chess}", CodeBadKind},
		{"not a list", "id: x", CodeWrongType},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseGlossary("g.yaml", []byte(tt.src))
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Code != tt.code {
				t.Errorf("err = %v, want code %s", err, tt.code)
			}
		})
	}
}

func TestParseRenumbering(t *testing.T) {
	ren, err := ParseRenumbering("renumbering.yaml", []byte(`
- {old: "502.15", current: "702.26", changed: "2009-07-11"}
- {old: "502.15c", current: "702.26m"}
- {old: "502.15h", current: "702.26d"}
- {old: "217.8", abolished: true, note: "phased out is a status now (110.5)"}
`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		old, current string
		abolished    bool
	}{
		{"502.15", "702.26", false},
		{"502.15c", "702.26m", false},
		{"502.15e", "702.26", false}, // falls under 502.15
		{"217.8d", "", true},         // falls under 217.8
	}
	for _, tt := range tests {
		t.Run(tt.old, func(t *testing.T) {
			e, ok := ren.Lookup(tt.old)
			if !ok || e.Current != tt.current || e.Abolished != tt.abolished {
				t.Errorf("Lookup(%s) = %+v, %v", tt.old, e, ok)
			}
		})
	}
	if _, ok := ren.Lookup("100.1"); ok {
		t.Error("Lookup(100.1) found an entry")
	}
	if got := ren.Olds("702.26d"); !reflect.DeepEqual(got, []string{"502.15h"}) {
		t.Errorf("Olds(702.26d) = %q", got)
	}
	bad := []struct{ name, src, code string }{
		{"no old", `- {current: "702.26"}`, CodeMissingField},
		{"neither current nor abolished", `- {old: "502.15"}`, CodeMissingField},
		{"bad date", `- {old: "502.15", current: "702.26", changed: "2009"}`, CodeBadDate},
		{"duplicate", "- {old: \"1\", abolished: true}\n- {old: \"1\", abolished: true}", CodeDuplicateID},
		{"unknown key", `- {old: "1", abolished: true, new: "2"}`, CodeUnknownKey},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRenumbering("r.yaml", []byte(tt.src))
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Code != tt.code {
				t.Errorf("err = %v, want code %s", err, tt.code)
			}
		})
	}
}

// TestEmbeddedCorpus parses every file of the embedded corpus, so a bad
// corpus file, glossary or renumbering table fails CI.
func TestEmbeddedCorpus(t *testing.T) {
	fsys := data.FS()
	ids := make(map[string]string)
	n := 0
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		t.Run(p, func(t *testing.T) {
			switch {
			case p == "glossary.yaml":
				if _, err := ParseGlossary(p, src); err != nil {
					t.Error(err)
				}
			case p == "renumbering.yaml":
				if _, err := ParseRenumbering(p, src); err != nil {
					t.Error(err)
				}
			case strings.HasPrefix(p, "corpus/") && (path.Ext(p) == ".yaml" || path.Ext(p) == ".yml"):
				docs, err := ParseCorpus(p, src)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range docs {
					if prev, dup := ids[d.ID]; dup {
						t.Errorf("id %s of %s is already used in %s", d.ID, p, prev)
					}
					ids[d.ID] = p
				}
				n += len(docs)
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d corpus docs", n)
}
