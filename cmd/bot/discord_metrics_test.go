package main

import (
	"strings"
	"testing"
	"time"
)

// TestInteractionMetrics checks that answered interactions are counted by
// command, outcome and locale, and rate-limited users too.
func TestInteractionMetrics(t *testing.T) {
	rig := newDiscordRig(t, func(c *discordConfig) {
		c.rateBurst = 1
		c.ratePeriod = time.Hour
	})
	rig.s.ops = newOpsState()
	body := fixture(t, "slash_rule.json")
	for i := 0; i < 2; i++ {
		// A different body each time, so the second is not taken for a replay.
		if w := rig.post(t, append(body, strings.Repeat(" ", i)...)); w.Code != 200 {
			t.Fatalf("status %d", w.Code)
		}
	}
	fams, err := rig.s.ops.m.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range fams {
		for _, m := range f.GetMetric() {
			key := f.GetName()
			for _, l := range m.GetLabel() {
				if l.GetName() == "outcome" || l.GetName() == "command" {
					key += " " + l.GetName() + "=" + l.GetValue()
				}
			}
			if c := m.GetCounter(); c != nil {
				got[key] += c.GetValue()
			}
		}
	}
	for key, want := range map[string]float64{
		"arbiter_interactions_total command=rule outcome=ok":           1,
		"arbiter_interactions_total command=rule outcome=rate_limited": 1,
		"arbiter_rate_limited_total":                                   1,
	} {
		if got[key] != want {
			t.Errorf("%s = %v, want %v (have %v)", key, got[key], want, got)
		}
	}
}
