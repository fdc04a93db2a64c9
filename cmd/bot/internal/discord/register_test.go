package discord

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/testutil"
)

// TestCommandDefinitions checks what "bot commands register" sends against
// Discord's rules for every language.
func TestCommandDefinitions(t *testing.T) {
	rt := chat.New(chat.Config{Catalog: testutil.Catalog(t)})
	cmds := applicationCommands(testutil.Catalog(t), rt.Commands())
	if len(cmds) != len(rt.Commands()) {
		t.Fatalf("%d commands registered, %d defined", len(cmds), len(rt.Commands()))
	}
	slashName := regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)
	checkName := func(t *testing.T, what, n string, slash bool) {
		t.Helper()
		if strings.HasPrefix(n, "!") {
			t.Errorf("%s: missing message %s", what, n)
		}
		if slash && (!slashName.MatchString(n) || strings.ToLower(n) != n) {
			t.Errorf("%s: %q is not a lowercase 1-32 character name", what, n)
		}
		if utf8.RuneCountInString(n) < 1 || utf8.RuneCountInString(n) > 32 {
			t.Errorf("%s: %q has %d characters", what, n, utf8.RuneCountInString(n))
		}
	}
	checkDesc := func(t *testing.T, what, d string) {
		t.Helper()
		if strings.HasPrefix(d, "!") || utf8.RuneCountInString(d) < 1 || utf8.RuneCountInString(d) > 100 {
			t.Errorf("%s: description %q (%d characters, 1-100 allowed)", what, d, utf8.RuneCountInString(d))
		}
	}
	for _, c := range cmds {
		t.Run(c.Name, func(t *testing.T) {
			slash := c.Type == 1
			checkName(t, "default name", c.Name, slash)
			if c.NameLocalizations == nil || len(*c.NameLocalizations) != 2 {
				t.Fatalf("name localizations %v, want fr and ja", c.NameLocalizations)
			}
			for loc, n := range *c.NameLocalizations {
				checkName(t, string(loc)+" name", n, slash)
			}
			if !slash {
				return
			}
			checkDesc(t, "default", c.Description)
			for loc, d := range *c.DescriptionLocalizations {
				checkDesc(t, string(loc), d)
			}
			if len(c.Options) > 25 {
				t.Errorf("%d options", len(c.Options))
			}
			seen := map[string]bool{}
			for _, o := range c.Options {
				checkName(t, "option", o.Name, true)
				checkDesc(t, "option "+o.Name, o.Description)
				for loc, n := range o.NameLocalizations {
					checkName(t, "option "+string(loc), n, true)
					if seen[string(loc)+n] {
						t.Errorf("two options named %q in %s", n, loc)
					}
					seen[string(loc)+n] = true
				}
				for loc, d := range o.DescriptionLocalizations {
					checkDesc(t, "option "+o.Name+" "+string(loc), d)
				}
				if len(o.Choices) > 25 {
					t.Errorf("option %s: %d choices", o.Name, len(o.Choices))
				}
				if o.Autocomplete && len(o.Choices) > 0 {
					t.Errorf("option %s: autocomplete and choices are exclusive", o.Name)
				}
				for _, ch := range o.Choices {
					if utf8.RuneCountInString(ch.Name) > 100 || strings.HasPrefix(ch.Name, "!") {
						t.Errorf("choice %q", ch.Name)
					}
					for _, n := range ch.NameLocalizations {
						if utf8.RuneCountInString(n) > 100 || strings.HasPrefix(n, "!") {
							t.Errorf("choice localization %q", n)
						}
					}
				}
			}
		})
	}
	// The whole of one command, localizations included, must fit in 8,000 characters.
	for _, c := range cmds {
		b, _ := json.Marshal(c)
		if len([]rune(string(b))) > 8000 {
			t.Errorf("%s: %d characters", c.Name, len(b))
		}
	}
}
