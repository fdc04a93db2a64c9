package engine

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// crFile is the Comprehensive Rules text the engine's citations are
// checked against.
const crFile = "MagicCompRules_20260417.txt"

// crRuleRE matches the start of a rule's line: "510.1c ", "704.5q ",
// "510. Combat Damage Step", "608.2. If …".
var crRuleRE = regexp.MustCompile(`^(\d{3}(?:\.\d+[a-z]?)?)\.?\s`)

// loadCR reads the rules by number: each rule's own text (its line), with
// curly apostrophes made straight and in lower case for matching.
var loadCR = sync.OnceValues(func() (map[string]string, error) {
	f, err := os.Open(filepath.Join("..", "..", "shared", "data", "mtg", "cr", crFile))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rules := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimPrefix(sc.Text(), "\ufeff")
		m := crRuleRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		// The contents list names each section once before the rules
		// themselves: the rules' text wins.
		rules[m[1]] = strings.ToLower(strings.ReplaceAll(line, "’", "'"))
	}
	return rules, sc.Err()
})

// crRules returns the rules, or skips the test when the shared data is absent.
func crRules(t testing.TB) map[string]string {
	t.Helper()
	sharedData(t)
	rules, err := loadCR()
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

// eventWords lists, for each event kind, words one of which the text of
// the rule an event of that kind cites must hold: the rule must be about
// what the event says happened. A kind not listed (a refusal, a
// Yu-Gi-Oh! event) only needs its rule to exist.
func eventWords(e Event) []string {
	switch e.Kind {
	case EventStep:
		return []string{"step", "phase"}
	case EventPhaseOut, EventPhaseIn, EventPhaseInBlocked, EventPhaseOutPrevented, EventPhasingPlayerGone, EventPhaseInUnattached:
		return []string{"phase"}
	case EventPhaseOutBlocked:
		return []string{"can't"}
	case EventUntap, EventUntapSkipped:
		return []string{"untap"}
	case EventTap:
		return []string{"tap"}
	case EventCast:
		return []string{"cast"}
	case EventActivate:
		return []string{"activat"}
	case EventTarget:
		return []string{"target", "choice"}
	case EventNoTargets:
		return []string{"target", "no legal choices"}
	case EventIllegalTarget:
		return []string{"target"}
	case EventResolve, EventFizzle:
		return []string{"resolv"}
	case EventSpellExiled:
		return []string{"exile"}
	case EventDamage, EventDamageRemoved:
		return []string{"damage"}
	case EventPrevented:
		return []string{"prevent", "protection"}
	case EventLifeGain, EventLifeUnchanged, EventPayLife:
		return []string{"life"}
	case EventDestroy, EventIndestructible:
		return []string{"destroy", "indestructible"}
	case EventLeavesBattlefield:
		return []string{"battlefield", "graveyard", "exile", "zone", "hand", "destroy", "leaves the game"}
	case EventEntersBattlefield:
		return []string{"enters the battlefield", "onto the battlefield", "returns the object to its previous zone"}
	case EventRemovedFromCombat:
		return []string{"removed from combat"}
	case EventAttack:
		return []string{"attack"}
	case EventBlock:
		return []string{"block"}
	case EventAttach:
		return []string{"attach", "equip"}
	case EventUnaffected:
		return []string{"phased-out", "new object", "doesn't move", "can't"}
	case EventCounter, EventCounterRemoved:
		return []string{"counter"}
	case EventEffectBegins, EventEffectExcludes, EventEffectEnds, EventEffectNeverStarts:
		return []string{"effect", "duration", "until"}
	case EventControl:
		return []string{"control"}
	case EventStateBased:
		switch ev := e.Args; {
		case len(ev) > 0 && ev[0] == "loses":
			return []string{"loses"}
		case len(ev) > 0 && ev[0] == "ceases":
			return []string{"cease"}
		case len(ev) > 0 && ev[0] == "unattached":
			return []string{"attached"}
		case len(ev) > 0 && ev[0] == "counters":
			return []string{"counter"}
		}
		return []string{"graveyard", "destroy"}
	case EventTrigger, EventNoTrigger:
		return []string{"trigger", "phasing", "phased", "whenever", "at the beginning"}
	case EventDraw:
		return []string{"draw"}
	case EventDiscard:
		return []string{"discard"}
	case EventMana:
		return []string{"mana"}
	case EventChoice:
		// A choice made as a cost is paid cites the payment (601.2h).
		return []string{"choose", "choice", "divided", "announce", "pays the total cost"}
	case EventLeavesGame, EventTurnSkipped:
		return []string{"leaves the game", "left the game"}
	case EventWins:
		return []string{"wins"}
	}
	return nil
}

// checkEventRules checks every event of r: its rule exists in the
// Comprehensive Rules (or is one of the Yu-Gi-Oh! references) and its text
// fits the event (eventWords).
func checkEventRules(t *testing.T, rules map[string]string, r *Result) {
	t.Helper()
	for _, e := range r.Events {
		if strings.HasPrefix(e.Rule, "ygo.") {
			if !has(YGORules(), e.Rule) {
				t.Errorf("%s #%d cites %q, no Yu-Gi-Oh! reference", e.Kind, e.Seq, e.Rule)
			}
			continue
		}
		text, ok := rules[e.Rule]
		if !ok {
			t.Errorf("%s #%d %v cites %q, which is no rule of %s", e.Kind, e.Seq, e.Objects, e.Rule, crFile)
			continue
		}
		words := eventWords(e)
		if len(words) == 0 {
			continue
		}
		fits := false
		for _, w := range words {
			fits = fits || strings.Contains(text, w)
		}
		if !fits {
			t.Errorf("%s #%d %v cites %s, whose text has none of %q: %.160s", e.Kind, e.Seq, e.Args, e.Rule, words, text)
		}
	}
}

// TestEventRules runs the presets, the golden scenarios and the scenario
// that emits every kind, and checks each event's rule against the CR text.
// The conformance cases check theirs as they run (runRulesCases).
func TestEventRules(t *testing.T) {
	rules := crRules(t)
	for _, p := range Presets() {
		_, r, err := RunPreset(p.Name, Options{NoFrames: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(p.Name, func(t *testing.T) { checkEventRules(t, rules, r) })
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.txtar"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for _, af := range parseArchive(b).files {
			if af.name == "scenario.yaml" {
				r := run(t, string(af.data))
				t.Run(filepath.Base(f), func(t *testing.T) { checkEventRules(t, rules, r) })
			}
		}
	}
	sc, err := ParseScenarioWith([]byte(everyKind), ParseOptions{Cards: testCards()})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	checkEventRules(t, rules, r)
	sc, err = ParseScenarioWith([]byte(everyKindCards), ParseOptions{Cards: realCards(t)})
	if err != nil {
		t.Fatal(err)
	}
	if r, err = Run(sc); err != nil {
		t.Fatal(err)
	}
	checkEventRules(t, rules, r)
}

// TestEventRulesCatchAWrongNumber checks that the check fails a rule that
// doesn't exist and one whose words don't fit the event.
func TestEventRulesCatchAWrongNumber(t *testing.T) {
	rules := crRules(t)
	for _, e := range []Event{
		{Kind: EventEntersBattlefield, Rule: "403.1"},     // exists, but is about where permanents are kept
		{Kind: EventEffectBegins, Rule: "611.2c", Seq: 1}, // fits: kept as a control
		{Kind: EventChoice, Rule: "608.2c"},               // instructions in order: no choice
		{Kind: EventDamage, Rule: "999.9z"},               // no such rule
	} {
		ft := &testing.T{}
		done := make(chan struct{})
		go func() {
			defer close(done)
			checkEventRules(ft, rules, &Result{Events: []Event{e}})
		}()
		<-done
		if want := e.Rule != "611.2c"; ft.Failed() != want {
			t.Errorf("%s citing %s: failed %v, want %v", e.Kind, e.Rule, ft.Failed(), want)
		}
	}
}
