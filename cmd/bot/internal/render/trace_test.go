package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/engine"
	"arbiter/i18n"
)

// TestEngineMessages checks that every value the engine can produce has a
// message in every language: event kinds and their variants, state-based
// results, steps and phases, zones, trigger conditions, the Yu-Gi-Oh!
// procedure references and the error codes.
func TestEngineMessages(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, k := range engine.EventKinds() {
		if k != engine.EventStateBased {
			keys = append(keys, "engine.event."+string(k))
		}
	}
	for _, k := range engine.IndirectKinds() {
		keys = append(keys, "engine.event."+string(k)+".indirect")
	}
	keys = append(keys, "engine.event.phase_in.tapped", "engine.event.phase_in_blocked.until",
		"engine.event.phase_in_blocked.indirect", "engine.event.cast.notarget", "engine.event.damage.nosource",
		"engine.event.effect_begins.none", "engine.event.effect_ends.phased", "engine.event.unaffected.gone",
		"engine.event.leaves_game.none")
	for _, r := range engine.StateBasedResults() {
		keys = append(keys, "engine.event.state_based."+r)
	}
	for _, s := range engine.Steps() {
		keys = append(keys, "engine.step."+string(s))
	}
	for _, s := range engine.Phases() {
		keys = append(keys, "engine.step.ygo."+string(s))
	}
	for _, z := range engine.Zones() {
		keys = append(keys, "engine.zone."+z)
	}
	for _, c := range engine.TriggerConditions() {
		keys = append(keys, "engine.trigger."+c)
	}
	for _, r := range engine.YGORules() {
		keys = append(keys, "engine.rule."+r)
	}
	for _, c := range engine.ErrorCodes() {
		keys = append(keys, "engine.err."+c)
	}
	for _, c := range engine.FindingCodes() {
		switch c {
		case "effect_active":
			keys = append(keys, "engine.found.effect_active.true", "engine.found.effect_active.false")
		default:
			keys = append(keys, "engine.found."+c)
		}
	}
	for _, r := range engine.AttackReasons() {
		keys = append(keys, "engine.reason."+r)
	}
	for _, s := range []string{"phased_in", "phased_out", "phased_out_indirectly"} {
		keys = append(keys, "engine.state."+s)
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		p := cat.Printer(l)
		for _, k := range keys {
			if !p.Has(i18n.Key(k)) {
				t.Errorf("%s has no message for %s", l, k)
			}
		}
	}
}

// TestActionText describes every action of every preset in the three
// languages: each has a message, takes its values, and names no raw key.
func TestActionText(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[engine.ActionKind]bool{}
	for _, ps := range engine.Presets() {
		sc, r, err := engine.RunPreset(ps.Name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
			p := cat.Printer(l)
			for _, a := range sc.Actions {
				seen[a.Kind] = true
				got := ActionText(p, r, a)
				if got == "" || strings.Contains(got, "!engine.") || strings.Contains(got, "%!") || strings.Contains(got, a.Text) {
					t.Errorf("%s %s: %q describes %q badly", ps.Name, l, got, a.Text)
				}
			}
		}
	}
	for _, k := range engine.ActionKinds() {
		key := i18n.Key("engine.action." + string(k))
		for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
			if !cat.Printer(l).Has(key) {
				t.Errorf("%s has no message %s", l, key)
			}
		}
	}
	t.Logf("action kinds the presets use: %d of %d", len(seen), len(engine.ActionKinds()))
}

