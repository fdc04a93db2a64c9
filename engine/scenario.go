package engine

import (
	"strconv"

	"arbiter/engine/cardlang"
)

// Scenario is a parsed scenario: a starting State, actions and expectations.
type Scenario struct {
	Game    string
	Name    string
	Title   map[string]string
	Initial State
	Actions []Action
	Expect  []Expectation
}

// Expectation is one `expect:` entry: Kind is its key, Text its canonical
// one-line form ("phased_out: [efreet, aura]").
type Expectation struct {
	Kind string
	Text string
	Line int
	v    *value
}

// validID reports whether s is a scenario id: 1 to 64 letters, digits, - or _.
func validID(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// cardTypes and the functions below give the vocabulary of the scenario
// format: the values each key allows.
func cardTypes() []string {
	return []string{"creature", "artifact", "enchantment", "land", "planeswalker", "battle"}
}

func supertypes() []string {
	return []string{"legendary", "basic", "snow", "world"}
}

func effectKinds() []string {
	return []string{"pump", "set_pt", "control", "grant", "lose", "cant_phase_in", "cant_phase_out",
		"life_cant_change", "player_protection", "player_hexproof"}
}

func durations() []string {
	return []string{"end_of_turn", "until_your_next_turn", "until_your_next_upkeep", "for_as_long_as", "until", "indefinite",
		"end_of_combat", "next_untap_step"}
}

// langEffectKinds are the kinds of effects the card language's
// resolving spells and abilities create beside the scenario's own.
func langEffectKinds() []string {
	return []string{"cant", "must", "block_only", "prevent", "replace", "regenerate"}
}

// restrictionActions are what cant and must effects may be about.
func restrictionActions() []string {
	return []string{"cant.attack", "cant.block", "cant.attack_or_block", "cant.be_blocked", "cant.untap", "cant.be_countered",
		"cant.be_regenerated", "must.attack", "none"}
}

func zones() []string {
	return []string{ZoneBattlefield, ZoneGraveyard, ZoneExile, ZoneHand, ZoneLibrary, ZoneGone}
}

func staticKinds() []string {
	return []string{"anthem", "grant"}
}

func affectsKind() []string {
	return []string{"creatures_you_control", "other_creatures_you_control", "creatures", "enchanted", "equipped", "self"}
}

func triggerKind() []string {
	return []string{"enters", "leaves", "phases_in", "phases_out", "attached", "unattached", "becomes_tapped"}
}

// TriggerConditions returns every trigger condition a trigger event can
// name: those a permanent may list (the scenario key triggers) and those of
// the real cards and keywords the engine models.
func TriggerConditions() []string {
	out := append(triggerKind(), onUpkeep, onEachUpkeep, onEndStep, onAttacks, onBlocks, onBecomesBlocked,
		onEndCombat, onNextUpkeep, onPaid, onVanishing, onLastCounter, onFlanking, onExalted)
	for _, e := range append(langEvents(), "next_end_step", "your_next_upkeep") {
		if !has(out, e) {
			out = append(out, e)
		}
	}
	return out
}

func stepNames() []string {
	return []string{"untap", "upkeep", "draw", "main1", "begin_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_combat", "main2", "end", "cleanup"}
}

func phaseNames() []string {
	return []string{"draw", "standby", "main1", "battle", "main2", "end"}
}

// scenarioParser holds what is defined so far, so that an id used before it is
// defined is an error.
type scenarioParser struct {
	sc      *Scenario
	ids     map[string]string // id -> what defines it: permanent, effect, spell, ygo
	players []string
	cards   Cards
	cp      *cardlang.Compiler
}

// compiler gives the compiler of real cards' texts.
func (p *scenarioParser) compiler() *cardlang.Compiler {
	if p.cp == nil {
		p.cp = cardlang.NewCompiler()
	}
	return p.cp
}

// ParseOptions tune ParseScenarioWith. The zero value reads scenarios that
// give no real card (card keys are then an error).
type ParseOptions struct {
	// Cards looks up the cards a scenario names with card: in English,
	// French or Japanese.
	Cards Cards
	// Compiler compiles the cards' Oracle texts; nil for a new one. A
	// caller that parses many scenarios may keep one (it is safe for
	// concurrent use).
	Compiler *cardlang.Compiler
}

// ParseScenario parses a scenario (format: scenario-format.md). On failure
// the error is an *Error with the line of the offending entry.
func ParseScenario(src []byte) (*Scenario, error) { return ParseScenarioWith(src, ParseOptions{}) }

// ParseScenarioWith is ParseScenario with options: a Cards lookup for the
// real cards a scenario names.
func ParseScenarioWith(src []byte, opt ParseOptions) (*Scenario, error) {
	root, err := parseYAML(src)
	if err != nil {
		return nil, err
	}
	top, err := asMap(root, "scenario", "game", "name", "title", "players", "start", "permanents", "effects",
		"actions", "expect", "phase_effects", "decisions", "flow", "hand_limit", "hands", "life", "mana")
	if err != nil {
		return nil, err
	}
	sc := &Scenario{}
	p := &scenarioParser{sc: sc, ids: map[string]string{}, cards: opt.Cards, cp: opt.Compiler}
	if err := p.header(top); err != nil {
		return nil, err
	}
	if sc.Game == "ygo" {
		err = p.ygo(top)
	} else {
		for _, k := range []string{"phase_effects", "decisions", "flow", "hand_limit", "hands"} {
			if v := top.get(k); v != nil {
				return nil, errorf(CodeUnknownKey, v.line, v.col, k, "mtg scenario")
			}
		}
		if mv := top.get("mana"); mv != nil {
			m, err := mv.str("mana")
			if err != nil {
				return nil, err
			}
			if err := oneOf(mv, "mana", m, "pay", "assume"); err != nil {
				return nil, err
			}
			sc.Initial.PayMana = m == "pay"
		}
		err = p.mtg(top)
	}
	if err != nil {
		return nil, err
	}
	if err := p.actions(top); err != nil {
		return nil, err
	}
	if err := p.expects(top); err != nil {
		return nil, err
	}
	return sc, nil
}

func (p *scenarioParser) header(top *fields) error {
	sc := p.sc
	gv, err := top.require("game")
	if err != nil {
		return err
	}
	if sc.Game, err = gv.str("game"); err != nil {
		return err
	}
	if err := oneOf(gv, "game", sc.Game, "mtg", "ygo"); err != nil {
		return err
	}
	if sc.Name, err = top.optStr("name", ""); err != nil {
		return err
	}
	if tv := top.get("title"); tv != nil {
		tf, err := asMap(tv, "title", "en", "fr", "ja")
		if err != nil {
			return err
		}
		sc.Title = map[string]string{}
		for _, l := range []string{"en", "fr", "ja"} {
			if s, err := tf.optStr(l, ""); err != nil {
				return err
			} else if s != "" {
				sc.Title[l] = s
			}
		}
	}
	pv, err := top.require("players")
	if err != nil {
		return err
	}
	names, err := pv.strs("players")
	if err != nil {
		return err
	}
	if len(names) < 2 || len(names) > 4 || (sc.Game == "ygo" && len(names) != 2) {
		return errorf(CodeBadPlayers, pv.line, pv.col, strconv.Itoa(len(names)))
	}
	life := 20
	if sc.Game == "ygo" {
		life = 8000
	}
	if life, err = top.optInt("life", life); err != nil {
		return err
	}
	for i, n := range names {
		if n == "" || has(names[:i], n) {
			return errorf(CodeDuplicateID, pv.line, pv.col, n)
		}
		sc.Initial.Players = append(sc.Initial.Players, Player{Name: n, Life: life, Library: -1})
	}
	p.players = names
	sc.Initial.Game = sc.Game
	sc.Initial.Turn = 1
	sc.Initial.Active = names[0]
	sc.Initial.Step = StepMain1
	if sv := top.get("start"); sv != nil {
		sf, err := asMap(sv, "start", "turn", "active", "step", "phase", "hand", "library", "pool")
		if err != nil {
			return err
		}
		if sc.Initial.Turn, err = sf.optInt("turn", 1); err != nil {
			return err
		}
		if sc.Initial.Turn < 1 {
			v := sf.get("turn")
			return errorf(CodeBadValue, v.line, v.col, "turn", strconv.Itoa(sc.Initial.Turn), "a turn number from 1")
		}
		if a := sf.get("active"); a != nil {
			if sc.Initial.Active, err = p.player(a, "active"); err != nil {
				return err
			}
		}
		key, allowed := "step", stepNames()
		if sc.Game == "ygo" {
			key, allowed = "phase", phaseNames()
		}
		for _, k := range []string{"step", "phase"} {
			if v := sf.get(k); v != nil && k != key {
				return errorf(CodeUnknownKey, v.line, v.col, k, sc.Game+" start")
			}
		}
		for _, k := range []string{"hand", "library"} {
			hv := sf.get(k)
			if hv == nil {
				continue
			}
			if sc.Game == "ygo" {
				return errorf(CodeUnknownKey, hv.line, hv.col, k, "ygo start")
			}
			if _, err := asMapAny(hv, k); err != nil {
				return err
			}
			for i, kv := range hv.keys {
				name, err := p.player(kv, k)
				if err != nil {
					return err
				}
				n, err := hv.items[i].integer(k)
				if err != nil {
					return err
				}
				if n < 0 {
					return errorf(CodeBadValue, hv.items[i].line, hv.items[i].col, k, hv.items[i].s, "a number from 0")
				}
				pl := &sc.Initial.Players[sc.Initial.player(name)]
				if k == "hand" {
					pl.Hand, pl.HandKnown = n, true
				} else {
					pl.Library = n
				}
			}
		}
		if pv := sf.get("pool"); pv != nil {
			if sc.Game == "ygo" {
				return errorf(CodeUnknownKey, pv.line, pv.col, "pool", "ygo start")
			}
			if _, err := asMapAny(pv, "pool"); err != nil {
				return err
			}
			for i, kv := range pv.keys {
				name, err := p.player(kv, "pool")
				if err != nil {
					return err
				}
				ms, err := pv.items[i].str("pool")
				if err != nil {
					return err
				}
				m, ok := ParseMana(ms)
				if !ok {
					return errorf(CodeBadValue, pv.items[i].line, pv.items[i].col, "pool", ms, "mana symbols: {W} {U} {B} {R} {G} {C}")
				}
				sc.Initial.Players[sc.Initial.player(name)].Pool = m
			}
		}
		if v := sf.get(key); v != nil {
			s, err := v.str(key)
			if err != nil {
				return err
			}
			if err := oneOf(v, key, s, allowed...); err != nil {
				return err
			}
			sc.Initial.Step = Step(s)
		}
	}
	return nil
}

// player reads a player name that must be one of the scenario's players.
func (p *scenarioParser) player(v *value, key string) (string, error) {
	s, err := v.str(key)
	if err != nil {
		return "", err
	}
	if !has(p.players, s) {
		return "", errorf(CodeUnknownPlayer, v.line, v.col, s)
	}
	return s, nil
}

// define records a new id.
func (p *scenarioParser) define(v *value, id, what string) error {
	if !validID(id) {
		return errorf(CodeBadID, v.line, v.col, id)
	}
	if _, ok := p.ids[id]; ok || has(p.players, id) {
		return errorf(CodeDuplicateID, v.line, v.col, id)
	}
	p.ids[id] = what
	return nil
}

// ref reads an id that must already be defined (as one of the kinds, if given).
func (p *scenarioParser) ref(v *value, key string, kinds ...string) (string, error) {
	s, err := v.str(key)
	if err != nil {
		return "", err
	}
	what, ok := p.ids[s]
	if !ok || (len(kinds) > 0 && !has(kinds, what)) {
		return "", errorf(CodeUndefinedID, v.line, v.col, s)
	}
	return s, nil
}

func (p *scenarioParser) refs(v *value, key string, kinds ...string) ([]string, error) {
	if v.kind == scalarValue {
		s, err := p.ref(v, key, kinds...)
		return []string{s}, err
	}
	if v.kind != seqValue {
		return nil, errorf(CodeWrongType, v.line, v.col, key, "list of ids")
	}
	var out []string
	for _, it := range v.items {
		s, err := p.ref(it, key, kinds...)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func (p *scenarioParser) mtg(top *fields) error {
	st := &p.sc.Initial
	pv := top.get("permanents")
	type attachRef struct {
		id string
		v  *value
	}
	var attach []attachRef
	if pv != nil {
		if pv.kind != seqValue {
			return errorf(CodeWrongType, pv.line, pv.col, "permanents", "list")
		}
		for _, it := range pv.items {
			perm, at, err := p.permanent(it)
			if err != nil {
				return err
			}
			st.Timestamp++
			perm.Timestamp = st.Timestamp
			st.Permanents = append(st.Permanents, perm)
			if at != nil && at.tag != "null" {
				attach = append(attach, attachRef{perm.ID, at})
			}
		}
	}
	for i := range st.Permanents {
		q := &st.Permanents[i]
		st.NextObject++
		q.Object = st.NextObject
		if q.Zone == ZoneLibrary {
			pl := &st.Players[st.player(q.Owner)]
			pl.Top = append(pl.Top, q.ID)
		}
	}
	// attached_to may name any permanent of the list; cycles are refused.
	for _, a := range attach {
		host, err := p.ref(a.v, "attached_to", "permanent")
		if err != nil {
			return err
		}
		st.perm(a.id).AttachedTo = host
		st.perm(a.id).HostObject = st.perm(host).Object
	}
	for _, a := range attach {
		seen := map[string]bool{}
		for h := a.id; h != ""; h = st.perm(h).AttachedTo {
			if seen[h] {
				return errorf(CodeAttachCycle, a.v.line, a.v.col, a.id)
			}
			seen[h] = true
		}
	}
	for i := range st.Permanents {
		q := &st.Permanents[i]
		if q.PhasedIndirect && (q.AttachedTo == "" || !st.perm(q.AttachedTo).PhasedOut) {
			q.PhasedIndirect = false
		}
	}
	if ev := top.get("effects"); ev != nil {
		if ev.kind != seqValue {
			return errorf(CodeWrongType, ev.line, ev.col, "effects", "list")
		}
		for _, it := range ev.items {
			e, err := p.effect(it)
			if err != nil {
				return err
			}
			st.Timestamp++
			e.Timestamp = st.Timestamp
			if e.Controller == "" {
				e.Controller = st.Active
			}
			if has(playerEffectKinds(), e.Kind) {
				e.Affected = []string{e.Player}
			} else if e.Target != "" {
				e.Affected = []string{e.Target}
			} else {
				g := &game{s: st}
				g.recompute(true)
				e.Affected = g.matching(e.Filter)
			}
			st.Effects = append(st.Effects, e)
		}
	}
	g := &game{s: st}
	g.recompute(true)
	for i := range st.Permanents {
		q := &st.Permanents[i]
		switch {
		case q.PhasedOut && q.PhasedOutUnder == "":
			q.PhasedOutUnder = q.Controller
		case q.PhasedOut:
			// It phased out while that player controlled it, and phasing
			// doesn't change control (702.26d).
			q.Controller = q.PhasedOutUnder
		}
	}
	st.Seq = 0
	return nil
}

func permanentKeys() []string {
	return []string{"id", "name", "card", "types", "subtypes", "supertypes", "power", "toughness", "keywords",
		"protection_from", "colors", "controller", "owner", "token", "tapped", "damage", "counters", "attached_to",
		"entered_this_turn", "static", "triggers", "choices", "zone", "phased_out", "phased_indirect", "phased_out_under"}
}

// card looks up the real card a card key names, and compiles its text.
func (p *scenarioParser) card(v *value) (CardInfo, *cardlang.Card, error) {
	name, err := v.str("card")
	if err != nil {
		return CardInfo{}, nil, err
	}
	if p.cards == nil {
		return CardInfo{}, nil, errorf(CodeNoCardData, v.line, v.col, name)
	}
	c, ok := p.cards.Card(name)
	if !ok {
		return CardInfo{}, nil, errorf(CodeUnknownCard, v.line, v.col, name)
	}
	b, e := compileCard(p.compiler(), c)
	if e != nil {
		e.Line, e.Col = v.line, v.col
		return CardInfo{}, nil, e
	}
	return c, b, nil
}

// keywords reads a list of keywords: each must be one the engine implements
// (Keywords), in any case, with spaces or underscores.
func (p *scenarioParser) keywords(f *fields, key string) ([]string, error) {
	ks, err := f.optStrs(key)
	if err != nil {
		return nil, err
	}
	for i, k := range ks {
		ks[i] = normKeyword(k)
		if !has(Keywords(), ks[i]) {
			v := f.get(key)
			return nil, errorf(CodeUnknownKeyword, v.line, v.col, k)
		}
	}
	return ks, nil
}

func (p *scenarioParser) permanent(v *value) (Permanent, *value, error) {
	var q Permanent
	f, err := asMap(v, "permanent", permanentKeys()...)
	if err != nil {
		return q, nil, err
	}
	idv, err := f.require("id")
	if err != nil {
		return q, nil, err
	}
	if q.ID, err = idv.str("id"); err != nil {
		return q, nil, err
	}
	if err := p.define(idv, q.ID, "permanent"); err != nil {
		return q, nil, err
	}
	var card *CardInfo
	if cv := f.get("card"); cv != nil {
		c, b, err := p.card(cv)
		if err != nil {
			return q, nil, err
		}
		zone, _ := f.optStr("zone", ZoneBattlefield)
		if !isPermanentCard(c.Types) && zone == ZoneBattlefield {
			return q, nil, errorf(CodeBadValue, cv.line, cv.col, "card", c.Name, "a permanent card")
		}
		permanentFromCard(&q, c, b)
		card = &c
	}
	if q.Name, err = f.optStr("name", q.Name); err != nil {
		return q, nil, err
	}
	if q.Name == "" {
		q.Name = q.ID
	}
	lists := []struct {
		key     string
		dst     *[]string
		allowed []string
	}{{"types", &q.Types, cardTypes()}, {"subtypes", &q.Subtypes, nil}, {"supertypes", &q.Supertypes, supertypes()},
		{"triggers", &q.Triggers, triggerKind()}, {"colors", &q.Colors, Colors()}, {"protection_from", &q.Protection, protectionQualities()}}
	for _, l := range lists {
		if f.get(l.key) == nil {
			continue
		}
		if *l.dst, err = f.optStrs(l.key); err != nil {
			return q, nil, err
		}
		for _, s := range *l.dst {
			if l.allowed != nil {
				if err := oneOf(f.get(l.key), l.key, s, l.allowed...); err != nil {
					return q, nil, err
				}
			}
		}
	}
	if f.get("keywords") != nil {
		if q.Keywords, err = p.keywords(f, "keywords"); err != nil {
			return q, nil, err
		}
	}
	if len(q.Protection) > 0 && !has(q.Keywords, "protection") {
		q.Keywords = append(q.Keywords, "protection")
	}
	if has(q.Keywords, "protection") && len(q.Protection) == 0 {
		return q, nil, errorf(CodeMissingKey, v.line, v.col, "protection_from", "a permanent with protection")
	}
	if q.BasePower, err = f.optInt("power", q.BasePower); err != nil {
		return q, nil, err
	}
	if q.BaseTough, err = f.optInt("toughness", q.BaseTough); err != nil {
		return q, nil, err
	}
	if card != nil && q.Is("creature") && (card.Power == "" || card.Toughness == "") && (f.get("power") == nil || f.get("toughness") == nil) &&
		!hasCDA(q.Behavior) {
		cv := f.get("card")
		return q, nil, errorf(CodeCardNoPT, cv.line, cv.col, card.Name)
	}
	if q.Damage, err = f.optInt("damage", 0); err != nil {
		return q, nil, err
	}
	cv, err := f.require("controller")
	if err != nil {
		return q, nil, err
	}
	if q.BaseController, err = p.player(cv, "controller"); err != nil {
		return q, nil, err
	}
	q.Controller = q.BaseController
	q.Owner = q.BaseController
	if ov := f.get("owner"); ov != nil {
		if q.Owner, err = p.player(ov, "owner"); err != nil {
			return q, nil, err
		}
	}
	for _, b := range []struct {
		key string
		dst *bool
	}{{"token", &q.Token}, {"tapped", &q.Tapped}, {"entered_this_turn", &q.Sick}, {"phased_out", &q.PhasedOut}, {"phased_indirect", &q.PhasedIndirect}} {
		if *b.dst, err = f.optBool(b.key); err != nil {
			return q, nil, err
		}
	}
	if q.PhasedIndirect {
		q.PhasedOut = true
	}
	if uv := f.get("phased_out_under"); uv != nil {
		if q.PhasedOutUnder, err = p.player(uv, "phased_out_under"); err != nil {
			return q, nil, err
		}
	}
	if q.Zone, err = f.optStr("zone", ZoneBattlefield); err != nil {
		return q, nil, err
	}
	if zv := f.get("zone"); zv != nil {
		if err := oneOf(zv, "zone", q.Zone, zones()...); err != nil {
			return q, nil, err
		}
	}
	if cv := f.get("counters"); cv != nil {
		cf, err := asMapAny(cv, "counters")
		if err != nil {
			return q, nil, err
		}
		q.Counters = map[string]int{}
		for i, k := range cf.keys {
			n, err := cf.items[i].integer(k.s)
			if err != nil {
				return q, nil, err
			}
			if n != 0 {
				q.Counters[k.s] = n
			}
		}
	}
	if cv := f.get("choices"); cv != nil {
		cf, err := asMapAny(cv, "choices")
		if err != nil {
			return q, nil, err
		}
		q.Choices = map[string]string{}
		for i, k := range cf.keys {
			s, err := cf.items[i].str(k.s)
			if err != nil {
				return q, nil, err
			}
			q.Choices[k.s] = s
		}
	}
	if sv := f.get("static"); sv != nil {
		q.Static = nil
		if sv.kind != seqValue {
			return q, nil, errorf(CodeWrongType, sv.line, sv.col, "static", "list")
		}
		for _, it := range sv.items {
			sf, err := asMap(it, "static", "kind", "power", "toughness", "keywords", "affects")
			if err != nil {
				return q, nil, err
			}
			var st Static
			kv, err := sf.require("kind")
			if err != nil {
				return q, nil, err
			}
			if st.Kind, err = kv.str("kind"); err != nil {
				return q, nil, err
			}
			if err := oneOf(kv, "kind", st.Kind, staticKinds()...); err != nil {
				return q, nil, err
			}
			if st.Power, err = sf.optInt("power", 0); err != nil {
				return q, nil, err
			}
			if st.Toughness, err = sf.optInt("toughness", 0); err != nil {
				return q, nil, err
			}
			if st.Keywords, err = p.keywords(sf, "keywords"); err != nil {
				return q, nil, err
			}
			if st.Affects, err = sf.optStr("affects", "self"); err != nil {
				return q, nil, err
			}
			if err := oneOf(it, "affects", st.Affects, affectsKind()...); err != nil {
				return q, nil, err
			}
			q.Static = append(q.Static, st)
		}
	}
	return q, f.get("attached_to"), nil
}

// asMapAny checks that v is a mapping, whatever its keys.
func asMapAny(v *value, where string) (*value, error) {
	if v.kind != mapValue {
		return nil, errorf(CodeWrongType, v.line, v.col, where, "mapping")
	}
	return v, nil
}

func effectKeys() []string {
	return []string{"id", "name", "kind", "target", "affects", "power", "toughness", "player", "keywords", "from", "duration", "source", "controller"}
}

// effect reads an effect definition and defines its id.
func (p *scenarioParser) effect(v *value) (Effect, error) {
	var e Effect
	f, err := asMap(v, "effect", effectKeys()...)
	if err != nil {
		return e, err
	}
	idv, err := f.require("id")
	if err != nil {
		return e, err
	}
	if e.ID, err = idv.str("id"); err != nil {
		return e, err
	}
	if e.Name, err = f.optStr("name", e.ID); err != nil {
		return e, err
	}
	if err := p.effectBody(f, &e, true); err != nil {
		return e, err
	}
	if err := p.define(idv, e.ID, "effect"); err != nil {
		return e, err
	}
	return e, nil
}

// effectBody reads everything but the id; a spell's effect gets its target
// from the spell (needTarget false).
func (p *scenarioParser) effectBody(f *fields, e *Effect, needTarget bool) error {
	kv, err := f.require("kind")
	if err != nil {
		return err
	}
	if e.Kind, err = kv.str("kind"); err != nil {
		return err
	}
	if err := oneOf(kv, "kind", e.Kind, effectKinds()...); err != nil {
		return err
	}
	if tv := f.get("target"); tv != nil {
		if e.Target, err = p.ref(tv, "target", "permanent"); err != nil {
			return err
		}
	}
	if av := f.get("affects"); av != nil {
		if e.Filter, err = p.filter(av, "affects"); err != nil {
			return err
		}
	}
	playerKind := has(playerEffectKinds(), e.Kind)
	if needTarget && !playerKind && e.Target == "" && e.Filter == nil {
		return errorf(CodeMissingKey, f.v.line, f.v.col, "target", "effect")
	}
	if e.Power, err = f.optInt("power", 0); err != nil {
		return err
	}
	if e.Toughness, err = f.optInt("toughness", 0); err != nil {
		return err
	}
	if e.Keywords, err = p.keywords(f, "keywords"); err != nil {
		return err
	}
	if e.From, err = f.optStrs("from"); err != nil {
		return err
	}
	for _, q := range e.From {
		if err := oneOf(f.get("from"), "from", q, protectionQualities()...); err != nil {
			return err
		}
	}
	if e.Kind == "player_protection" && len(e.From) == 0 {
		return errorf(CodeMissingKey, f.v.line, f.v.col, "from", "player_protection effect")
	}
	if pv := f.get("player"); pv != nil {
		if e.Player, err = p.player(pv, "player"); err != nil {
			return err
		}
	}
	if (e.Kind == "control" || playerKind) && e.Player == "" {
		return errorf(CodeMissingKey, f.v.line, f.v.col, "player", e.Kind+" effect")
	}
	if e.Duration, err = f.optStr("duration", "indefinite"); err != nil {
		return err
	}
	if dv := f.get("duration"); dv != nil {
		if err := oneOf(dv, "duration", e.Duration, durations()...); err != nil {
			return err
		}
	}
	if sv := f.get("source"); sv != nil {
		if e.Source, err = p.ref(sv, "source", "permanent"); err != nil {
			return err
		}
	}
	if (e.Duration == "for_as_long_as" || e.Duration == "until") && e.Source == "" {
		return errorf(CodeMissingKey, f.v.line, f.v.col, "source", e.Duration+" duration")
	}
	if cv := f.get("controller"); cv != nil {
		if e.Controller, err = p.player(cv, "controller"); err != nil {
			return err
		}
	}
	return nil
}

// filter reads {controller, types, keywords}.
func (p *scenarioParser) filter(v *value, where string) (*Filter, error) {
	f, err := asMap(v, where, "controller", "types", "keywords")
	if err != nil {
		return nil, err
	}
	var flt Filter
	if cv := f.get("controller"); cv != nil {
		if flt.Controller, err = p.player(cv, "controller"); err != nil {
			return nil, err
		}
	}
	if flt.Types, err = f.optStrs("types"); err != nil {
		return nil, err
	}
	for _, t := range flt.Types {
		if err := oneOf(f.get("types"), "types", t, cardTypes()...); err != nil {
			return nil, err
		}
	}
	if flt.Keywords, err = f.optStrs("keywords"); err != nil {
		return nil, err
	}
	return &flt, nil
}
