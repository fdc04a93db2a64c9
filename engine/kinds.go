package engine

import "sort"

// EventKind names what an Event records. The engine, the renderer and the
// locales ("engine.event."+kind) share these constants instead of writing
// the strings out.
//
// A caller that keeps a kind in a string field (JSON output, templates)
// converts it with string(kind).
type EventKind string

// The kinds of event the engine emits. Event documents each one's Objects,
// Args and Player.
const (
	EventStep              EventKind = "step"
	EventPhaseOut          EventKind = "phase_out"
	EventPhaseIn           EventKind = "phase_in"
	EventPhaseInUnattached EventKind = "phase_in_unattached"
	EventPhaseOutPrevented EventKind = "phase_out_prevented"
	EventPhaseOutBlocked   EventKind = "phase_out_blocked"
	EventPhaseInBlocked    EventKind = "phase_in_blocked"
	EventUntap             EventKind = "untap"
	EventUntapSkipped      EventKind = "untap_skipped"
	EventTap               EventKind = "tap"
	EventCast              EventKind = "cast"
	EventActivate          EventKind = "activate"
	EventTarget            EventKind = "target"
	EventNoTargets         EventKind = "no_targets"
	EventResolve           EventKind = "resolve"
	EventIllegalTarget     EventKind = "illegal_target"
	EventFizzle            EventKind = "fizzle"
	EventSpellExiled       EventKind = "spell_exiled"
	EventDamage            EventKind = "damage"
	EventPrevented         EventKind = "prevented"
	EventLifeGain          EventKind = "life_gain"
	EventLifeUnchanged     EventKind = "life_unchanged"
	EventPayLife           EventKind = "pay_life"
	EventDestroy           EventKind = "destroy"
	EventIndestructible    EventKind = "indestructible"
	EventLeavesBattlefield EventKind = "leaves_battlefield"
	EventEntersBattlefield EventKind = "enters_battlefield"
	EventRemovedFromCombat EventKind = "removed_from_combat"
	EventAttack            EventKind = "attack"
	EventBlock             EventKind = "block"
	EventAttach            EventKind = "attach"
	EventUnaffected        EventKind = "unaffected"
	EventCounter           EventKind = "counter"
	EventCounterRemoved    EventKind = "counter_removed"
	EventEffectBegins      EventKind = "effect_begins"
	EventEffectExcludes    EventKind = "effect_excludes"
	EventEffectEnds        EventKind = "effect_ends"
	EventEffectNeverStarts EventKind = "effect_never_starts"
	EventControl           EventKind = "control"
	EventDamageRemoved     EventKind = "damage_removed"
	EventStateBased        EventKind = "state_based"
	EventTrigger           EventKind = "trigger"
	EventNoTrigger         EventKind = "no_trigger"
	EventDraw              EventKind = "draw"
	EventDiscard           EventKind = "discard"
	EventMana              EventKind = "mana"
	EventChoice            EventKind = "choice"
	EventRefused           EventKind = "refused"
	EventLeavesGame        EventKind = "leaves_game"
	EventTurnSkipped       EventKind = "turn_skipped"
	EventWins              EventKind = "wins"
	EventPhasingPlayerGone EventKind = "phasing_player_gone"
	EventYGOActivate       EventKind = "ygo_activate"
	EventYGOResolve        EventKind = "ygo_resolve"
	EventPhasePass         EventKind = "phase_pass"
	EventPhaseEnd          EventKind = "phase_end"
	EventHandDiscard       EventKind = "hand_discard"
	EventTokenCreated      EventKind = "token_created"
	EventZoneChange        EventKind = "zone_change"
	EventRegenerate        EventKind = "regenerate"
	EventReplaced          EventKind = "replaced"
	EventPayMana           EventKind = "pay_mana"
	EventManaEmpties       EventKind = "mana_empties"
	EventCountered         EventKind = "countered"
	EventLifeLoss          EventKind = "life_loss"
	EventPoison            EventKind = "poison"
	EventMill              EventKind = "mill"
	EventScry              EventKind = "scry"
	EventUntapPrevented    EventKind = "untap_prevented"
	EventCopy              EventKind = "copy"
	EventPlayLand          EventKind = "play_land"
)

