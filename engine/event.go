package engine

// Event is one thing that happened in the game, as structured data: the
// i18n layer turns it into text. Objects are scenario ids (players' names
// where a player is a target or is affected); Rule is the rule applied (a CR
// number such as "702.26g", or a "ygo." reference for Yu-Gi-Oh! procedures).
// Args carries extra values in a fixed order per kind. Kind is one of the
// Event* constants:
//
//	step                 Args: none (Step is the step entered; Rule 510.4 for a second combat damage step)
//	phase_out            Objects: every permanent phasing out at once, each followed by what goes with it;
//	                     then one row per attachment that goes indirectly: Indirect, Objects [attachment, host]
//	phase_in             Objects, rows: as phase_out; Args: ["tapped", the permanents tapped...] when those phased in
//	                     directly phase in tapped (610.4)
//	phase_in_unattached  Objects: [attachment, former host] (702.26i)
//	phase_out_prevented  Objects: [permanent]; Args: [the permanent whose leaving it waited for] (610.4b)
//	phase_out_blocked    Objects: [permanent] an effect says it can't phase out (101.2)
//	phase_in_blocked     Objects: [permanent]; Args: [event name] for 610.4a (610.4a, 702.26g, 702.26n, can't-phase-in)
//	untap                Objects: what untapped
//	untap_skipped        Player: whose untap step is skipped (702.26m)
//	tap                  Objects: what became tapped
//	cast                 Player; Objects: [spell, targets...]
//	activate             Player; Objects: [ability, source, targets...] (602.2)
//	target               Player; Objects: [triggered ability, targets...] chosen as it goes on the stack (603.3d)
//	no_targets           Objects: [triggered ability] removed from the stack for want of targets (603.3d)
//	resolve              Objects: [spell or ability, legal targets...]
//	illegal_target       Objects: [spell or ability, target]
//	fizzle               Objects: [spell or ability]
//	spell_exiled         Objects: [spell] it exiles itself as it resolves (Teferi's Protection)
//	damage               Objects: [source if any, permanent dealt damage if any]; Args: [amount, "player" | "permanent"];
//	                     a player dealt damage is in Player
//	prevented            as damage: damage protection prevents (702.16e, 702.16j)
//	life_gain            Player; Objects: [source if any]; Args: [amount, new life total]
//	life_unchanged       Player; Objects: [source if any, the effect]; Args: [the change it would have made, signed] (119.7, 119.8)
//	pay_life             Player; Args: [amount, new life total] (119.4)
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
//	counter_removed      Objects: [permanent]; Args: [kind, n removed, total]
//	effect_begins        Objects: [effect id, affected permanents or player...]; Args: [kind, duration, power,
//	                     toughness, keywords, qualities (space-separated), controller, duration's source, new controller]
//	                     (611.2c; 611.2a for an effect on a player)
//	effect_excludes      Objects: [effect id, phased-out objects left out] (702.26e)
//	effect_ends          Objects: [effect id, what it affected...]; Args: as effect_begins, with duration first, then kind
//	effect_never_starts  Objects: [effect id, source]; Args: [duration] (611.2b, 610.3c)
//	control              Objects: [permanent]; Args: [old controller, new controller]
//	damage_removed       Objects: the permanents whose damage is removed (514.2)
//	state_based          Objects: [permanent]; Args: [what happened: one of StateBasedResults]; "loses" has Player;
//	                     "counters" (704.5q) has Args[1]: how many +1/+1 and -1/-1 counters each went
//	trigger              Player; Objects: [source]; Args: [condition, one of TriggerConditions]
//	no_trigger           Objects: [permanent]; Args: [condition that did not trigger]
//	draw                 Player; Args: [cards drawn, hand size] (121.1, 504.1)
//	discard              Player; Args: [cards discarded, hand size] (701.9a)
//	mana                 Player; Objects: [source]; Args: [mana, as {U}{U}] a mana ability (605.3a)
//	choice               Player; Objects: [what was chosen, if objects]; Args: [kind (ChoiceKinds), value, "chosen" | "default"];
//	                     order and divide (510.1c): Objects [attacker, each permanent or player assigned damage],
//	                     Args[3:] the amounts; order when lethal damage went in an order (an order answer, or the default);
//	                     triggers (603.3b): Objects the sources in the order their abilities go on the stack, Args[3:] their conditions
//	refused              Player; Objects: [ids the action names]; Args: [action kind, error code, the error's Args but the rule]:
//	                     an illegal action refused, Rule the rule
//	leaves_game          Player; Objects: what left with them
//	turn_skipped         Player: whose turn doesn't begin: they left the game (800.4k)
//	wins                 Player: who won (104.2a)
//	phasing_player_gone  Objects: [permanent]; Args: [new phasing player] (702.26n)
//	ygo_activate         Player; Objects: [effect]; Args: [chain link (1), number of the chain in the phase]
//	ygo_resolve          Player; Objects: [effect]
//	phase_pass           Player: who passed (Step: the phase)
//	phase_end            Step: the phase whose effects are done
//	hand_discard         Player; Args: [cards discarded, hand size]
//
// The locales' message for an event is "engine.event."+kind or a variant of
// it; it takes %[1]s, the objects' names as a list, and %[2]s, the player,
// then the kind's own values from %[3]s on. Event.Message gives both the key
// and those values, for every kind, so a renderer needs no case per kind.
type Event struct {
	Seq      int
	Turn     int
	Player   string
	Step     string
	Kind     EventKind
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
