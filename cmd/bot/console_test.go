package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord/discordtest"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/testutil"
)

// runConsole drives "bot console" with stdin lines and returns its exit
// code and output.
func runConsole(t *testing.T, env map[string]string, args []string, lines ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	getenv := func(k string) string { return env[k] }
	code := runArgs(context.Background(), append([]string{"console"}, args...), getenv, strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestConsole(t *testing.T) {
	t.Parallel()
	seed := seedIndex(t)
	tests := []struct {
		name  string
		args  []string
		lines []string
		want  []string
		code  int
	}{
		{"ruling in English", nil, []string{"/ruling question: can an aura phase out?"},
			[]string{"Results 1–3", "## ", "(can an aura phase out?)", "[1] More results"}, 0},
		{"question without the option name", nil, []string{"/ruling can an aura phase out?"},
			[]string{"Results 1–3"}, 0},
		{"question holding a colon", nil, []string{"/ruling question: phasing: does an aura phase out?"},
			[]string{"(phasing: does an aura phase out?)"}, 0},
		{"click More results", nil, []string{"/ruling question: can an aura phase out?", "!1"},
			[]string{"Results 4–", "[1] Previous"}, 0},
		{"French from --lang", []string{"--lang", "fr"}, []string{"/ruling question: une aura peut-elle passer hors phase ?"},
			[]string{"Résultats 1 à 3", "Plus de résultats"}, 0},
		{"language setting applies to the next command", nil, []string{"/language language: ja", "/help"},
			[]string{"日本語になりました", "Arbiter：カードゲームの裁定"}, 0},
		{"autocomplete", nil, []string{"?simulate scenario: aura"},
			[]string{"aura-phases-with-host"}, 0},
		{"simulation", nil, []string{"/simulate scenario: aura-phases-with-host"},
			[]string{"Simulation: An Aura", "1. Phase out Rainbow Efreet.", "(Step 0 of 2)", "[board-0.png, ", "[2] Next step ▶"}, 0},
		{"simulation, next step", nil, []string{"/simulate scenario: aura-phases-with-host", "!2"},
			[]string{"\n1. Phase out Rainbow Efreet.\nTurn 1", "702.26g", "(Step 1 of 2)", "[board-1.png, "}, 0},
		{"pasted scenario", []string{"--lang", "fr"}, append([]string{"/simulate"}, strings.Split(consoleScenario, "\n")...),
			[]string{"## Coller un scénario", "Scénario en YAML\n", "Simulation\u00a0: Scénario personnalisé", "[scenario.yaml, ", "(Étape 0 sur 4)"}, 0},
		{"pasted scenario, fenced, then a step", nil, append(append([]string{"/simulate", "```"}, strings.Split(strings.Replace(consoleScenario, "actions:", "\nactions:", 1), "\n")...), "```", "!2", "!2"),
			[]string{"Serra Angel attacks Bob. (CR 508.1)", "(Step 2 of 4)", "[board-2.png, ", "[scenario.yaml, "}, 0},
		{"pasted scenario, invalid", nil, []string{"/simulate", "game: mtg", "players: [Alice]", ""},
			[]string{"the pasted scenario, line 2: invalid scenario:"}, 0},
		{"message command", nil, []string{">find rulings Si ma créature passe hors phase, l'aura reste-t-elle attachée ?"},
			[]string{"] Share", "(Si ma créature passe hors phase"}, 0},
		{"old rule number", []string{"--lang", "fr"}, []string{"/rule number: 502.15h"},
			[]string{"502.15h", "702.26"}, 0},
		// On the embedded corpus alone, whose answer cites the Aura
		// ruling of March of Swirling Mist.
		{"report from an answer's button, then review it", []string{"--index", seed}, []string{"/ruling question: can an aura phase out?", "!6",
			"It quotes a ruling <@1>; the rules say it too.", "", "mtgwiki-ja-phase-out-phasing-in", "",
			"/reports action: list", "/reports action: confirm number: 1", "/ruling can an aura phase out"},
			[]string{"[6] Report", "## Report a wrong answer", "What is wrong with the answer?\n", "Thank you: your report is #1.",
				"1 report open:", "It quotes a ruling; the rules say it too.", "Report #1 confirmed",
				"Reported and corrected: a reviewer confirmed the text that answers this question (report #1)."}, 0},
		{"report command, refused", []string{"--lang", "fr"}, []string{"/report question: jeton hors phase wrong: @everyone"},
			[]string{"Dites ce qui ne va pas dans la réponse."}, 0},
		{"cards named in a message, then their rulings", []string{"--lang", "fr"}, []string{"Is [[march of swirling mist]] good? `[[Fog]]`", "!1", "[[Xyzzy]]"},
			[]string{"## Marche de la brume tourbillonnante (March of Swirling Mist)\n", "{X}{U} · Instant", "Texte imprimé (français)\u00a0: Éphémère",
				"(Wizards of the Coast · 10 décisions)\n[1] Décisions (10)", "## Rulings pour Marche de la brume tourbillonnante (March of Swirling Mist)", "[[Xyzzy]]\u00a0: aucune carte de ce nom."}, 0},
		{"a card no one printed", []string{"--lang", "ja"}, []string{"/ruling question: what does the card Dragon of Infinite Toast do?"},
			[]string{"「Dragon of Infinite Toast」という名前のカードはありません。"}, 0},
		{"line not understood", nil, []string{"hello there"},
			[]string{"Not understood: hello there"}, 1},
		{"unknown command", nil, []string{"/nope x"},
			[]string{"Not understood: /nope x"}, 1},
		{"button out of range", nil, []string{"!7"},
			[]string{"Not understood: !7"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runConsole(t, nil, tt.args, tt.lines...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %s)", code, tt.code, errOut)
			}
			if sub, ok := testutil.HasAll(out, tt.want...); !ok {
				t.Errorf("output lacks %q:\n%s", sub, out)
			}
			if strings.Contains(out, "!discord.") || strings.Contains(out, "!common.") {
				t.Errorf("missing message:\n%s", out)
			}
		})
	}
}

// consoleScenario is a scenario pasted in the console, ended by a blank
// line.
const consoleScenario = `game: mtg
players: [Alice, Bob]
permanents:
  - {id: angel, name: Serra Angel, types: [creature], power: 4, toughness: 4, keywords: [flying], controller: Alice}
  - {id: bears, name: Grizzly Bears, types: [creature], power: 2, toughness: 2, controller: Bob}
actions:
  - advance: {player: Alice, step: declare_attackers}
  - attack: {attackers: [angel], defender: Bob}
  - illegal: {action: {block: {blocker: bears, attacker: angel}}, rule: "702.9b"}
  - advance: {player: Alice, step: end}
expect:
  - life: {Bob: 16}
`

func TestConsoleStateSurvives(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if code, out, _ := runConsole(t, nil, []string{"--state", dir}, "/language language: fr"); code != 0 || !strings.Contains(out, "français") {
		t.Fatalf("set: %d %s", code, out)
	}
	_, out, _ := runConsole(t, nil, []string{"--state", dir}, "/help")
	if !strings.Contains(out, "décisions pour les jeux de cartes") {
		t.Errorf("setting lost across runs:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, store.BoltFile)); err != nil {
		t.Error(err)
	}
}

func TestConsoleJSON(t *testing.T) {
	t.Parallel()
	code, out, _ := runConsole(t, nil, []string{"--json"}, "/glossary term: phasing")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var r chat.Response
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &r); err != nil {
		t.Fatalf("not one JSON reply: %v\n%s", err, out)
	}
	if len(r.Embeds) != 1 || !strings.Contains(r.Embeds[0].Title, "phasing") {
		t.Errorf("reply %+v", r)
	}
}

// TestCommandsRegister runs "bot commands register" against a local fake
// of Discord's REST API.
func TestCommandsRegister(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		env      map[string]string
		status   int
		wantPath string
		code     int
		out      string
	}{
		{"guild", []string{"register", "--guild", "42"}, map[string]string{"DISCORD_TOKEN": "tok-secret", "DISCORD_APP_ID": "77"}, http.StatusOK,
			"/applications/77/guilds/42/commands", 0, "11 commands registered (42)"},
		{"global", []string{"register"}, map[string]string{"DISCORD_TOKEN": "tok-secret", "DISCORD_APP_ID": "77"}, http.StatusOK,
			"/applications/77/commands", 0, "11 commands registered (every server)"},
		{"Discord refuses", []string{"register"}, map[string]string{"DISCORD_TOKEN": "tok-secret", "DISCORD_APP_ID": "77"}, http.StatusBadRequest,
			"/applications/77/commands", 1, "Discord refused"},
		{"no token", []string{"register"}, map[string]string{"DISCORD_APP_ID": "77"}, 0, "", 2, "DISCORD_TOKEN"},
		{"no subcommand", nil, map[string]string{}, 0, "", 2, "  register  register the slash commands with Discord"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := discordtest.NewREST(t, func(method, path string, body []byte) (int, string) {
				if tt.status != http.StatusOK {
					return tt.status, `{"message": "Invalid Form Body", "code": 50035}`
				}
				return http.StatusOK, string(body)
			})
			var out, errOut bytes.Buffer
			code := runArgs(context.Background(), append([]string{"commands"}, tt.args...), func(k string) string { return tt.env[k] }, strings.NewReader(""), &out, &errOut)
			if code != tt.code {
				t.Fatalf("exit %d, want %d (stdout %s, stderr %s)", code, tt.code, out.String(), errOut.String())
			}
			if !strings.Contains(out.String()+errOut.String(), tt.out) {
				t.Errorf("output %q %q lacks %q", out.String(), errOut.String(), tt.out)
			}
			if strings.Contains(out.String()+errOut.String(), "tok-secret") {
				t.Error("the token was printed")
			}
			if tt.wantPath == "" {
				if n := len(fake.Calls()); n != 0 {
					t.Errorf("%d calls to Discord", n)
				}
				return
			}
			calls := fake.Calls()
			if len(calls) == 0 {
				t.Fatal("Discord was not called")
			}
			c := calls[0]
			if c.Method != http.MethodPut || !strings.HasSuffix(c.Path, tt.wantPath) {
				t.Errorf("%s %s, want PUT …%s", c.Method, c.Path, tt.wantPath)
			}
			if c.Auth != "Bot tok-secret" {
				t.Errorf("Authorization %q", c.Auth)
			}
			var cmds []struct {
				Name              string            `json:"name"`
				NameLocalizations map[string]string `json:"name_localizations"`
			}
			if err := json.Unmarshal(c.Body, &cmds); err != nil {
				t.Fatal(err)
			}
			names := map[string]string{}
			for _, cmd := range cmds {
				if cmd.NameLocalizations != nil {
					names[cmd.Name] = cmd.NameLocalizations["fr"] + "/" + cmd.NameLocalizations["ja"]
				}
			}
			for cmd, want := range map[string]string{"ruling": "décision/裁定", "rule": "règle/ルール", "Find rulings": "Trouver des décisions/裁定を探す"} {
				if names[cmd] != want {
					t.Errorf("%s localized as %q, want %q", cmd, names[cmd], want)
				}
			}
		})
	}
}