// EventKinds returns every kind of event the engine can emit, sorted.
func EventKinds() []EventKind {
	k := []EventKind{
		EventStep, EventPhaseOut, EventPhaseIn, EventPhaseInUnattached, EventPhaseOutPrevented,
		EventPhaseOutBlocked, EventPhaseInBlocked, EventUntap, EventUntapSkipped, EventTap, EventCast,
		EventActivate, EventTarget, EventNoTargets, EventResolve, EventIllegalTarget, EventFizzle,
		EventSpellExiled, EventDamage, EventPrevented, EventLifeGain, EventLifeUnchanged, EventPayLife,
		EventDestroy, EventIndestructible, EventLeavesBattlefield, EventEntersBattlefield,
		EventRemovedFromCombat, EventAttack, EventBlock, EventAttach, EventUnaffected, EventCounter,
		EventCounterRemoved, EventEffectBegins, EventEffectExcludes, EventEffectEnds, EventEffectNeverStarts,
		EventControl, EventDamageRemoved, EventStateBased, EventTrigger, EventNoTrigger, EventDraw,
		EventDiscard, EventMana, EventChoice, EventRefused, EventLeavesGame, EventTurnSkipped, EventWins,
		EventPhasingPlayerGone, EventYGOActivate, EventYGOResolve, EventPhasePass, EventPhaseEnd,
		EventHandDiscard, EventTokenCreated, EventZoneChange, EventRegenerate, EventReplaced, EventPayMana,
		EventManaEmpties, EventCountered, EventLifeLoss, EventPoison, EventMill, EventScry, EventUntapPrevented,
		EventCopy, EventPlayLand,
	}
	sort.Slice(k, func(i, j int) bool { return k[i] < k[j] })
	return k
}

// IndirectKinds returns the event kinds that can carry Indirect.
func IndirectKinds() []EventKind { return []EventKind{EventPhaseIn, EventPhaseOut} }

// ActionKind names an action of a scenario: its key in `actions:`.
type ActionKind string

// The actions a scenario may use (scenario-format.md and its Additions).
const (
	ActionPhaseOut         ActionKind = "phase_out"
	ActionPhaseOutAll      ActionKind = "phase_out_all"
	ActionPhaseOutUntil    ActionKind = "phase_out_until"
	ActionPhaseIn          ActionKind = "phase_in"
	ActionPhaseInAll       ActionKind = "phase_in_all"
	ActionPhaseToggle      ActionKind = "phase_toggle"
	ActionEffect           ActionKind = "effect"
	ActionCast             ActionKind = "cast"
	ActionActivate         ActionKind = "activate"
	ActionResolve          ActionKind = "resolve"
	ActionAttack           ActionKind = "attack"
	ActionBlock            ActionKind = "block"
	ActionDamage           ActionKind = "damage"
	ActionDestroy          ActionKind = "destroy"
	ActionDestroyAll       ActionKind = "destroy_all"
	ActionCounter          ActionKind = "counter"
	ActionTap              ActionKind = "tap"
	ActionUntap            ActionKind = "untap"
	ActionAttach           ActionKind = "attach"
	ActionEnter            ActionKind = "enter"
	ActionLeaveBattlefield ActionKind = "leave_battlefield"
	ActionSkipUntap        ActionKind = "skip_untap"
	ActionLeaveGame        ActionKind = "leave_game"
	ActionAdvance          ActionKind = "advance"
	ActionDraw             ActionKind = "draw"
	ActionChoose           ActionKind = "choose"
	ActionIllegal          ActionKind = "illegal"
	ActionCheck            ActionKind = "check"
	ActionEnterPhase       ActionKind = "enter_phase" // Yu-Gi-Oh!
	ActionPlay             ActionKind = "play"
)

// ActionKinds returns the actions a scenario may use, in the order the
// format lists them.
func ActionKinds() []ActionKind {
	return []ActionKind{ActionPhaseOut, ActionPhaseOutAll, ActionPhaseOutUntil, ActionPhaseIn, ActionPhaseInAll,
		ActionPhaseToggle, ActionEffect, ActionCast, ActionActivate, ActionResolve, ActionAttack, ActionBlock,
		ActionDamage, ActionDestroy, ActionDestroyAll, ActionCounter, ActionTap, ActionUntap, ActionAttach,
		ActionEnter, ActionLeaveBattlefield, ActionSkipUntap, ActionLeaveGame, ActionAdvance, ActionDraw,
		ActionChoose, ActionIllegal, ActionCheck, ActionEnterPhase, ActionPlay}
}
