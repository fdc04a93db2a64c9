package testutil

import "strings"

// HasAll reports whether s holds every one of subs, and if not, the first
// one missing.
func HasAll(s string, subs ...string) (string, bool) {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return sub, false
		}
	}
	return "", true
}
