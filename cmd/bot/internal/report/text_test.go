package report

import (
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		multiline bool
		want      string
	}{
		{"plain", "The answer cites the wrong rule.", false, "The answer cites the wrong rule."},
		{"user mention", "ask <@123456789012345678> about it", false, "ask about it"},
		{"nickname mention", "ask <@!123456789012345678>", false, "ask"},
		{"role mention", "<@&987654321098765432> please check", false, "please check"},
		{"mention before punctuation", "ask <@123>, then <#456>.", false, "ask, then."},
		{"channel mention", "see <#111122223333444455>", false, "see"},
		{"slash command mention", "try </ruling:1234567890>", false, "try"},
		{"everyone and here", "@everyone look @here now", false, "look now"},
		{"mention case", "@Everyone @HERE hi", false, "hi"},
		{"mention rebuilt by removal", "@every@everyoneone and <@<@1>2>", false, "and"},
		{"control characters", "bad\x00 rule\x07 702.26b\x1b[31m", false, "bad rule 702.26b[31m"},
		{"mention split by a control character", "<@\x00123> @every\x00one", false, ""},
		{"bidi override", "rule \u202e62.207\u202c", false, "rule 62.207"},
		{"mention hidden by a zero-width space", "@\u200beveryone", false, ""},
		{"tabs and spaces", "a\t\tb   c ", false, "a b c"},
		{"newlines kept", "first\r\nsecond\n\n\n\nthird", true, "first\nsecond\n\nthird"},
		{"newlines flattened", "first\nsecond", false, "first second"},
		{"line separator", "a\u2028b", true, "a\nb"},
		{"invalid UTF-8", "a\xffb", false, "ab"},
		{"only a mention", "<@1>", false, ""},
		{"japanese kept", "ルール７０２．２６ｂが正しい", false, "ルール７０２．２６ｂが正しい"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Clean(tt.in, tt.multiline)
			if got != tt.want {
				t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := Clean(got, tt.multiline); again != got {
				t.Errorf("not idempotent: %q then %q", got, again)
			}
			if mentionRE.MatchString(got) || strings.ContainsAny(got, "\x00\x07\x1b\u202e") {
				t.Errorf("Clean(%q) = %q still holds a mention or a control character", tt.in, got)
			}
		})
	}
}

func TestQuestionKey(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"Can an Aura phase out?", "can an aura   phase out", true},
		{"Les marqueurs restent-ils ?", "les marqueurs restent-ils", true},
		{"フェイズ・アウトしたトークンは？", "フェイズ・アウトしたトークンは?", true},
		{"ＭＴＧ　ルール", "mtg ルール", true},
		{"Can an Aura phase out?", "Can an Equipment phase out?", false},
		{"@everyone does phasing untap?", "does phasing untap", true},
	}
	for _, tt := range tests {
		t.Run(tt.a, func(t *testing.T) {
			if got := QuestionKey(tt.a) == QuestionKey(tt.b); got != tt.same {
				t.Errorf("QuestionKey(%q) = %q, QuestionKey(%q) = %q; same %v, want %v", tt.a, QuestionKey(tt.a), tt.b, QuestionKey(tt.b), got, tt.same)
			}
		})
	}
}

func TestMatches(t *testing.T) {
	tests := []struct {
		want, id string
		ok       bool
	}{
		{"cr:702.26b", "cr:702.26b", true},
		{"cr:702.26b", "cr:702.26", false},
		{"cr:702.26+", "cr:702.26", true},
		{"cr:702.26+", "cr:702.26d", true},
		{"cr:702.26+", "cr:702.261", false},
		{"cr:702.26+", "cr:702.26da", false},
		{"ruling:abc:*", "ruling:abc:3", true},
		{"ruling:abc:*", "ruling:abcd:3", false},
		{"wotc-2022-02-18-phasing-2", "wotc-2022-02-18-phasing-2", true},
		{"wotc-2022-02-18-phasing-2", "wotc-2022-02-18-phasing-2.fr", false},
	}
	for _, tt := range tests {
		if got := Matches(tt.want, tt.id); got != tt.ok {
			t.Errorf("Matches(%q, %q) = %v, want %v", tt.want, tt.id, got, tt.ok)
		}
	}
	if !MatchesAny([]string{"x", "cr:1+"}, []string{"y", "cr:1a"}) || MatchesAny([]string{"x"}, nil) {
		t.Error("MatchesAny")
	}
}

func TestParseStatus(t *testing.T) {
	for in, want := range map[string]Status{"open": Open, " Confirmed ": Confirmed, "REJECTED": Rejected} {
		if got, ok := ParseStatus(in); !ok || got != want {
			t.Errorf("ParseStatus(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := ParseStatus("all"); ok {
		t.Error("all is not a status")
	}
}
