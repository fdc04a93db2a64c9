package chat

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestParseMentions: the cards a message names, as players write them in
// the three languages, and what Discord shows as code or quotes, which is
// not read.
func TestParseMentions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		content string
		want    string // "kind:name" joined by " | "
		more    int
	}{
		{"one", "Does [[Lightning Bolt]] hit a phased-out creature?", "card:Lightning Bolt", 0},
		{"French", "Est-ce que [[Protection de Téfeiri]] protège les jetons ?", "card:Protection de Téfeiri", 0},
		{"Japanese", "[[稲妻]]は[[ショック]]より強い？", "card:稲妻 | card:ショック", 0},
		{"full-width brackets", "［［稲妻］］と[[稲妻]]", "card:稲妻", 0},
		{"Yu-Gi-Oh!", "[[Ash Blossom & Joyous Spring]] vs [[灰流うらら]]", "card:Ash Blossom & Joyous Spring | card:灰流うらら", 0},
		{"spaces trimmed", "[[  Fog ]]", "card:Fog", 0},
		{"kinds", "[[!Fog]] [[?Fog]] [[#Fog]] [[Fog|LEA]]", "picture:Fog | rulings:Fog | card:Fog", 0},
		{"each once, folded", "[[Téfeiri]] [[TEFEIRI]] [[tefeiri]] [[ｔｅｆｅｉｒｉ]]", "card:Téfeiri", 0},
		{"five at most", "[[a1]] [[a2]] [[a3]] [[a4]] [[a5]] [[a6]] [[a7]] [[a1]]", "card:a1 | card:a2 | card:a3 | card:a4 | card:a5", 2},
		{"inline code", "`[[Fog]]` and [[Island]]", "card:Island", 0},
		{"double backquotes", "``a ` [[Fog]]`` [[Island]]", "card:Island", 0},
		{"code block", "```\n[[Fog]]\n[[Shock]]\n```\n[[Island]]", "card:Island", 0},
		{"code block with a language", "```yaml\ncard: [[Fog]]\n```[[Island]]", "card:Island", 0},
		{"unclosed backquote is text", "a ` [[Fog]]", "card:Fog", 0},
		{"unclosed block is text", "```\n[[Fog]]", "card:Fog", 0},
		{"quote", "> [[Fog]] is great\n[[Island]]", "card:Island", 0},
		{"indented quote", "  > [[Fog]]\n[[Island]]", "card:Island", 0},
		{"not a quote without a space", ">[[Fog]]", "card:Fog", 0},
		{"arrow in text", "a > [[Fog]]", "card:Fog", 0},
		{"quote rest", "[[Island]]\n>>> [[Fog]]\n[[Shock]]", "card:Island", 0},
		{"escaped", `\[[Fog]] [[Island]]`, "card:Island", 0},
		{"escaped backslash", `\\[[Fog]]`, "card:Fog", 0},
		{"across lines", "[[Fog\n]]", "", 0},
		{"empty", "[[]] [[ ]] [[!]] [[|LEA]]", "", 0},
		{"nested", "[[a [[Fog]]", "card:Fog", 0},
		{"triple brackets", "[[[Fog]]]", "card:Fog", 0},
		{"bracket inside", "[[a]b]] [[Fog]]", "card:Fog", 0},
		{"no closing", "[[Fog", "", 0},
		{"too long", "[[" + strings.Repeat("a", 151) + "]] [[Fog]]", "card:Fog", 0},
		{"longest card name", "[[Our Market Research Shows That Players Like Really Long Card Names So We Made This Card to Have the Absolute Longest Card Name Ever Elemental]]",
			"card:Our Market Research Shows That Players Like Really Long Card Names So We Made This Card to Have the Absolute Longest Card Name Ever Elemental", 0},
		{"none", "How does phasing work?", "", 0},
	}
	kinds := map[MentionKind]string{MentionCard: "card", MentionPicture: "picture", MentionRulings: "rulings"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms, more := ParseMentions(tt.content, MaxMentions)
			var got []string
			for _, m := range ms {
				got = append(got, kinds[m.Kind]+":"+m.Name)
			}
			if g := strings.Join(got, " | "); g != tt.want || more != tt.more {
				t.Errorf("ParseMentions(%q) = %q, %d more; want %q, %d more", tt.content, g, more, tt.want, tt.more)
			}
		})
	}
}

// TestParseMentionsBounded: a message full of brackets is read in time
// linear in its length, and only its first 16 KiB are read.
func TestParseMentionsBounded(t *testing.T) {
	t.Parallel()
	content := strings.Repeat("[", 20000) + "Fog]]"
	if ms, _ := ParseMentions(content, MaxMentions); len(ms) != 0 {
		t.Errorf("a mention past the first 16 KiB read: %v", ms)
	}
	content = strings.Repeat("[[a", 5000) + "]]"
	ms, more := ParseMentions(content, MaxMentions)
	if len(ms) != 1 || ms[0].Name != "a" || more != 0 {
		t.Errorf("got %v, %d more; want the last [[a]]", ms, more)
	}
}

// FuzzParseMentions: whatever a message holds, parsing it never panics,
// and every mention it finds is a short name on one line, with no
// brackets or backquotes, written in the message; at most max are
// returned. The same text inside a code block, or quoted, names nothing.
func FuzzParseMentions(f *testing.F) {
	for _, s := range []string{
		"[[Lightning Bolt]]", "[[!Fog]] [[?Fog]] [[#Fog|LEA]]", "`[[a]]` [[b]]", "```\n[[a]]\n```", "> [[a]]\n[[b]]",
		">>> [[a]]", `\[[a]]`, "[[[a]]]", "[[a\n]]", "［［稲妻］］[[稲妻]]", "``a ` [[b]]``", "[[a]b]]",
	} {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, content string, max int) {
		max = max%8 + 1
		if max < 1 {
			max = -max + 1
		}
		ms, more := ParseMentions(content, max)
		if len(ms) > max || more < 0 {
			t.Fatalf("%d mentions and %d more, max %d", len(ms), more, max)
		}
		for _, m := range ms {
			if m.Name == "" || utf8.RuneCountInString(m.Name) > maxMentionName || strings.ContainsAny(m.Name, "[]`\n") {
				t.Fatalf("mention %q out of bounds", m.Name)
			}
			if m.Name != strings.TrimSpace(m.Name) || !strings.Contains(content, m.Name) {
				t.Fatalf("mention %q is not a trimmed part of the message", m.Name)
			}
			if m.Kind > MentionRulings {
				t.Fatalf("mention kind %d", m.Kind)
			}
		}
		if strings.Contains(content, "```") || strings.Contains(content, "\r") {
			return
		}
		fence := "```"
		if ms, _ := ParseMentions(fence+"\n"+content+"\n"+fence, max); len(ms) != 0 {
			t.Fatalf("mentions in a code block: %v", ms)
		}
		if ms, _ := ParseMentions(">>> "+content, max); len(ms) != 0 {
			t.Fatalf("mentions in a quote: %v", ms)
		}
	})
}

// ExampleParseMentions shows what a message names.
func ExampleParseMentions() {
	ms, more := ParseMentions("Does [[Fog]] stop `[[Shock]]`?\n> [[Island]]\nAnd [[?Protection de Téfeiri]]", MaxMentions)
	for _, m := range ms {
		fmt.Println(m.Kind, m.Name)
	}
	fmt.Println(more, "more")
	// Output:
	// 0 Fog
	// 2 Protection de Téfeiri
	// 0 more
}
