package kb

import "testing"

func TestMatchesExpected(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		want, id string
		ok       bool
	}{
		{"cr:702.26b", "cr:702.26b", true},
		{"cr:702.26b", "cr:702.26", false},
		{"cr:702.26+", "cr:702.26", true},
		{"cr:702.26+", "cr:702.26k", true},
		{"cr:702.26+", "cr:702.2", false},
		{"cr:702.2+", "cr:702.26", false},
		{"ruling:abc:*", "ruling:abc:3", true},
		{"ruling:abc:*", "ruling:abcd:3", false},
		// A face of a card counts for the card; not the other way round.
		{"card:abc", "card:abc/b", true},
		{"card:abc", "card:abcd", false},
		{"card:abc/b", "card:abc", false},
		{"ruling:abc:1", "ruling:abc:1/b", false},
	} {
		if got := MatchesExpected(tc.want, tc.id); got != tc.ok {
			t.Errorf("MatchesExpected(%q, %q) = %v, want %v", tc.want, tc.id, got, tc.ok)
		}
	}
}
