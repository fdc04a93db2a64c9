package chat

import "testing"

// TestPlain checks the terminal form of messages: formatting goes, text
// the sender escaped comes back as written, code stays as written, with
// its backquotes.
func TestPlain(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"report line", "**#1** · English · December 3, 2026 — Can I Shock it?", "#1 · English · December 3, 2026 — Can I Shock it?"},
		{"italics label", "text\n*Machine translation*", "text\nMachine translation"},
		{"underline, strike, spoiler", "__u__ ~~s~~ ||x||", "u s x"},
		{"code", "expected `wotc-2022-02-18-phasing-2`, `ruling:abc:*`", "expected `wotc-2022-02-18-phasing-2`, `ruling:abc:*`"},
		{"fenced block with its language", "```yaml\nname: x\n```", "name: x\n"},
		{"lone backquote", "a ` b", "a ` b"},
		{"quote kept", "> example", "> example"},
		{"option names", "/rule number: cr_date:", "/rule number: cr_date:"},
		{"mention breaker", "@\u200beveryone", "@everyone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Plain(tt.in); got != tt.want {
				t.Errorf("Plain(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	// Whatever a user or a source wrote comes back as written.
	for _, s := range []string{"**bold** __u__ ~~s~~ `c` ||spoiler|| > quote", "2 * 3 = 6_a", `back\slash [x](y) <@1> - #`, "- list\n# heading"} {
		if got := Plain(escapeText(s)); got != s {
			t.Errorf("Plain(escapeText(%q)) = %q", s, got)
		}
	}
}
