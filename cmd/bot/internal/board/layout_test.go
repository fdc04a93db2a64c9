package board

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
	"arbiter/i18n"
)

// TestBoards lays out and draws the board of every step of every preset:
// the SVG is well-formed XML with a title, the PNG decodes at twice the
// layout's size and is not blank.
func TestBoards(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, pi := range engine.Presets() {
		t.Run(pi.Name, func(t *testing.T) {
			_, res, err := engine.RunPreset(pi.Name, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range res.Frames {
				for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
					b := LayOut(f.State, f.Index+1, LocalWords(cat.Printer(l)))
					svg := string(SVG(b, "x"))
					if err := wellFormed(svg); err != nil {
						t.Fatalf("step %d %s: SVG: %v", f.Index+1, l, err)
					}
					if strings.Contains(svg, "!web.") || strings.Contains(svg, "!engine.") {
						t.Errorf("step %d %s: missing message in %s", f.Index+1, l, b.Desc)
					}
				}
				ja := LocalWords(cat.Printer(i18n.JA))
				img, err := FramePNG(f, ja)
				if err != nil {
					t.Fatal(err)
				}
				m, err := png.Decode(bytes.NewReader(img))
				if err != nil {
					t.Fatal(err)
				}
				b := LayOut(f.State, f.Index+1, ja)
				if got := m.Bounds().Size(); got.X != int(b.W*pngScale) || got.Y < int(b.H*pngScale) {
					t.Errorf("PNG %v for a %vx%v board", got, b.W, b.H)
				}
				if n := testutil.DistinctColors(m); n < 8 {
					t.Errorf("step %d: PNG has %d colours: blank?", f.Index+1, n)
				}
			}
		})
	}
}