// TestConsolePasteExample runs testdata/console/paste.txt, the example of
// the README: a pasted scenario, then three steps.
func TestConsolePasteExample(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(filepath.Join("testdata", "console", "paste.txt"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runConsole(t, nil, []string{"--lang", "fr"}, strings.TrimRight(string(src), "\n"))
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if sub, ok := testutil.HasAll(out, "(Étape 0 sur 4)", "(Étape 3 sur 4)", "Grizzlis (Grizzly Bears) ne peut pas bloquer Ange de Serra (Serra Angel). (RC 702.9b)"); !ok {
		t.Errorf("output lacks %q:\n%s", sub, out)
	}
}

// TestConsoleReportExample runs testdata/console/report.txt, the example
// of the README: an answer reported from its button, the report confirmed,
// and the answer again, marked corrected.
func TestConsoleReportExample(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(filepath.Join("testdata", "console", "report.txt"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runConsole(t, nil, nil, strings.TrimRight(string(src), "\n"))
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if sub, ok := testutil.HasAll(out, "## Report a wrong answer", "Thank you: your report is #1.", "1 report open:",
		"Report #1 confirmed", "✅ Reported and corrected"); !ok {
		t.Errorf("output lacks %q:\n%s", sub, out)
	}
	// The reported answer opened on 707.8a, the rule on a token that
	// copies a double-faced card; once the report is confirmed, the
	// question and its paraphrases (in English and in Japanese) open on
	// the rule the reviewer named, and say so.
	before, after, _ := strings.Cut(out, "Report #1 confirmed")
	if !strings.Contains(before, "Rule 707.8a: “If an effect creates a token") {
		t.Errorf("the reported answer does not open on rule 707.8a:\n%s", before)
	}
	if n := strings.Count(after, "✅"); n != 3 {
		t.Errorf("%d answers say they were corrected after the confirmation, want 3:\n%s", n, after)
	}
	// An answer's first line, the sentence that answers, comes before
	// its count of results.
	lines := strings.Split(after, "\n")
	opened := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "Results 1–") && i > 0 {
			if !strings.Contains(lines[i-1], "707.8") {
				t.Errorf("a corrected answer opens on %q, not on the confirmed rule", lines[i-1])
			}
			opened++
		}
	}
	if opened != 3 {
		t.Errorf("%d answers after the confirmation, want 3:\n%s", opened, after)
	}
}

// TestConsolePlayItOut plays a question's board out in the console, on
// an index built with the cards it names: the answer's Play it out
// button, a move chosen with @N, its events, the next moves, Undo.
func TestConsolePlayItOut(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cards := filepath.Join(dir, "cards.jsonl")
	if err := os.WriteFile(cards, testutil.CardLines(t, "Shock"), 0o644); err != nil {
		t.Fatal(err)
	}
	ix := filepath.Join(dir, "index")
	var out, errOut bytes.Buffer
	if code := runArgs(context.Background(), []string{"kb", "build", "--quiet", "--out", ix, "--cards", cards}, func(string) string { return "" },
		strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("kb build: %d %s", code, errOut.String())
	}
	// The answer's buttons depend on what it cites: find Play it out's.
	q := "/ruling Can I Shock a creature that phased out?"
	_, first, _ := runConsole(t, nil, []string{"--index", ix, "--lang", "en"}, q)
	m := regexp.MustCompile(`\[(\d+)\] Play it out`).FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("no Play it out button in\n%s", first)
	}
	code, got, stderr := runConsole(t, nil, []string{"--index", ix, "--lang", "en"}, q, "!"+m[1], "@2", "@1", "!1")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, got)
	}
	for _, want := range []string{
		"## Play it out: Can I Shock a creature that phased out?",
		"• Creature is phased out, as the question says.",
		"  @2 Alice casts Shock targeting Bob. (CR 601.2)",
		"Move 1: Alice casts Shock targeting Bob.",
		"  @1 Pass priority: Shock resolves. (CR 608.2)",
		"Turn 3, precombat main phase — Shock deals 2 damage to Bob. (CR 120.3)",
		"[1] Undo  [2] Start again  [3] Edit the board",
		"(1 move · Alice's turn, precombat main phase)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}
