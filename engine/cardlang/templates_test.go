package cardlang

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// templateCases lists, for each template of the compiler, real cards of
// the cards data whose text it reads. Their compiled form is in
// testdata/templates/<template>.golden, each reviewed against the card's
// Oracle text.
func templateCases() map[string][]string {
	return map[string][]string{
		"ability word":                           {"Lotus Cobra", "Mox Opal", "Ghor-Clan Rampager", "Ardent Recruit"},
		"activated ability":                      {"Sol Ring", "Prodigal Sorcerer", "Shivan Dragon", "Icy Manipulator"},
		"add mana":                               {"Dark Ritual", "Llanowar Elves", "Birds of Paradise", "Adarkar Wastes", "Coldsteel Heart"},
		"additional cost":                        {"Altar's Reap", "Bone Splinters", "Tormenting Voice", "Goblin Grenade"},
		"as enters, choose":                      {"Coldsteel Heart", "Shimmerdrift Vale"},
		"attach":                                 {"Ancestral Blade", "Bramble Armor", "Auriok Windwalker", "Hero's Blade"},
		"basic land type":                        {"Forest", "Island", "Badlands", "Ketria Triome"},
		"can't be regenerated":                   {"Wrath of God", "Terminate", "Dark Banishing", "Pillage"},
		"counter spell":                          {"Counterspell", "Negate", "Mana Leak", "Annul", "Dovin's Veto"},
		"counters":                               {"Ajani's Pridemate", "Spike Feeder", "Burst of Strength", "Angelfire Ignition"},
		"create token":                           {"Dragon Fodder", "Beast Within", "Imperious Perfect", "Advent of the Wurm", "Bake into a Pie"},
		"damage":                                 {"Lightning Bolt", "Shock", "Prodigal Sorcerer", "Pyroclasm", "Aftershock"},
		"delayed trigger":                        {"Flickerwisp", "Crumbling Colossus", "Argent Sphinx", "Clockwork Beetle", "Rally the Ancestors"},
		"destroy":                                {"Murder", "Doom Blade", "Disenchant", "Wrath of God", "Austere Command", "Terror"},
		"discard":                                {"Mind Rot", "Ravenous Rats", "Merfolk Looter", "Abyssal Specter"},
		"draw":                                   {"Harmonize", "Mulldrifter", "Jayemdae Tome", "Bad Deal"},
		"exile":                                  {"Momentary Blink", "Swords to Plowshares", "Blade Banish", "Apostle of Purifying Light"},
		"fight":                                  {"Prey Upon", "Pit Fight", "Pheres-Band Brawler", "Ayula, Queen Among Bears"},
		"gain control":                           {"Act of Treason", "Threaten", "Brand", "Keiga, the Tide Star"},
		"if":                                     {"Into the Roil", "Fated Intervention", "Peppersmoke", "Arterial Flow"},
		"if you do":                              {"Mask of Memory", "Daring Saboteur", "Angelic Renewal", "Geothermal Kami"},
		"intervening if":                         {"Dragonmaster Outcast", "Citanul Woodreaders", "Convalescence", "Ajani's Comrade"},
		"investigate":                            {"Thraben Inspector", "Foul Play"},
		"keyword line":                           {"Serra Angel", "Air Elemental", "Pacifism", "White Knight", "Vampire Cutthroat", "Sundering Vitae"},
		"life":                                   {"Healing Salve", "Stream of Life", "Jungle Hollow", "Absorb"},
		"limit":                                  {"Temple of the False God", "Disrupting Scepter", "Wall of Roots", "Alaborn Veteran", "Cabal Torturer"},
		"may":                                    {"Gravedigger", "Eternal Witness", "Verduran Enchantress", "Synapse Sliver", "Brood Sliver"},
		"mill":                                   {"Millstone", "Jace Beleren", "Thought Scour", "Countermand"},
		"modes":                                  {"Healing Salve", "Boros Charm", "Abrade", "Artful Takedown", "Charming Prince"},
		"phase out":                              {"Teferi's Protection", "Guardian of Faith", "Rainbow Efreet", "Sapphire Charm", "Reality Ripple"},
		"phases in tapped":                       {"Oubliette"},
		"player restriction":                     {"Teferi's Protection"},
		"prevent damage":                         {"Fog", "Healing Salve", "Samite Healer", "Benalish Missionary"},
		"prevention":                             {"Fog", "Samite Healer", "Gaseous Form", "Everdawn Champion"},
		"pump":                                   {"Giant Growth", "Shivan Dragon", "Overrun", "Uncanny Speed", "Dire Fleet Poisoner"},
		"put on library":                         {"Time Ebb", "Azorius Charm", "Forced Landing", "Dark Revenant"},
		"regenerate":                             {"Drudge Skeletons", "Regeneration", "Boon of Erebos", "Black Poplar Shaman"},
		"restriction":                            {"Rogue's Passage", "Frost Lynx", "Unearthly Blizzard", "Awe for the Guilds"},
		"restriction: block only":                {"Cloud Elemental", "Tattered Haunter"},
		"restriction: can't":                     {"Pacifism", "Phantom Warrior", "Basalt Monolith", "Arlinn's Wolf", "Cloak of Invisibility"},
		"restriction: must attack":               {"Juggernaut", "Bloodshed Fever"},
		"restriction: must block":                {"Grand Melee", "Razorgrass Screen"},
		"return to hand":                         {"Unsummon", "Raise Dead", "Man-o'-War", "Azorius Chancery", "Rancor"},
		"return to the battlefield":              {"Resurrection", "Cloudshift", "Eldrazi Displacer", "Debtors' Knell", "Oblivion Ring", "Fiend Hunter"},
		"sacrifice":                              {"Diabolic Edict", "Fleshbag Marauder", "Barter in Blood", "Arc Runner"},
		"scry":                                   {"Opt", "Serum Visions", "Magma Jet", "Dazzling Lights"},
		"static: as long as":                     {"Kird Ape", "Wild Nacatl", "Nimble Mongoose", "Ahn-Crop Invader", "Academy Drake"},
		"enters as a copy":                       {"Clone"},
		"trigger: blocks_or_blocked":             {"Dream Fighter", "Ashmouth Hound", "Inferno Elemental", "Flailing Drake"},
		"player chooses a type":                  {"Teferi's Realm"},
		"pay any number of times":                {"Spectral Adversary"},
		"reflexive trigger":                      {"Spectral Adversary"},
		"phase in and out":                       {"Time and Tide"},
		"phase them out":                         {"Out of Time"},
		"static: characteristic-defining colour": {"Ghostfire", "Transguild Courier"},
		"static: multiply":                       {"Doubling Season", "Hardened Scales", "Corpsejack Menace", "Parallel Lives", "Anointed Procession"},
		"static: costs less":                     {"March of Swirling Mist"},
		"if it would die this turn, exile it instead": {"Bleed Dry"},
		"restriction: tap abilities":                  {"Katabatic Winds"},
		"if it is, instead":                           {"Divine Smite"},
		"static: can't be countered":                  {"Abrupt Decay", "Carnage Tyrant"},
		"static: characteristic-defining P/T":         {"Maro", "Master of Etherium", "Crusader of Odric"},
		"static: control enchanted":                   {"Control Magic", "Confiscate", "Spirit Away"},
		"static: enters tapped":                       {"Forgotten Cave", "Selesnya Sanctuary", "Teferi's Isle"},
		"static: enters with counters":                {"Spike Feeder", "Feral Hydra", "Mistcutter Hydra", "Bloodied Ghost"},
		"static: grant":                               {"Lightning Greaves", "Goblin King", "Absolute Law", "Teferi's Curse"},
		"static: if it would die, exile it instead":   {"Possessed Skaab", "Gloomshrieker"},
		"static: no maximum hand size":                {"Reliquary Tower", "Thought Vessel"},
		"static: pump":                                {"Glorious Anthem", "Unholy Strength", "Lord of Atlantis", "Always Watching", "Weakness"},
		"static: pump for each":                       {"Blanchwood Armor", "Cranial Plating", "Liliana's Elite"},
		"tap or untap":                                {"Icy Manipulator", "Basalt Monolith", "Claustrophobia", "Press for Answers"},
		"trigger: attacks":                            {"Seasoned Marshal", "Argentum Armor", "Caltrops", "Teferi's Veil"},
		"trigger: attacks_or_blocks":                  {"Howling Golem", "Smuggler's Copter", "Powerstone Minefield"},
		"trigger: becomes_blocked":                    {"Slate Street Ruffian", "Bestial Fury", "Leery Fogbeast"},
		"trigger: becomes_tapped":                     {"Lifetap", "Spirit Shackle", "Vampire Envoy"},
		"trigger: becomes_target":                     {"Phantasmal Bear", "Cowardice", "Daru Spiritualist"},
		"trigger: beginning of step":                  {"Phyrexian Arena", "Ball Lightning", "Barbed Wire", "Crystal Golem", "Ajani's Comrade"},
		"trigger: blocks":                             {"Cinder Wall", "Shu Defender", "Noble Stand"},
		"trigger: cast":                               {"Verduran Enchantress", "Guttersnipe", "Kykar, Wind's Fury", "Aether Sting", "Bog Gnarr"},
		"trigger: deals_damage":                       {"Abyssal Specter", "Thieving Magpie", "Lowland Basilisk", "Brago, King Eternal"},
		"trigger: dealt_damage":                       {"Fungusaur", "Death Pits of Rath", "Ripjaw Raptor", "Hot Soup"},
		"trigger: dies":                               {"Rancor", "Skullclamp", "Doomed Traveler", "Angelic Renewal", "Bereavement"},
		"trigger: discards":                           {"Megrim", "Liliana's Caress"},
		"trigger: draws":                              {"Underworld Dreams", "Psychosis Crawler"},
		"trigger: enters":                             {"Ravenous Chupacabra", "Gravedigger", "Mulldrifter", "Man-o'-War", "Carnival of Souls"},
		"trigger: gains life":                         {"Ajani's Pridemate", "Archangel of Thune"},
		"trigger: leaves":                             {"Thragtusk", "Reveillark"},
		"trigger: phases_in":                          {"Shimmering Efreet", "Teferi's Imp", "Warping Wurm"},
		"trigger: phases_out":                         {"Teferi's Imp"},
		"trigger: put_into_graveyard":                 {"Skola Grovedancer"},
		"unless you pay":                              {"Force of Nature", "Phantasmal Forces", "Vaporous Djinn"},
	}
}