// TestEventTextNamesCards names a real card in the reader's language with
// the English name beside, and leaves English alone.
func TestEventTextNamesCards(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	_, r, err := engine.RunPreset("bolt-fizzles", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r.LocalNames["efreet"] = map[string]string{"fr": "Efrit de l'arc-en-ciel", "ja": "虹色のイフリート"}
	var ev engine.Event
	for _, e := range r.Events {
		if e.Kind == engine.EventPhaseOut {
			ev = e
		}
	}
	for l, want := range map[i18n.Lang]string{
		i18n.EN: "Rainbow Efreet phases out.",
		i18n.FR: "Efrit de l'arc-en-ciel (Rainbow Efreet) passe hors phase.",
		i18n.JA: "虹色のイフリート（Rainbow Efreet）がフェイズ・アウトする。",
	} {
		if got := EventText(cat.Printer(l), r, ev); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}

// TestActionTextEveryKind describes actions of every kind a scenario can
// write (testdata/actions.yaml), in the three languages.
func TestActionTextEveryKind(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("testdata", "actions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario(src)
	if err != nil {
		t.Fatal(err)
	}
	r := &engine.Result{Game: sc.Game, Names: sc.Initial.Names()}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		p := cat.Printer(l)
		for _, a := range sc.Actions {
			got := ActionText(p, r, a)
			if got == "" || strings.Contains(got, "!engine.") || strings.Contains(got, "%!") || strings.Contains(got, a.Text) {
				t.Errorf("%s line %d: %q describes %q badly", l, a.Line, got, a.Text)
			}
			if testing.Verbose() {
				t.Logf("%s", got)
			}
		}
	}
}

// judgeCards are the real cards TestTraceReadsAsAJudgeWould plays.
type judgeCards map[string]engine.CardInfo

func (m judgeCards) Card(name string) (engine.CardInfo, bool) {
	c, ok := m[name]
	return c, ok
}

// TestTraceReadsAsAJudgeWould renders runs whose traces once read badly
// and checks each line as a judge would write it: the refusal's real
// reason with card names, abilities named for their source, one line per
// effect, what is tapped, two permanents of one name told apart, the
// second combat damage step, Yu-Gi-Oh! chains counted per phase, French
// agreement.
func TestTraceReadsAsAJudgeWould(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	cards := judgeCards{
		"Teferi's Protection": {Name: "Teferi's Protection", Types: []string{"instant"}, ManaCost: "{2}{W}", Faces: 1,
			Names: map[string]string{"fr": "Protection de Téfeiri", "ja": "テフェリーの防御"},
			Text:  "Until your next turn, your life total can't change and you gain protection from everything. All permanents you control phase out.\nExile Teferi's Protection."},
		"Divine Smite": {Name: "Divine Smite", Types: []string{"instant"}, ManaCost: "{1}{W}", Faces: 1,
			Text: "Target creature or planeswalker an opponent controls phases out. If that permanent is black, exile it instead."},
		"Warping Wurm": {Name: "Warping Wurm", Types: []string{"creature"}, Subtypes: []string{"Wurm"}, ManaCost: "{2}{G}{U}", Faces: 1,
			Power: "1", Toughness: "1", Text: "Phasing\nAt the beginning of your upkeep, Warping Wurm phases out unless you pay {2}{G}{U}.\nWhenever Warping Wurm phases in, put a +1/+1 counter on it."},
		"Wrath of God": {Name: "Wrath of God", Types: []string{"sorcery"}, ManaCost: "{2}{W}{W}", Faces: 1,
			Names: map[string]string{"fr": "Colère de Dieu", "ja": "神の怒り"}, Text: "Destroy all creatures. They can't be regenerated."},
		"Out of Time": {Name: "Out of Time", Types: []string{"enchantment"}, ManaCost: "{1}{W}{W}", Faces: 1,
			Text: "When Out of Time enters, untap all creatures, then those creatures phase out until Out of Time leaves the battlefield. Put a time counter on Out of Time for each creature that phased out this way.\nVanishing"},
	}
	play := func(t *testing.T, src string) *engine.Result {
		t.Helper()
		sc, err := engine.ParseScenarioWith([]byte(src), engine.ParseOptions{Cards: cards})
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// The trace's lines but the expectations, which quote the scenario.
	trace := func(l i18n.Lang, r *engine.Result) string {
		var out []string
		for _, line := range Trace(cat.Printer(l), r) {
			if !strings.HasPrefix(line, "✓") && !strings.HasPrefix(line, "✗") {
				out = append(out, line)
			}
		}
		return strings.Join(out, "\n")
	}
	tests := []struct {
		name, src string
		lang      i18n.Lang
		want      []string
		not       []string
	}{
		{"the refusal's real reason, with names", `game: mtg
players: [Alice, Bob]
permanents:
  - {id: giant, name: Hill Giant, types: [creature], power: 3, toughness: 3, controller: Bob}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - illegal: {action: {cast: {id: m1, card: Divine Smite, targets: [giant, bears]}}, rule: "601.2c"}
  - illegal: {action: {cast: {id: shock, name: Shock, targets: [giant], damage: 2, types: [sorcery], controller: Bob}}, rule: "307.1"}
`, i18n.EN, []string{"Not allowed: Divine Smite can't have 2 targets. (CR 601.2c)", "Not allowed: Shock can't be cast now. (CR 307.1)"},
			[]string{"m1", "shock ", "that way"}},
		{"one line per effect, named for its spell", `game: mtg
players: [Alice, Bob]
start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Alice}
actions:
  - cast: {id: tp, card: Teferi's Protection, controller: Alice}
  - resolve: tp
  - advance: {player: Alice, step: upkeep}
`, i18n.FR, []string{"Protection de Téfeiri (Teferi's Protection)\u00a0: le total de points de vie d’Alice ne peut pas changer jusqu’au prochain tour d’Alice.",
			"Protection de Téfeiri (Teferi's Protection)\u00a0: Alice a la protection contre tout jusqu’au prochain tour d’Alice.",
			"Protection de Téfeiri (Teferi's Protection) est exilée en se résolvant"},
			[]string{"commence à s’appliquer"}},
		{"abilities named for their source, never by id", `game: mtg
players: [Alice, Bob]
permanents:
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - cast: {id: oot, card: Out of Time}
  - resolve: oot
  - resolve:
  - advance: {player: Alice, step: draw}
`, i18n.EN, []string{"Out of Time's ability resolves.", "Grizzly Bears phases out."}, []string{"oot:", "oot "}},
		{"what phases in tapped, and only that", `game: mtg
players: [Alice, Bob]
permanents:
  - {id: oub, name: Oubliette, types: [enchantment], controller: Alice}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
  - {id: rancor, name: Rancor, types: [enchantment], subtypes: [Aura], controller: Bob, attached_to: bears}
actions:
  - phase_out_until: {target: bears, until: oub_leaves, tap_on_return: true}
  - destroy: [oub]
`, i18n.EN, []string{"Grizzly Bears phases in tapped", "Rancor phases in with Grizzly Bears"}, []string{"Rancor phase in tapped", "Rancor phases in tapped"}},
		{"two permanents of one name told apart", `game: mtg
players: [Alice, Bob]
permanents:
  - {id: b1, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Alice}
  - {id: b2, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Alice}
actions:
  - phase_out: [b2]
`, i18n.EN, []string{"Grizzly Bears (2) phases out."}, nil},
		{"the second combat damage step after first strike", `game: mtg
players: [Alice, Bob]
start: {turn: 3, active: Alice, step: main1}
permanents:
  - {id: knight, name: White Knight, types: [creature], power: 2, toughness: 2, keywords: [first_strike], controller: Alice}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Alice}
actions:
  - attack: {attackers: [knight, bears], defender: Bob}
  - advance: {player: Alice, step: end_combat}
`, i18n.EN, []string{"a second combat damage step begins"}, nil},
		{"Yu-Gi-Oh! chains counted in each phase", `game: ygo
players: [Yugi, Kaiba]
start: {turn: 3, active: Yugi, phase: standby}
phase_effects:
  - {id: a, name: Sangan, controller: Yugi, phase: main1, mandatory: true}
  - {id: b, name: Jar of Avarice, controller: Yugi, phase: end, mandatory: true}
actions:
  - enter_phase: end
`, i18n.EN, []string{"Yugi activates Jar of Avarice: a new chain, Chain Link 1 (chain 1 of the phase)."}, []string{"chain 2 of the phase"}},
		{"one permanent's triggers told apart as they are ordered", `game: mtg
players: [Alice, Bob]
start: {turn: 2, active: Bob, step: main1}
permanents:
  - {id: wurm, card: Warping Wurm, controller: Alice, phased_out: true}
actions:
  - advance: {player: Alice, step: upkeep}
`, i18n.EN, []string{`the triggered abilities of Warping Wurm ("whenever it phases in") and Warping Wurm ("at the beginning of your upkeep") on the stack in that order`,
			"this is the engine's default"}, []string{"of Warping Wurm and Warping Wurm"}},
		{"French agreement in a refusal", `game: mtg
players: [Alice, Bob]
actions:
  - illegal: {action: {cast: {id: wrath, card: Wrath of God, controller: Bob}}, rule: "307.1"}
`, i18n.FR, []string{"Interdit\u00a0: Colère de Dieu (Wrath of God) ne peut pas être lancée maintenant."}, []string{"lancé "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := trace(tt.lang, play(t, tt.src))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("no %q in\n%s", w, got)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(got, w) {
					t.Errorf("%q in\n%s", w, got)
				}
			}
		})
	}
}

// TestFrenchGender guesses the gender of French card names for agreement.
func TestFrenchGender(t *testing.T) {
	for name, fem := range map[string]bool{"Protection de Téfeiri": true, "Oubliette": true, "Rancœur": true, "Croissance gigantesque": true,
		"Île": true, "Ange de Serra": false, "Grizzlis": false, "Pacifisme": false, "Mur d'air": false, "": false, " ": false} {
		if got := frenchFeminine(name); got != fem {
			t.Errorf("%q: feminine %v, want %v", name, got, fem)
		}
	}
}