func wellFormed(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// TestBoardLayout checks what the drawing shows of the engine's state.
func TestBoardLayout(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	en := LocalWords(cat.Printer(i18n.EN))
	frame := func(t *testing.T, name string, step int) engine.Frame {
		t.Helper()
		_, res, err := engine.RunPreset(name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if step < 1 || step > len(res.Frames) {
			t.Fatalf("%s has %d steps", name, len(res.Frames))
		}
		return res.Frames[step-1]
	}
	card := func(t *testing.T, b Layout, id string) Card {
		t.Helper()
		for _, c := range b.Cards {
			if c.ID == id {
				return c
			}
		}
		t.Fatalf("no card %s on the board", id)
		return Card{}
	}
	t.Run("attachments phase out indirectly next to their host", func(t *testing.T) {
		b := LayOut(frame(t, "aura-phases-with-host", 1).State, 1, en)
		host, aura, sword := card(t, b, "efreet"), card(t, b, "rancor"), card(t, b, "sword")
		if !host.PhasedOut || host.Indirect || !aura.PhasedOut || !aura.Indirect || !sword.Indirect {
			t.Errorf("phasing: host %+v, aura %+v", host, aura)
		}
		if !(aura.Attachment && aura.Y == host.Y && aura.X > host.X && sword.X > aura.X) {
			t.Errorf("attachments not beside their host: host %v,%v aura %v,%v sword %v,%v", host.X, host.Y, aura.X, aura.Y, sword.X, sword.Y)
		}
		if len(b.Links) != 6 {
			t.Errorf("%d attachment link segments, want 6 (a bracket per attachment)", len(b.Links))
		}
		svg := string(SVG(b, "t"))
		// Two indirect cards and one direct, and the legend's two swatches.
		if strings.Count(svg, `class="card out ind"`) != 3 || strings.Count(svg, `class="card out"`) != 2 {
			t.Error("the SVG does not draw direct and indirect phasing apart")
		}
	})
	t.Run("combat arrows", func(t *testing.T) {
		b := LayOut(frame(t, "blocker-phases-out", 3).State, 3, en)
		classes := map[string]int{}
		for _, a := range b.Arrows {
			classes[a.Class]++
		}
		if classes["attack"] != 2 || classes["block"] != 2 {
			t.Errorf("arrows %v, want 2 attacks and 2 blocks", classes)
		}
		if !card(t, b, "rhino").Attacking || !card(t, b, "wall").Blocking {
			t.Error("attacker or blocker not marked")
		}
		// The defending player's band is drawn above the attacker's.
		if b.Bands[0].Name != "Bob" || b.Bands[1].Name != "Alice" || !b.Bands[1].Active {
			t.Errorf("bands %q, %q", b.Bands[0].Name, b.Bands[1].Name)
		}
	})
	t.Run("stack targets", func(t *testing.T) {
		b := LayOut(frame(t, "bolt-fizzles", 1).State, 1, en)
		if len(b.Notes) == 0 || b.Notes[0].Text != "Stack (top first): Lightning Bolt → Rainbow Efreet" {
			t.Errorf("stack note %+v", b.Notes)
		}
		if !card(t, b, "efreet").Targeted {
			t.Error("the Efreet is not marked as Lightning Bolt's target")
		}
		if !strings.Contains(string(SVG(b, "t")), `class="ring"`) {
			t.Error("no target ring in the SVG")
		}
		if after := LayOut(frame(t, "bolt-fizzles", 3).State, 3, en); card(t, after, "efreet").Targeted {
			t.Error("still targeted once the spell has left the stack")
		}
	})
	t.Run("tapped cards turn", func(t *testing.T) {
		st := engine.State{Game: "mtg", Turn: 1, Active: "Alice", Step: engine.StepMain1,
			Players: []engine.Player{{Name: "Alice", Life: 20}, {Name: "Bob", Life: 7}},
			Permanents: []engine.Permanent{
				{ID: "bears", Name: "Grizzly Bears", Types: []string{"creature"}, Controller: "Alice", Zone: engine.ZoneBattlefield, Tapped: true, Power: 2, Toughness: 2, Damage: 1, Counters: map[string]int{"+1/+1": 2}},
				{ID: "bolt", Name: "Lightning Bolt", Owner: "Bob", Zone: engine.ZoneGraveyard},
				{ID: "t", Name: "稲妻の精霊", Types: []string{"creature"}, Controller: "Bob", Zone: engine.ZoneBattlefield, Token: true},
			}}

		b := LayOut(st, 2, LocalWords(cat.Printer(i18n.FR)))
		bears := card(t, b, "bears")
		if !bears.Tapped || bears.PT != "2/2" || bears.Damage != 1 || len(bears.Counters) != 1 {
			t.Errorf("bears %+v", bears)
		}
		svg := string(SVG(b, "t"))
		if !strings.Contains(svg, `transform="rotate(90`) {
			t.Error("tapped card not rotated in the SVG")
		}
		for _, want := range []string{"Cimetière\u00a0: Lightning Bolt", "engagé", "20 points de vie", "7 points de vie", "jeton", "1 blessure"} {
			if !strings.Contains(b.Desc, want) {
				t.Errorf("description lacks %q: %s", want, b.Desc)
			}
		}
		if _, err := PNG(b); err != nil {
			t.Fatal(err)
		}
		faces, err := newPNGFaces()
		if err != nil {
			t.Fatal(err)
		}
		c := &pngCanvas{faces: faces}
		if c.drawable([]string{"𠮷𩸽"}) || !c.drawable([]string{"Éclair", "+1/+1 ×2", "稲妻の精霊"}) {
			t.Error("the PNG font coverage check is wrong")
		}
		if !c.drawable([]string{"土牢", "テフェリーの防御", "ターン"}) {
			t.Error("the embedded CJK font lacks Japanese card names")
		}
		// Every word and symbol of a Japanese or French board has a glyph.
		for _, l := range []i18n.Lang{i18n.JA, i18n.FR} {
			w := LocalWords(cat.Printer(l))
			st.YGO = &engine.YGOState{}
			for _, s := range []string{w.header(st), w.life(8000), w.hand(6), w.stack([]string{"Bolt"}), w.mandatory,
				w.zone("graveyard", []string{"Bolt"}), w.empty, w.phaseLabel("end"), w.legendOut, w.legendIndirect, w.legendTarget, "► ×"} {
				if !c.drawable([]string{s}) {
					t.Errorf("the PNG fonts cannot draw %q", s)
				}
			}
		}
	})
	t.Run("a legend says what a dashed card is", func(t *testing.T) {
		b := LayOut(frame(t, "aura-phases-with-host", 1).State, 1, LocalWords(cat.Printer(i18n.FR)))
		if len(b.Legend) != 2 || b.Legend[0].Text != "hors phase" || b.Legend[0].Dash != 5 || b.Legend[1].Dash != 2 {
			t.Errorf("legend %+v", b.Legend)
		}
		if last := b.Bands[len(b.Bands)-1]; b.Legend[0].Y <= last.Y+last.H || b.Legend[0].Y > b.H {
			t.Errorf("legend at %v, bands end at %v, board height %v", b.Legend[0].Y, last.Y+last.H, b.H)
		}
		if !strings.Contains(string(SVG(b, "t")), ">hors phase</text>") {
			t.Error("no legend in the SVG")
		}
		// A target's ring is dashed too: the legend says what it is.
		targeted := LayOut(frame(t, "bolt-fizzles", 1).State, 1, LocalWords(cat.Printer(i18n.FR)))
		if len(targeted.Legend) != 1 || !targeted.Legend[0].Ring || targeted.Legend[0].Text != "ciblé" {
			t.Errorf("legend of a board with a target %+v", targeted.Legend)
		}
		if !strings.Contains(string(SVG(targeted, "t")), `<rect class="ring"`) {
			t.Error("no ring in the SVG's legend")
		}
		_, res, err := engine.RunPreset("bolt-fizzles", engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if plain := LayOut(res.Initial, 0, en); len(plain.Legend) != 0 {
			t.Errorf("a legend with nothing phased out or targeted: %+v", plain.Legend)
		}
	})
	t.Run("long lines wrap", func(t *testing.T) {
		long := strings.Repeat("Protection de Téfeiri, ", 6) + "Colère de Dieu"
		lines := wrapText(long, boardW-2*boardPad)
		if len(lines) < 2 || strings.Join(lines, " ") != long {
			t.Errorf("wrapText: %q", lines)
		}
		for _, l := range lines {
			if textWidth(l) > boardW-2*boardPad {
				t.Errorf("line %q is %v wide", l, textWidth(l))
			}
		}
		// No Japanese line starts with a long vowel mark, a small kana or
		// closing punctuation, at any width a line can hold "（Shock）" in.
		stack := "スタック（上から）：渦巻く霧の行進 → 灰色熊、テフェリーの防御、神の怒り、ショック（Shock）"
		for width := 100.0; width < 420; width += 3 {
			lines := wrapText(stack, width)
			for i, l := range lines[1:] {
				if r, _ := utf8.DecodeRuneInString(l); noLineStart(r) {
					t.Errorf("width %v: line %d starts with %q: %q", width, i+2, r, lines)
				}
			}
		}
		if name := wrapName("虹のイフリート"); len(name) != 2 || name[1] == "ート" {
			t.Errorf("wrapName: %q", name)
		}
		ja := wrapText(strings.Repeat("テフェリーの防御、", 8), 100)
		if len(ja) < 5 || strings.Join(ja, "") != strings.Repeat("テフェリーの防御、", 8) {
			t.Errorf("Japanese wraps into %q", ja)
		}
	})
	t.Run("wrap names", func(t *testing.T) {
		for _, row := range []struct {
			name string
			want []string
		}{
			{"Rancor", []string{"Rancor"}},
			{"Rainbow Efreet", []string{"Rainbow", "Efreet"}},
			{"Oubliette", []string{"Oubliette"}},
			{"Teferi's Protection of the Mighty Realm", []string{"Teferi's", "Protection", "of the Mi…"}},
			{"Supercalifragilistic", []string{"Supercalif…"}},
			{"土牢", []string{"土牢"}},
			{"テフェリーの防御", []string{"テフェリー", "の防御"}},
			{"虹色のイフリートの長い名前を持つカード", []string{"虹色のイフ", "リートの長", "い名前を…"}},
		} {
			if got := wrapName(row.name); strings.Join(got, "|") != strings.Join(row.want, "|") {
				t.Errorf("wrapName(%q) = %q, want %q", row.name, got, row.want)
			}
		}
	})
}

// TestFontsDrawTheCatalogs checks that the PNG's fonts have a glyph for
// every character of the Japanese and French words a board shows (the web
// and common messages, the names of steps): the CJK subset is built from
// the catalogs (scripts/cjk-font-subset.sh), and must be built again when
// a message brings a new character.
func TestFontsDrawTheCatalogs(t *testing.T) {
	faces, err := newPNGFaces()
	if err != nil {
		t.Fatal(err)
	}
	c := &pngCanvas{faces: faces}
	for _, lang := range []string{"ja", "fr"} {
		missing := map[rune]bool{}
		for _, domain := range []string{"engine", "web", "common"} {
			raw, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "i18n", "locales", lang, domain+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var msgs map[string]any
			if err := json.Unmarshal(raw, &msgs); err != nil {
				t.Fatal(err)
			}
			for k, v := range msgs {
				if domain == "engine" && !strings.HasPrefix(k, "engine.step.") {
					continue
				}
				text := fmt.Sprint(v)
				for _, r := range text {
					if r >= ' ' && !c.drawable([]string{string(r)}) {
						missing[r] = true
					}
				}
			}
		}
		if len(missing) > 0 {
			var rs []string
			for r := range missing {
				rs = append(rs, string(r))
			}
			t.Errorf("%s: no glyph for %q: run scripts/cjk-font-subset.sh", lang, strings.Join(rs, ""))
		}
	}
}