// TestTemplates compiles the cards of each template and compares their
// compiled form with the reviewed golden file.
func TestTemplates(t *testing.T) {
	sources(t)
	cp := NewCompiler()
	for tmpl, names := range templateCases() {
		t.Run(tmpl, func(t *testing.T) {
			var b strings.Builder
			for _, name := range names {
				s := sourceByName(t, name)
				c, used, err := cp.CompileTemplates(s)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				if !slices.Contains(used, tmpl) {
					t.Errorf("%s compiles without the template %q (used: %v)", name, tmpl, used)
				}
				b.WriteString("== " + name + "\n" + s.Text + "\n--\n" + c.String() + "\n")
			}
			checkGolden(t, filepath.Join("testdata", "templates", fileName(tmpl)+".golden"), b.String())
		})
	}
}

// TestEveryTemplateHasCases checks that every template the compiler uses
// on the cards data has cards in templateCases.
func TestEveryTemplateHasCases(t *testing.T) {
	t.Parallel()
	cases := templateCases()
	seen := map[string]bool{}
	for _, r := range allCompiled(t) {
		if r.err != nil {
			continue
		}
		for _, u := range r.used {
			seen[u] = true
		}
	}
	for u := range seen {
		if _, ok := cases[u]; !ok {
			t.Errorf("template %q has no cards in templateCases", u)
		}
	}
	for tmpl := range cases {
		if !seen[tmpl] {
			t.Errorf("templateCases lists %q, a template no card uses", tmpl)
		}
	}
}

// fileName turns a template's name into a file name.
func fileName(s string) string {
	return strings.NewReplacer(" ", "-", ":", "", ",", "", "'", "", "/", "-").Replace(s)
}

// checkGolden compares got with the golden file, or rewrites it with
// -update.
func checkGolden(t *testing.T, file, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test ./engine/cardlang -update and review the diff)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run go test ./engine/cardlang -update and review the diff):\n%s", file, firstDiff(string(want), got))
	}
}

// firstDiff describes the first line where want and got differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n want: " + a + "\n  got: " + b
		}
	}
	return ""
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for n > 0 {
		d = append([]byte{byte('0' + n%10)}, d...)
		n /= 10
	}
	return string(d)
}
