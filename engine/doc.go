// Package engine is a small, pure rules engine for the situations players ask
// about: Magic: The Gathering phasing (CR 702.26 and the rules around it) and
// Yu-Gi-Oh! phase-timed effects.
//
// State goes in, events come out: Apply takes a State and an Action and
// returns the next State and the Events it produced, each naming the rule it
// applies. The engine does no I/O, reads no clock and keeps no globals; the
// same scenario always yields the same trace.
package engine
