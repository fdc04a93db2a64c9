package sim_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/board"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
	"arbiter/i18n"
)

// catalogWords reads the words of a language's catalogs: every message of
// its engine, web and common files, lower case.
func catalogWords(t *testing.T, lang string) map[string]bool {
	t.Helper()
	words := map[string]bool{}
	var add func(v any)
	add = func(v any) {
		switch x := v.(type) {
		case string:
			for _, w := range wordRE.FindAllString(x, -1) {
				words[strings.ToLower(w)] = true
			}
		case map[string]any:
			for _, y := range x {
				add(y)
			}
		}
	}
	for _, domain := range []string{"engine", "web", "common"} {
		raw, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "i18n", "locales", lang, domain+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		add(m)
	}
	return words
}

// wordRE matches a word of Latin letters; idRE an internal id such as
// "main1", "begin_combat" or "oot:vanishing".
var (
	wordRE = regexp.MustCompile(`[\p{Latin}']+`)
	idRE   = regexp.MustCompile(`\b[a-z]+(?:[_:][a-z0-9]+|[0-9]+)\b`)
)

// readerTexts gathers everything a reader of p's language sees of run r:
// the trace (but the expectations, which quote the scenario), each
// action in words, and the board of every step as laid out for the
// pictures (the PNG and the SVG share it).
func readerTexts(p *i18n.Printer, sc *engine.Scenario, r *engine.Result) []string {
	var out []string
	for _, l := range render.Trace(p, r) {
		if strings.HasPrefix(l, "✓") || strings.HasPrefix(l, "✗") {
			continue
		}
		out = append(out, l)
	}
	for _, a := range sc.Actions {
		out = append(out, render.ActionText(p, r, a))
	}
	words := board.LocalWords(p).Named(render.BoardNames(p, r))
	states := []engine.State{r.Initial}
	for _, f := range r.Frames {
		states = append(states, f.State)
	}
	for n, st := range states {
		b := board.LayOut(st, n, words)
		out = append(out, b.Title, b.Desc, b.Header)
		for _, t := range b.Notes {
			out = append(out, t.Text)
		}
		for _, it := range b.Legend {
			out = append(out, it.Text)
		}
		for _, c := range b.Cards {
			out = append(out, strings.Join(c.Name, " "), c.Title, c.Sub)
		}
		for _, band := range b.Bands {
			out = append(out, band.Name, band.Life)
		}
	}
	return out
}

// TestPresetsInTheReadersLanguage plays every preset for French and
// Japanese readers with the cards data and checks that nothing they read,
// in the trace or in the pictures, is in English but a card's English name
// beside its printed one (or a card the data has no printed name for, and
// the players' names), and that no internal id shows. It also checks that
// preset titles name cards only as {English name}, which the cards data
// turns into the reader's name for it.
func TestPresetsInTheReadersLanguage(t *testing.T) {
	var names []string
	runs := map[string]*engine.Result{}
	scs := map[string]*engine.Scenario{}
	for _, pi := range engine.Presets() {
		sc, r, err := engine.RunPreset(pi.Name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		runs[pi.Name], scs[pi.Name] = r, sc
		for _, n := range r.Names {
			names = append(names, n)
		}
		for _, title := range pi.Title {
			for _, m := range regexp.MustCompile(`\{([^}]+)\}`).FindAllStringSubmatch(title, -1) {
				names = append(names, m[1])
			}
		}
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	ix := testutil.CardsIndexOf(t, testutil.CardLinesWhere(t, func(name, _ string) bool { return want[name] }))
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	en, fr := catalogWords(t, "en"), catalogWords(t, "fr")
	for name := range runs {
		for _, l := range []i18n.Lang{i18n.FR, i18n.JA} {
			p := cat.Printer(l)
			_, r, err := sim.Preset(context.Background(), name, ix)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(name+"/"+l.String(), func(t *testing.T) {
				// What may stay in English: the players' names, and each
				// card's English name, beside its printed one or alone
				// when the data has none in this language.
				var allowed []string
				for _, pl := range r.Initial.Players {
					allowed = append(allowed, pl.Name)
				}
				for id, english := range r.Names {
					local := r.LocalNames[id][l.String()]
					allowed = append(allowed, "("+english+")", "（"+english+"）")
					if local == "" {
						allowed = append(allowed, english)
					}
				}
				if strings.Contains(r.Title[l.String()], "{") {
					t.Errorf("title %q keeps a card name in braces", r.Title[l.String()])
				}
				for _, text := range readerTexts(p, scs[name], r) {
					rest := text
					for _, a := range allowed {
						rest = strings.ReplaceAll(rest, a, " ")
					}
					if id := idRE.FindString(rest); id != "" {
						t.Errorf("an internal id %q shows in %q", id, text)
					}
					for _, w := range wordRE.FindAllString(rest, -1) {
						lw := strings.ToLower(strings.Trim(w, "'"))
						switch {
						case l == i18n.JA && len(lw) > 1 && lw != "ygopro" && lw != "core":
							t.Errorf("%q in Japanese: %q", w, text)
						case l == i18n.FR && len(lw) > 2 && en[lw] && !fr[lw]:
							t.Errorf("%q in French: %q", w, text)
						}
					}
				}
			})
		}
	}
	// No preset writes a card's printed name by hand: the data gives it.
	for _, pi := range engine.Presets() {
		for _, n := range runs[pi.Name].Names {
			d, ok := ix.CardData(context.Background(), n)
			if !ok {
				continue
			}
			for _, l := range []string{"fr", "ja"} {
				for _, local := range d.Names[l] {
					if local != n && len([]rune(local)) > 2 && strings.Contains(pi.Title[l], local) {
						t.Errorf("%s: the %s title writes %q by hand: write {%s}", pi.Name, l, local, n)
					}
				}
			}
		}
	}
}
