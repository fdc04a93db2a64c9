package engine

// Event is one thing that happened in the game, as structured data: the
// i18n layer turns it into text. Objects are scenario ids; Rule is the rule
// applied (a CR number such as "702.26g", or a "ygo." reference for
// Yu-Gi-Oh! procedures). Args carries extra values in a fixed order per kind:
//
//	step                 Args: none (Step is the step entered)
//	phase_out            Objects: the permanent, then what phased out with it; indirect rows: [attachment, host]
//	phase_in             Objects: as phase_out; Args: ["tapped"] when it phases in tapped (610.4)
//	phase_in_unattached  Objects: [attachment, former host] (702.26i)
//	phase_out_prevented  Objects: [permanent]; Args: [event name] (610.4b)
//	phase_in_blocked     Objects: [permanent] (610.4a or a can't-phase-in effect)
//	untap                Objects: what untapped
//	untap_skipped        Player: whose untap step is skipped (702.26m)
//	tap                  Objects: what became tapped
//	cast                 Objects: [spell, targets...]
//	resolve              Objects: [spell, legal targets...]
//	illegal_target       Objects: [spell, target]
//	fizzle               Objects: [spell]
//	damage               Objects: [source if any, permanent dealt damage if any]; Args: [amount, "player" | "permanent"];
//	                     a player dealt damage is in Player
//	destroy              Objects: [permanent]
//	indestructible       Objects: [permanent]
//	leaves_battlefield   Objects: [permanent]; Args: [zone it went to]
//	enters_battlefield   Objects: [permanent]
//	removed_from_combat  Objects: [permanent]
//	attack               Objects: [attackers...]; Args: [defender]
//	attach               Objects: [attachment, host]
//	unaffected           Objects: [permanent] an action found it phased out or gone (702.26b)
//	block                Objects: [blocker, attacker]
//	counter              Objects: [permanent]; Args: [kind, n, total]
//	effect_begins        Objects: [effect id, affected...]
//	effect_excludes      Objects: [effect id, phased-out objects left out] (702.26e)
//	effect_ends          Objects: [effect id]; Args: [duration]
//	effect_never_starts  Objects: [effect id, source]; Args: [duration] (611.2b, 610.3c)
//	control              Objects: [permanent]; Args: [old controller, new controller]
//	damage_removed       Objects: the permanents whose damage is removed (514.2)
//	state_based          Objects: [permanent]; Args: [what happened: graveyard, destroyed, unattached, ceases, loses]
//	trigger              Objects: [source]; Args: [condition]
//	no_trigger           Objects: [permanent]; Args: [condition that did not trigger]
//	leaves_game          Player; Objects: what left with them
//	phasing_player_gone  Objects: [permanent]; Args: [new phasing player] (702.26n)
//	ygo_activate         Player; Objects: [effect]; Args: [chain number]
//	ygo_resolve          Player; Objects: [effect]
//	phase_pass           Player: who passed (Step: the phase)
//	phase_end            Step: the phase whose effects are done
//	hand_discard         Player; Args: [cards discarded, hand size]
type Event struct {
	Seq      int
	Turn     int
	Player   string
	Step     string
	Kind     string
	Objects  []string
	Rule     string
	Indirect bool
	Args     []string
}

// Zones returns the zones() an object can be in.
func Zones() []string { return append(zones(), ZoneStack) }

// YGORules returns the references the Yu-Gi-Oh! procedure cites in Rule.
func YGORules() []string {
	return []string{"ygo.chain", "ygo.core.activate", "ygo.core.pass", "ygo.end.hand", "ygo.phase",
		"ygo.phase.1", "ygo.phase.2", "ygo.phase.3", "ygo.phase.4", "ygo.phase.end"}
}
