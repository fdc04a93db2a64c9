package main

import (
	"slices"
	"testing"
)

// TestWhatTemplatesAreTemplates: every template said to ask what a card
// does is one of the card templates, so that editing a template cannot
// silently change what its rows expect.
func TestWhatTemplatesAreTemplates(t *testing.T) {
	for w := range genWhatTemplates {
		found := false
		for _, ts := range genCardTemplates {
			found = found || slices.Contains(ts, w)
		}
		if !found {
			t.Errorf("%q is in genWhatTemplates but in no language's genCardTemplates", w)
		}
	}
}
