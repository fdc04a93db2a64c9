// Package engine is a small, pure rules engine for the situations players ask
// about: Magic: The Gathering phasing (CR 702.26 and the rules around it) and
// Yu-Gi-Oh! phase-timed effects.
//
// State goes in, events come out: Apply takes a State and an Action and
// returns the next State and the Events it produced, each naming the rule it
// applies. Apply never changes the State it is given. The engine does no I/O,
// reads no clock and keeps no globals; the same scenario always yields the
// same trace. It imports nothing else of the project.
//
// # Scenarios
//
// ParseScenario reads the YAML scenario format (a starting situation,
// actions and expectations); Run plays it and checks its expectations,
// recording one Frame per action with the State after it (RunWith with
// Options.NoFrames keeps no history, for long runs). Presets and LoadPreset
// give the scenarios embedded from presets/*.yaml. Invalid input gives an
// *Error with a stable Code, the line in the source and the arguments of the
// message, never a panic.
//
// # Extensions to the scenario format
//
// Besides everything scenario-format.md lists, a scenario may use:
//
//   - top level: life (starting life total; 20, or 8000 for ygo);
//   - permanents: zone (where it starts, default battlefield), phased_out,
//     phased_indirect and phased_out_under (a permanent already phased out),
//     triggers (conditions its triggered abilities watch: enters, leaves,
//     phases_in, phases_out, attached, unattached, becomes_tapped) and choices
//     (made as it entered, e.g. {color: red});
//   - effects: name (display name);
//   - actions: attach ({aura: host}), enter ([ids] put onto the battlefield),
//     and cast may carry effect: {kind, power, toughness, player, keywords,
//     duration, source}, a continuous effect created for each legal target as
//     it resolves, known by the spell's id;
//   - expect: indirect ([ids] phased out indirectly), blocked, choices
//     ({id: {key: value}}), hand ({player: n}); event and no_event also match
//     turn, step (phase for ygo) and args;
//   - ygo: flow (tcg or ygopro-core), hand_limit (6), hands ({player: n}),
//     and a name for each phase effect.
//
// # Phasing model
//
// Phasing is a status of the permanent, not a zone (CR 110.5): a phased-out
// permanent stays in State.Permanents, on the battlefield, with PhasedOut set,
// PhasedIndirect if it went with its host (702.26g), and PhasedOutUnder the
// player it phases in for (702.26a). Every query of the game goes through
// Permanent.Exists, so a phased-out permanent is treated as though it didn't
// exist (702.26b): it can't be targeted, counted, destroyed or affected, it
// can't attack or block, and its static abilities do nothing.
//
// The untap step fixes the sets of permanents phasing out and in before
// changing anything, so the exchange is simultaneous (502.1), then untaps
// (502.3); no player gets priority there (502.4), so abilities that trigger
// wait for the upkeep and state-based actions, such as the legend rule after
// two legends come back, happen at the first priority.
//
// Two questions the rules leave open are decided as follows, and tests don't
// assert either way: an Aura that phases in directly while its host is still
// phased out stays attached (the host is still on the battlefield; 702.26i
// speaks of zones); and a permanent keeps its timestamp across phasing.
//
// # Yu-Gi-Oh!
//
// Phase-timed effects follow the loop of the project's reference article
// (FlowTCG); FlowYGOProCore follows ygopro-core instead. See YGOState.
package engine
