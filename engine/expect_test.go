package engine

import (
	"reflect"
	"testing"
)

// TestFailedExpectations checks what failed checks report, as data and in English.
func TestFailedExpectations(t *testing.T) {
	r := run(t, twoPlayers+`
permanents:
  - {id: bear, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Alice, entered_this_turn: true}
  - {id: aura, types: [enchantment], subtypes: [Aura], controller: Alice, attached_to: bear}
actions:
  - phase_out: [bear]
expect:
  - phased_in: [bear, aura]
  - can_attack: [bear]
  - pt: {bear: "3/3"}
  - life: {Bob: 19}
  - event: {kind: destroy}
  - no_event: {kind: phase_out}
  - unattached: [aura]
`)
	want := []struct {
		found  []Finding
		detail string
	}{
		{[]Finding{{"state", []string{"bear", "phased_out"}}, {"state", []string{"aura", "phased_out_indirectly"}}}, "bear is phased_out; aura is phased_out_indirectly"},
		{[]Finding{{"cannot_attack", []string{"bear", "phased_out"}}}, "bear can't attack: phased_out"},
		{[]Finding{{"pt", []string{"bear", "2", "2"}}}, "bear is 2/2"},
		{[]Finding{{"life", []string{"Bob", "20"}}}, "Bob has 20 life"},
		{[]Finding{{"no_event", nil}}, "no matching event"},
		{[]Finding{{"event", []string{"1"}}}, "event #1 matches"},
		{[]Finding{{"attached_to", []string{"aura", "bear"}}}, "aura is attached to bear"},
	}
	if r.OK || len(r.Expectations) != len(want) {
		t.Fatalf("OK=%t with %d checks", r.OK, len(r.Expectations))
	}
	for i, c := range r.Expectations {
		if c.OK {
			t.Errorf("%s passed", c.Check)
		}
		if !reflect.DeepEqual(c.Found, want[i].found) || c.Detail != want[i].detail {
			t.Errorf("%s: found %v %q, want %v %q", c.Check, c.Found, c.Detail, want[i].found, want[i].detail)
		}
	}
}

// TestFindingCodes checks that every finding code has an English rendering.
func TestFindingCodes(t *testing.T) {
	for _, c := range FindingCodes() {
		if findingFormat(c) == "" {
			t.Errorf("finding %s has no English format", c)
		}
	}
}
